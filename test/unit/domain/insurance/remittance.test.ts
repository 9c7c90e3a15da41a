import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchAcks, parse277CA } from '../../../../domain/insurance/x12/claim-ack-277.ts';
import { parse835 } from '../../../../domain/insurance/era.ts';
import { eraKey, proposePosting, type ClaimForPosting } from '../../../../domain/insurance/era-posting.ts';

const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../../../fixtures/x12', name), 'utf8');
const NOTHING_POSTED = { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 };

const MAREN_OFFICE: ClaimForPosting = {
  claimId: 'claim-1', clientId: 'client-maren', patientControlNumber: 'C26112500001', payerClaimNumbers: ['E2026112600481'], memberId: 'W123456789', chargeCents: 14000,
  lines: [{ lineId: 'l1a', lineControlNumber: 'L26112500001A', procedureCode: '90834', modifiers: [], serviceDate: '2026-11-16', chargeCents: 14000 }],
  posted: NOTHING_POSTED,
};
const MAREN_VIDEO: ClaimForPosting = {
  claimId: 'claim-3', clientId: 'client-maren', patientControlNumber: 'C26112500003', payerClaimNumbers: [], memberId: 'W123456789', chargeCents: 18000,
  lines: [{ lineId: 'l3a', lineControlNumber: 'L26112500003A', procedureCode: '90837', modifiers: ['95'], serviceDate: '2026-11-18', chargeCents: 18000 }],
  posted: NOTHING_POSTED,
};
const MAREN_EARLIER: ClaimForPosting = {
  claimId: 'claim-21', clientId: 'client-maren', patientControlNumber: 'C26111800021', payerClaimNumbers: ['E2026112000334'], memberId: 'W123456789', chargeCents: 14000,
  lines: [{ lineId: 'l21a', lineControlNumber: 'L26111800021A', procedureCode: '90834', modifiers: [], serviceDate: '2026-11-05', chargeCents: 14000 }],
  posted: NOTHING_POSTED,
};
const BAO: ClaimForPosting = {
  claimId: 'claim-4', clientId: 'client-bao', patientControlNumber: 'C26112500004', payerClaimNumbers: [], memberId: 'OR4456123', chargeCents: 73050,
  lines: [
    { lineId: 'l4a', lineControlNumber: 'L26112500004A', procedureCode: '90791', modifiers: ['HO'], serviceDate: '2026-11-02', chargeCents: 22000 },
    { lineId: 'l4b', lineControlNumber: 'L26112500004B', procedureCode: '90837', modifiers: ['HO'], serviceDate: '2026-11-09', chargeCents: 18000 },
    { lineId: 'l4c', lineControlNumber: 'L26112500004C', procedureCode: '90837', modifiers: ['GT', 'HO'], serviceDate: '2026-11-16', chargeCents: 18000 },
    { lineId: 'l4d', lineControlNumber: 'L26112500004D', procedureCode: '90847', modifiers: ['U4', 'HO'], serviceDate: '2026-11-23', chargeCents: 15050 },
  ],
  posted: NOTHING_POSTED,
};
const BAO_OVERPAID: ClaimForPosting = {
  claimId: 'claim-old', clientId: 'client-bao', patientControlNumber: 'C26102000009', payerClaimNumbers: ['2026301000077'], memberId: 'OR4456123', chargeCents: 18000,
  lines: [{ lineId: 'lold', procedureCode: '90837', modifiers: ['HO'], serviceDate: '2026-10-20', chargeCents: 18000 }],
  posted: { eraKeys: ['ORDHS/EFT2026110400102/2026-11-04'], adjudicatedLineIds: ['lold'], paidCents: 14000, patientResponsibilityCents: 0 },
};

describe('277CA claim acknowledgment', () => {
  const acks = parse277CA(fixture('277ca-accepted-and-rejected.x12'));

  it('reads accepted claims with the payer’s claim number, and rejected ones with every STC reason', () => {
    expect(acks.map((a) => [a.patientControlNumber, a.status, a.payerClaimNumber])).toEqual([
      ['C26112500001', 'accepted', 'E2026112600481'],
      ['C26112500002', 'accepted', 'E2026112600482'],
      ['C26112500005', 'rejected', undefined],
      ['C26119999999', 'rejected', undefined],
    ]);
    expect(acks[2].reasons.map((r) => r.text)).toEqual([
      "Rejected for invalid information: entity's National Provider Identifier (NPI) (rendering provider)",
      'Rejected for invalid information: procedure code modifier(s) for services rendered',
      'Rejected for invalid information: procedure code modifier(s) for services rendered',
    ]);
    expect(acks[2].reasons[2]).toMatchObject({ category: 'A7', code: '453', procedureCode: '90837' });
    expect(acks[3].reasons).toEqual([{ category: 'A6', code: '33', entity: 'IL', text: 'Rejected for missing information: subscriber and subscriber id not found (subscriber)' }]);
    expect(acks[0]).toMatchObject({ chargeCents: 14000, date: '2026-11-26', clearinghouseTrace: 'STD7781200' });
  });

  it('matches on the patient control number and leaves an unknown one unmatched', () => {
    const ours = [{ patientControlNumber: 'C26112500001' }, { patientControlNumber: 'c26112500002' }, { patientControlNumber: 'C26112500005' }];
    const { matched, unmatched } = matchAcks(acks, ours);
    expect(matched.map((m) => `${m.claim.patientControlNumber}:${m.ack.status}`)).toEqual(['C26112500001:accepted', 'c26112500002:accepted', 'C26112500005:rejected']);
    expect(unmatched.map((a) => a.patientControlNumber)).toEqual(['C26119999999']);
  });
});

describe('835 payment advice and the posting proposal', () => {
  it('reads the payment, the payer and each claim with its adjustments, remarks and lines', () => {
    const era = parse835(fixture('835-aetna-paid-partial-denied-unknown.x12'));
    expect(era).toMatchObject({ handling: 'I', totalPaidCents: 20850, method: 'ACH', paymentDate: '2026-12-01', traceNumber: 'EFT2026120100017', payerName: 'AETNA', payerId: '60054', payeeNpi: '1234567893' });
    expect(era.claims.map((c) => [c.patientControlNumber, c.statusCode, c.chargeCents, c.paidCents, c.patientResponsibilityCents])).toEqual([
      ['C26112500001', '1', 14000, 9850, 0],
      ['C26112500003', '1', 18000, 5000, 8000],
      ['C26111800021', '4', 14000, 0, 0],
      ['C26119999999', '1', 9500, 6000, 0],
    ]);
    expect(era.claims[1].lines[0]).toEqual({
      procedureCode: '90837', modifiers: [], chargeCents: 18000, paidCents: 5000, units: 1, serviceDate: '2026-11-18', allowedCents: 13000, remarks: ['N130'],
      adjustments: [{ group: 'CO', reason: '45', amountCents: 5000 }, { group: 'PR', reason: '1', amountCents: 5000 }, { group: 'PR', reason: '3', amountCents: 3000 }],
    });
  });

  it('proposes paid, partially paid with the client’s share (modifier dropped by the payer), denied, and holds the unknown claim', () => {
    const p = proposePosting(parse835(fixture('835-aetna-paid-partial-denied-unknown.x12')), [MAREN_OFFICE, MAREN_VIDEO, MAREN_EARLIER]);
    expect(p.balanced).toBe(true);
    expect(p.claims.map((c) => [c.claimId, c.matchedBy, c.paidCents, c.patientResponsibilityCents, c.nextStage])).toEqual([
      ['claim-1', 'patientControlNumber', 9850, 0, 'paid'],
      ['claim-3', 'patientControlNumber', 5000, 8000, 'paid'],
      ['claim-21', 'patientControlNumber', 0, 0, 'denied'],
    ]);
    expect(p.claims[1].lines).toEqual([expect.objectContaining({ lineId: 'l3a', matchedBy: 'procedureAndDateWithoutModifiers', allowedCents: 13000, patientResponsibilityCents: 8000 })]);
    expect(p.claims[1].adjustments).toEqual([{ group: 'CO', reason: '45', amountCents: 5000 }, { group: 'PR', reason: '1', amountCents: 5000 }, { group: 'PR', reason: '3', amountCents: 3000 }]);
    expect(p.claims[2]).toMatchObject({ adjustments: [{ group: 'CO', reason: '197', amountCents: 14000 }], remarks: ['M62'] });
    expect(p.ledger).toEqual([
      { kind: 'insurancePayment', amountCents: 9850, claimId: 'claim-1', clientId: 'client-maren', note: 'E2026112600481' },
      { kind: 'insurancePayment', amountCents: 5000, claimId: 'claim-3', clientId: 'client-maren', note: 'E2026112700911' },
      { kind: 'clientResponsibility', amountCents: 8000, claimId: 'claim-3', clientId: 'client-maren' },
    ]);
    expect(p.held).toEqual([{ kind: 'claim', item: 3, why: 'noMatch', reference: 'C26119999999', amountCents: 6000, reason: 'No claim of ours has patient control number C26119999999 or payer claim number E2026112700999: match it by hand; nothing was posted.' }]);
  });

  it('falls back to the payer’s claim number when the patient control number is mangled', () => {
    const era = parse835(fixture('835-aetna-paid-partial-denied-unknown.x12'));
    era.claims[0].patientControlNumber = 'C2611250000';
    const p = proposePosting(era, [MAREN_OFFICE]);
    expect(p.claims[0]).toMatchObject({ claimId: 'claim-1', matchedBy: 'payerClaimNumber' });
  });

  it('holds a claim whose service line matches none of ours instead of posting it', () => {
    const p = proposePosting(parse835(fixture('835-aetna-paid-partial-denied-unknown.x12')), [{ ...MAREN_VIDEO, lines: [{ ...MAREN_VIDEO.lines[0], serviceDate: '2026-11-19' }] }]);
    expect(p.claims).toEqual([]);
    expect(p.ledger).toEqual([]);
    expect(p.held.map((h) => h.reference)).toEqual(['C26112500001', 'C26112500003', 'C26111800021', 'C26119999999']);
    expect(p.held[1].reason).toBe('A service line of C26112500003 in the ERA matches no line of claim C26112500003 (or more than one): match it by hand; nothing was posted.');
  });

  it('a claim paid across two ERAs is partially paid after the first and paid after the second; PLB takeback and interest post on their claims', () => {
    const first = parse835(fixture('835-medicaid-split-first.x12'));
    const p1 = proposePosting(first, [BAO, BAO_OVERPAID]);
    expect(p1.balanced).toBe(true);
    expect(p1.claims.map((c) => [c.claimId, c.paidCents, c.nextStage, c.lines.map((l) => `${l.lineId}:${l.matchedBy}`)])).toEqual([
      ['claim-4', 25000, 'partiallyPaid', ['l4a:lineControlNumber', 'l4b:lineControlNumber']],
    ]);
    expect(p1.ledger).toEqual([
      { kind: 'insurancePayment', amountCents: 25000, claimId: 'claim-4', clientId: 'client-bao', note: '2026336000118' },
      { kind: 'takeback', amountCents: -4000, claimId: 'claim-old', clientId: 'client-bao', note: 'WO 2026301000077' },
      { kind: 'interest', amountCents: 215, claimId: 'claim-4', clientId: 'client-bao', note: 'L6 C26112500004' },
    ]);
    const afterFirst: ClaimForPosting = { ...BAO, payerClaimNumbers: ['2026336000118'], posted: { eraKeys: [eraKey(first)], adjudicatedLineIds: ['l4a', 'l4b'], paidCents: 25000, patientResponsibilityCents: 0 } };
    const p2 = proposePosting(parse835(fixture('835-medicaid-split-second.x12')), [afterFirst]);
    expect(p2.claims.map((c) => [c.claimId, c.paidCents, c.nextStage])).toEqual([['claim-4', 26050, 'paid']]);
    // The first ERA again: nothing posted twice.
    const again = proposePosting(first, [afterFirst, BAO_OVERPAID]);
    expect(again.claims).toEqual([]);
    expect(again.held[0].reason).toBe('This ERA (ORDHS/EFT2026120200311/2026-12-02) is already posted on claim C26112500004: nothing was posted again.');
  });

  it('holds a takeback that names no claim of ours', () => {
    const p = proposePosting(parse835(fixture('835-medicaid-split-first.x12')), [BAO]);
    expect(p.held).toEqual([{ kind: 'providerAdjustment', why: 'takeback', reference: '2026301000077', amountCents: -4000, reason: 'The payer takes back $40.00 (WO) for 2026301000077, which names no claim of ours: find the overpaid claim and post the takeback on it by hand.' }]);
    expect(p.ledger.map((l) => l.kind)).toEqual(['insurancePayment', 'interest']);
  });

  it('a reversal (CLP02 22) takes the earlier payment back and the re-adjudication posts the new one', () => {
    const paid: ClaimForPosting = { ...MAREN_OFFICE, posted: { eraKeys: ['60054/EFT2026120100017/2026-12-01'], adjudicatedLineIds: ['l1a'], paidCents: 9850, patientResponsibilityCents: 0 } };
    const p = proposePosting(parse835(fixture('835-aetna-reversal.x12')), [paid]);
    expect(p.balanced).toBe(true);
    expect(p.claims.map((c) => [c.kind, c.paidCents, c.patientResponsibilityCents, c.nextStage])).toEqual([
      ['reversal', -9850, 0, 'paymentReport'],
      ['payment', 9000, 850, 'paid'],
    ]);
    expect(p.ledger).toEqual([
      { kind: 'insuranceReversal', amountCents: -9850, claimId: 'claim-1', clientId: 'client-maren', note: 'E2026112600481' },
      { kind: 'insurancePayment', amountCents: 9000, claimId: 'claim-1', clientId: 'client-maren', note: 'E2026121500055' },
      { kind: 'clientResponsibility', amountCents: 850, claimId: 'claim-1', clientId: 'client-maren' },
      { kind: 'forwardedBalance', amountCents: 850, claimId: 'claim-1', clientId: 'client-maren', note: 'FB E2026121500055' },
    ]);
  });

  it('flags an ERA whose payment does not equal its claims less its provider adjustments', () => {
    const raw = fixture('835-aetna-paid-partial-denied-unknown.x12').replace('BPR*I*208.5*', 'BPR*I*208.4*');
    const p = proposePosting(parse835(raw), [MAREN_OFFICE]);
    expect([p.balanced, p.imbalanceCents]).toEqual([false, 10]);
  });
});
