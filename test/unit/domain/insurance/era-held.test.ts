/**
 * Held ERA payments (issue 16, session 8): why a payment is held (no match, several candidates), the
 * candidate claims a biller is offered for it (domain/insurance/era-candidates.ts) and the posting
 * of a payment on the claim the biller chose (era-posting.ts handPosting).
 */
import { describe, expect, it } from 'vitest';
import type { Era, EraClaim } from '../../../../domain/insurance/era.ts';
import { candidateClaims, MAX_CANDIDATES } from '../../../../domain/insurance/era-candidates.ts';
import { eraKey, handPosting, proposePosting, type ClaimForPosting } from '../../../../domain/insurance/era-posting.ts';

const NOTHING = { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 };
const claim = (id: string, memberId: string, date: string, chargeCents = 14000, code = '90834'): ClaimForPosting => ({
  claimId: id, clientId: `client-${id}`, patientControlNumber: id, payerClaimNumbers: [], memberId, chargeCents,
  lines: [{ lineId: `${id}L1`, lineControlNumber: `${id}L1`, procedureCode: code, modifiers: [], serviceDate: date, chargeCents }],
  posted: NOTHING,
});
/** A payment of $80 on a $140 90834 of 2026-11-16 with a $30 copay, naming the claim by nothing we know. */
const payment = (over: Partial<EraClaim> = {}): EraClaim => ({
  patientControlNumber: 'MANGLED01', statusCode: '1', chargeCents: 14000, paidCents: 8000, patientResponsibilityCents: 3000, payerClaimNumber: 'PAYER77',
  patient: { last: 'LANE', first: 'AVERY', memberId: 'W12345678' }, adjustments: [{ group: 'PR', reason: '3', amountCents: 3000 }], remarks: [],
  lines: [{ procedureCode: '90834', modifiers: [], chargeCents: 14000, paidCents: 8000, units: 1, serviceDate: '2026-11-16', adjustments: [{ group: 'CO', reason: '45', amountCents: 3000 }], remarks: [] }],
  ...over,
});
const era = (claims: EraClaim[]): Era => ({
  handling: 'I', totalPaidCents: claims.reduce((s, c) => s + c.paidCents, 0), method: 'ACH', paymentDate: '2026-11-26', traceNumber: 'EFT1', payerName: 'AETNA', payerId: '60054', payeeName: 'OWENS', claims, providerAdjustments: [],
});

describe('why a payment is held', () => {
  it('no claim of ours matches: noMatch, with its position in the ERA; a matched one is proposed', () => {
    const p = proposePosting(era([payment({ patientControlNumber: 'C1' }), payment()]), [claim('C1', 'X1', '2026-11-16')]);
    expect(p.claims.map((c) => [c.item, c.claimId])).toEqual([[0, 'C1']]);
    expect(p.held).toEqual([expect.objectContaining({ kind: 'claim', item: 1, why: 'noMatch', reference: 'MANGLED01', amountCents: 8000 })]);
  });

  it('two claims of the member on that date with that code: severalCandidates, nothing proposed', () => {
    const p = proposePosting(era([payment()]), [claim('C1', 'W12345678', '2026-11-16'), claim('C2', 'W12345678', '2026-11-16')]);
    expect(p.claims).toEqual([]);
    expect(p.held).toEqual([expect.objectContaining({ item: 0, why: 'severalCandidates', reason: expect.stringContaining('More than one claim of ours') })]);
  });

  it('a payment resolved by hand is neither proposed nor held again', () => {
    const p = proposePosting(era([payment({ patientControlNumber: 'C1' }), payment()]), [claim('C1', 'X1', '2026-11-16')], new Set([0, 1]));
    expect(p).toMatchObject({ claims: [], held: [] });
  });
});

describe('candidate claims for a held payment', () => {
  const e = era([payment()]);
  it('the same member first, then the same amount on a date near the payment’s; a far date or another amount is no candidate', () => {
    const out = candidateClaims(payment(), [
      claim('far', 'Z9', '2026-10-01'),
      claim('near-amount', 'Z8', '2026-11-20'),
      claim('other-amount', 'Z7', '2026-11-16', 18000, '90837'),
      claim('member', 'w1234-5678', '2026-09-01', 18000, '90837'),
      claim('exact', 'Z6', '2026-11-16'),
    ], eraKey(e));
    expect(out).toEqual([
      { claimId: 'member', reasons: ['sameMember'], daysApart: 76 },
      { claimId: 'exact', reasons: ['sameCharge', 'nearDate', 'sameCode'], daysApart: 0 },
      { claimId: 'near-amount', reasons: ['sameCharge', 'nearDate', 'sameCode'], daysApart: 4 },
    ]);
  });

  it('a claim this ERA is already posted on is no candidate; at most ten are offered', () => {
    const posted = { ...claim('posted', 'W12345678', '2026-11-16'), posted: { ...NOTHING, eraKeys: [eraKey(e)] } };
    const many = Array.from({ length: 14 }, (_, i) => claim(`c${String(i).padStart(2, '0')}`, 'Z1', '2026-11-16'));
    const out = candidateClaims(payment(), [posted, ...many], eraKey(e));
    expect(out).toHaveLength(MAX_CANDIDATES);
    expect(out.map((c) => c.claimId)).not.toContain('posted');
  });
});

describe('posting a held payment on the claim the biller chose', () => {
  it('posts like an automatic match, matchedBy byHand: paid with the amounts', () => {
    const out = handPosting(era([payment()]), 0, claim('C9', 'OTHER', '2026-11-16'));
    expect(out).toEqual({ posting: expect.objectContaining({ claimId: 'C9', matchedBy: 'byHand', kind: 'payment', paidCents: 8000, patientResponsibilityCents: 3000, nextStage: 'paid' }) });
    if ('posting' in out) expect(out.posting.lines).toEqual([expect.objectContaining({ lineId: 'C9L1', matchedBy: 'procedureModifiersAndDate', paidCents: 8000 })]);
  });

  it('lines that differ (the payer changed the date) but as many as the claim’s are paired in order; a claim with more lines is refused', () => {
    const moved = handPosting(era([payment()]), 0, claim('C9', 'OTHER', '2026-11-17'));
    expect('posting' in moved && moved.posting.lines.map((l) => [l.lineId, l.matchedBy])).toEqual([['C9L1', 'byHand']]);
    const two = { ...claim('C8', 'OTHER', '2026-11-16'), lines: [claim('C8', '', '2026-11-17').lines[0], { ...claim('C8', '', '2026-11-18').lines[0], lineId: 'C8L2' }] };
    expect(handPosting(era([payment()]), 0, two)).toEqual({ refusal: 'The payment has 1 service line(s) and claim C8 has 2: choose the claim this payment is for.' });
  });

  it('a claim-level payment without lines pays the whole claim; an ERA already posted on the claim is refused', () => {
    const whole = handPosting(era([payment({ lines: [] })]), 0, claim('C7', 'OTHER', '2026-11-16'));
    expect('posting' in whole && whole.posting.nextStage).toBe('paid');
    const e = era([payment()]);
    expect(handPosting(e, 0, { ...claim('C6', 'OTHER', '2026-11-16'), posted: { ...NOTHING, eraKeys: [eraKey(e)] } })).toEqual({ refusal: 'This ERA is already posted on claim C6: nothing was posted again.' });
    expect(handPosting(e, 3, claim('C6', 'OTHER', '2026-11-16'))).toEqual({ refusal: 'This ERA has no such payment.' });
  });
});
