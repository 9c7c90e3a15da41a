// Claims from session lines (issue 16, domain/insurance/claims.ts) and the local sandbox's answers to
// them (functions/shared/clearinghouse/sandbox-claims.ts): the patient control number, the bundle
// built from the record (a dependent gets the patient loop, telehealth its modifier, missing data
// stays empty for the scrubber to name), and the sandbox's 277CA and 835s as X12 our readers take.
import { describe, expect, it } from 'vitest';
import { billingProviderOf, buildClaimBundle, claimIdFor, filingCodeOf } from '../../../../domain/insurance/claims.ts';
import { scrubClaim } from '../../../../domain/insurance/scrub.ts';
import { build837P } from '../../../../domain/insurance/x12/claim-837p.ts';
import { check837P } from '../../../../domain/insurance/x12/check-837p.ts';
import { parse277CA } from '../../../../domain/insurance/x12/claim-ack-277.ts';
import { eraImbalanceCents, parse835 } from '../../../../domain/insurance/era.ts';
import { readSubmitted837, sandbox277, sandbox835 } from '../../../../functions/shared/clearinghouse/sandbox-claims.ts';

const setting = { providerInfo: { type: 'organization', practiceName: 'Owens Family Therapy', npi: '1234567893', taxonomyCode: '101YM0800X', address: { street: '410 NW 10th Ave', city: 'Portland', state: 'OR', zip: '97209-3312' } }, serviceLocation: { includeInClaim: false } };
const billing = billingProviderOf(setting, { taxId: '12-3456789' });
const line = { id: '6f1c2a8e-4b7d-4c1e-9a55-0d3b2f7e8c91', date: '2026-11-16', serviceCode: '90834', units: 1, feeCents: 14000, placeOfService: '10' };
const client = { personalDetail: { first: 'Jordan', last: 'Reyes' }, dateOfBirth: '02/14/2009', gender: 'male', address: { line1: '12 Oak St', city: 'Portland', state: 'OR', zip: '97209-1234' } };
const clinician = { provider: { firstName: 'Olivia', lastName: 'Owens', npi: '1987654328', taxonomyCode: '101YP2500X' } };
const insurance = (memberId: string, diagnoses: string[] = ['F43.23']) => ({
  insuranceInfo: { payerId: '60054', memberId, primaryInsured: { relationship: 'child', firstName: 'Maria', lastName: 'Reyes', dateOfBirth: '06/02/1968', gender: 'female', address: { line1: '12 Oak St', city: 'Portland', state: 'OR', zip: '97209-1234' } } },
  additionalClaimInfo: { diagnoses },
});
const bundleOf = (memberId: string, diagnoses?: string[]) => buildClaimBundle({ claimId: claimIdFor(line.id), line, client, insurance: insurance(memberId, diagnoses), payerName: 'Aetna', clinician, insuranceSetting: setting, frequencyCode: '1' });
const fileOf = (memberId: string) => build837P({
  submitter: { name: 'OWENS FAMILY THERAPY', id: '1234567893', contactName: 'BILLING OFFICE', phone: '5035550142' }, receiver: { name: 'SANDBOX', id: 'SANDBOX' },
  billing, claims: [bundleOf(memberId)], control: { interchange: 7, group: 7, transaction: 1 }, createdAt: new Date('2026-11-26T09:00:00Z'), usage: 'T',
});

describe('claims from session lines', () => {
  it('the patient control number is the line id folded to at most 20 letters and digits, the same every time', () => {
    expect(claimIdFor(line.id)).toMatch(/^C[A-Z0-9]{1,19}$/);
    expect(claimIdFor(line.id)).toBe(claimIdFor(line.id));
    expect(claimIdFor(line.id)).not.toBe(claimIdFor(line.id.replace(/1$/, '2')));
    expect(claimIdFor('appt-12')).toBe('CAPPT12');
    expect(filingCodeOf('Blue Cross Blue Shield of Texas')).toBe('BL');
    expect(filingCodeOf('Aetna')).toBe('CI');
  });

  it('a dependent gets the patient loop, telehealth its 95 modifier, and the file passes the 837P check', () => {
    const b = bundleOf('SBX100000001');
    expect(b.patient).toMatchObject({ relationship: '19', name: { first: 'Jordan', last: 'Reyes' }, dateOfBirth: '2009-02-14', gender: 'M' });
    expect(b.subscriber).toMatchObject({ name: { first: 'Maria', last: 'Reyes' }, dateOfBirth: '1968-06-02', gender: 'F', memberId: 'SBX100000001' });
    expect(b.claim).toMatchObject({ placeOfService: '10', diagnoses: ['F43.23'], lines: [{ procedureCode: '90834', chargeCents: 14000, diagnosisPointers: [1] }] });
    expect(scrubClaim(b, { today: '2026-11-26', billing, claimsOnFile: [], authorizations: [] })).toEqual([]);
    const x12 = fileOf('SBX100000001');
    expect(check837P(x12)).toEqual([]);
    expect(x12).toContain('SV1*HC:90834:95*140*UN*1');
  });

  it('missing data stays empty for the scrubber to name (no diagnosis, no clinician NPI)', () => {
    const b = buildClaimBundle({ claimId: 'C1', line, client, insurance: insurance('SBX100000001', []), payerName: 'Aetna', clinician: null, insuranceSetting: setting, frequencyCode: '1' });
    const rules = scrubClaim(b, { today: '2026-11-26', billing, claimsOnFile: [], authorizations: [] }).map((p) => `${p.rule} ${p.field}`);
    expect(rules).toEqual(expect.arrayContaining(['missingDiagnosis claim.diagnoses', 'invalidNpi rendering.npi', 'taxonomyMissing rendering.taxonomy']));
  });
});

describe('the sandbox payer', () => {
  it('acknowledges with a 277CA: rejected for SBX100000008 with its reason, accepted otherwise', () => {
    const claims = [...readSubmitted837(fileOf('SBX100000008')), ...readSubmitted837(fileOf('SBX100000001'))];
    expect(claims[0]).toMatchObject({ memberId: 'SBX100000008', chargeCents: 14000, last: 'REYES', first: 'JORDAN', lines: [{ procedureCode: '90834', modifiers: ['95'], serviceDate: '2026-11-16' }] });
    const acks = parse277CA(sandbox277(claims, 41, new Date('2026-11-26T10:00:00Z')));
    expect(acks.map((a) => a.status)).toEqual(['rejected', 'accepted']);
    expect(acks[0].reasons[0]).toMatchObject({ category: 'A7', code: '562', entity: '85' });
    expect(acks[1].payerClaimNumber).toMatch(/^SBX/);
  });

  it('pays, partly pays, denies, or pays then reverses — every 835 balances to the cent', () => {
    const eraOf = (memberId: string) => sandbox835(readSubmitted837(fileOf(memberId))[0], 100, new Date('2026-11-27T10:00:00Z')).map(parse835);
    const [copay] = eraOf('SBX100000001');
    expect(copay.claims[0]).toMatchObject({ statusCode: '1', paidCents: 11200 - 3000, patientResponsibilityCents: 3000 });
    const [deductible] = eraOf('SBX100000002');
    expect(deductible.claims[0]).toMatchObject({ paidCents: 11200 - 5000 - 1240, patientResponsibilityCents: 6240 });
    const [denied] = eraOf('SBX100000009');
    expect(denied.claims[0]).toMatchObject({ statusCode: '4', paidCents: 0 });
    expect(denied.claims[0].lines[0].adjustments).toEqual([{ group: 'CO', reason: '197', amountCents: 14000 }]);
    const reversed = eraOf('SBX100000010');
    expect(reversed).toHaveLength(2);
    expect(reversed[1].claims.map((c) => [c.statusCode, c.paidCents])).toEqual([['22', -11200], ['1', 12200]]);
    for (const era of [copay, deductible, denied, ...reversed]) expect(eraImbalanceCents(era)).toBe(0);
    expect(eraOf('SBX100000005')).toEqual([]);
  });
});
