import { describe, expect, it } from 'vitest';
import { scrubClaim, scrubPasses, type ScrubContext } from '../../../../domain/insurance/scrub.ts';
import type { ClaimBundle } from '../../../../domain/insurance/x12/claim-input.ts';
import { AETNA, BILLING, MEDICAID, MULTIPLE, SELF_SUBSCRIBER, TELEHEALTH } from './claim-fixtures.ts';

const CTX: ScrubContext = { today: '2026-11-25', billing: BILLING, claimsOnFile: [], authorizations: [] };

function withClaim(patch: Partial<ClaimBundle['claim']>, base: ClaimBundle = SELF_SUBSCRIBER): ClaimBundle {
  return { ...base, claim: { ...base.claim, ...patch } };
}
const line0 = SELF_SUBSCRIBER.claim.lines[0];

describe('scrubber: a clean claim', () => {
  it('has nothing to fix', () => {
    for (const b of [SELF_SUBSCRIBER, TELEHEALTH]) expect(scrubClaim(b, CTX)).toEqual([]);
    expect(scrubClaim(MULTIPLE, { ...CTX, authorizations: [{ number: 'PA20261101778', procedureCodes: ['90837'], from: '2026-11-01', to: '2027-01-31' }] })).toEqual([]);
  });
});

describe('scrubber rules, one by one, each telling the biller what to fix', () => {
  const cases: Array<[string, ClaimBundle, Partial<ScrubContext>, string, string, string]> = [
    ['missing diagnosis', withClaim({ diagnoses: [], lines: [{ ...line0, diagnosisPointers: [] }] }), {}, 'missingDiagnosis', 'claim.diagnoses', 'The claim has no diagnosis: add the ICD-10-CM code from the client’s diagnosis list (principal diagnosis first).'],
    ['a diagnosis that is no ICD-10-CM code', withClaim({ diagnoses: ['309.81'] }), {}, 'missingDiagnosis', 'claim.diagnoses[0]', 'Diagnosis 1 “309.81” is not an ICD-10-CM code (a letter, two characters, then up to four more, e.g. F41.1): correct it.'],
    ['a line pointing to no diagnosis', withClaim({ lines: [{ ...line0, diagnosisPointers: [3] }] }), {}, 'missingDiagnosis', 'claim.lines[0].diagnosisPointers', 'Line 1 (90834 on 2026-11-16) points to no diagnosis on the claim: choose the diagnosis (1–1) it treats.'],
    ['a rendering NPI with a wrong check digit', { ...SELF_SUBSCRIBER, rendering: { ...SELF_SUBSCRIBER.rendering, npi: '1987654320' } }, {}, 'invalidNpi', 'rendering.npi', 'The rendering clinician’s NPI 1987654320 fails the NPI check digit: correct it in Adaeze Okafor’s profile.'],
    ['a billing NPI with a wrong check digit', SELF_SUBSCRIBER, { billing: { ...BILLING, npi: '1234567890' } }, 'invalidNpi', 'billing.npi', 'The practice’s billing NPI 1234567890 fails the NPI check digit: correct it in Settings → Insurance (provider info).'],
    ['the practice taxonomy missing', SELF_SUBSCRIBER, { billing: { ...BILLING, taxonomy: '' } }, 'taxonomyMissing', 'billing.taxonomy', 'The practice has no taxonomy code: add it in Settings → Insurance (provider info), e.g. 261QM0801X for a mental-health clinic.'],
    ['the clinician taxonomy missing', { ...SELF_SUBSCRIBER, rendering: { ...SELF_SUBSCRIBER.rendering, taxonomy: '' } }, {}, 'taxonomyMissing', 'rendering.taxonomy', 'Adaeze Okafor has no taxonomy code: add it in their profile (e.g. 101YP2500X for a professional counselor).'],
    ['a member id with symbols', { ...SELF_SUBSCRIBER, subscriber: { ...SELF_SUBSCRIBER.subscriber, memberId: 'W12-345 678' } }, {}, 'memberIdFormat', 'subscriber.memberId', 'Member id “W12-345 678” has spaces or symbols: enter only the letters and digits printed on the Aetna card.'],
    ['a member id not in the payer’s format', { ...SELF_SUBSCRIBER, subscriber: { ...SELF_SUBSCRIBER.subscriber, memberId: '123456789' } }, {}, 'memberIdFormat', 'subscriber.memberId', 'Member id “123456789” does not match the member id format of Aetna: check it against the card (including any prefix letters).'],
    ['a telehealth modifier on an office visit', withClaim({ lines: [{ ...line0, modifiers: ['95'] }] }), {}, 'placeOfServiceModifier', 'claim.lines[0].modifiers', 'Line 1 (90834 on 2026-11-16) has telehealth modifier 95 but place of service 11 is in person: set place of service 02 or 10 for a telehealth session, or remove the modifier.'],
    ['the other payer’s telehealth modifier', withClaim({ lines: [{ ...TELEHEALTH.claim.lines[0], modifiers: ['GT'] }] }, TELEHEALTH), {}, 'placeOfServiceModifier', 'claim.lines[0].modifiers', 'Line 1 (90837 on 2026-11-18) carries GT, but Aetna expects 95 on telehealth lines: remove it (95 is added for you).'],
    ['a service date in the future', withClaim({ lines: [{ ...line0, serviceDate: '2026-11-27' }] }), {}, 'serviceDateInFuture', 'claim.lines[0].serviceDate', 'Line 1 (90834 on 2026-11-27) is in the future: bill a session only after it took place.'],
    ['a duplicate of a claim on file', SELF_SUBSCRIBER, { claimsOnFile: [{ patientControlNumber: 'C26111800007', memberId: 'w123456789', payerId: '60054', stage: 'accepted', lines: [{ serviceDate: '2026-11-16', procedureCode: '90834' }] }] }, 'duplicateClaim', 'claim.lines[0]', 'Line 1 (90834 on 2026-11-16) is already billed to Aetna on claim C26111800007: remove the line, or send a corrected claim (frequency 7) for C26111800007 instead.'],
    ['a required authorization missing', withClaim({ priorAuthorization: undefined }, MULTIPLE), {}, 'authorizationMissing', 'claim.priorAuthorization', 'Oregon Health Plan requires a prior authorization for 90837 (lines 2, 3): enter the authorization number under the client’s insurance (authorization tracking).'],
    ['an authorization that has expired', MULTIPLE, { authorizations: [{ number: 'PA20261101778', procedureCodes: ['90837'], from: '2026-08-01', to: '2026-11-10' }] }, 'authorizationMissing', 'claim.priorAuthorization', 'Line 3 (90837 on 2026-11-16) falls outside authorization PA20261101778 (2026-08-01 to 2026-11-10): request a new authorization from Oregon Health Plan and enter it.'],
    ['past the timely-filing window', SELF_SUBSCRIBER, { today: '2027-03-20' }, 'timelyFiling', 'claim.lines[0].serviceDate', 'Line 1 (90834 on 2026-11-16) is 124 days old, past Aetna’s 120-day filing limit: the payer will deny it unless you have proof of timely filing — appeal with that proof instead of submitting.'],
    ['a billing ZIP without the +4', SELF_SUBSCRIBER, { billing: { ...BILLING, address: { ...BILLING.address, zip: '97204' } } }, 'claimData', 'billing.address.zip', 'The practice’s billing address (billing.address.zip) must be the 9-digit ZIP+4: correct it and scrub again.'],
  ];
  for (const [what, bundle, ctx, rule, field, message] of cases) {
    it(what, () => {
      const problems = scrubClaim(bundle, { ...CTX, ...ctx });
      expect(problems.filter((p) => p.severity === 'error')).toEqual([{ rule, severity: 'error', field, message }]);
      expect(scrubPasses(problems)).toBe(false);
    });
  }

  it('warns, without stopping the claim, when the timely-filing window closes within 14 days', () => {
    const problems = scrubClaim(SELF_SUBSCRIBER, { ...CTX, today: '2027-03-10' });
    expect(problems).toEqual([{ rule: 'timelyFiling', severity: 'warning', field: 'claim.lines[0].serviceDate', message: 'Line 1 (90834 on 2026-11-16) must reach Aetna within 6 days (120-day filing limit): submit it now.' }]);
    expect(scrubPasses(problems)).toBe(true);
  });

  it('a rejected claim on file and a corrected claim are no duplicates', () => {
    const onFile = [{ patientControlNumber: 'C1', memberId: 'W123456789', payerId: AETNA.payerId, stage: 'rejected', lines: [{ serviceDate: '2026-11-16', procedureCode: '90834' }] }];
    expect(scrubClaim(SELF_SUBSCRIBER, { ...CTX, claimsOnFile: onFile })).toEqual([]);
    const accepted = [{ ...onFile[0], stage: 'accepted' }];
    expect(scrubClaim(withClaim({ frequencyCode: '7', originalClaimNumber: 'E1' }), { ...CTX, claimsOnFile: accepted })).toEqual([]);
    expect(MEDICAID.authorizationRequiredFor).toContain('90837');
  });
});
