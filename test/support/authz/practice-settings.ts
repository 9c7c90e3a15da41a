/**
 * Authorization matrix rows: the practice's details, billing settings and insurance setting.
 * Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, U, call, outcomeOf, type AuthzDomain, type Caller, type Outcome, type Who } from './matrix.ts';

/** Edits a settings item at its current version (read as the owner of the caller's practice, so a denied read does not hide the edit's answer). */
async function editSettings(who: Who, kind: 'PracticeDetails' | 'BillingSettings' | 'InsuranceSetting', input: Record<string, unknown>): Promise<Outcome> {
  const reader: Caller = who === 'otherPractice' ? 'otherPractice' : 'owner';
  const version = (await call(reader, `{ get${kind} { version } }`)).data[`get${kind}`].version;
  return outcomeOf(await call(who, `mutation ($version: Int!, $input: ${kind}Input!) { edit${kind}(version: $version, input: $input) { version } }`, { version, input }), `Mutation.edit${kind}`);
}

export const practiceSettings: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Practice details: the PracticeDetails gate is the owner's ("everything") and clinicianAdmin's
    // ("as owner"); no other role lists it. Another practice's owner edits their own practice.
    'Query.getPracticeDetails':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.editPracticeDetails':      [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    // Billing settings and the insurance setting: "billing and services settings" — owner, admin, biller.
    'Query.getBillingSettings':          [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.editBillingSettings':      [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Query.getInsuranceSetting':         [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.editInsuranceSetting':     [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  },
  operations: {
    'Query.getPracticeDetails': async (who) => outcomeOf(await call(who, '{ getPracticeDetails { version } }'), 'Query.getPracticeDetails'),
    'Mutation.editPracticeDetails': (who) => editSettings(who, 'PracticeDetails', { name: `Practice of ${who}` }),
    'Query.getBillingSettings': async (who) => outcomeOf(await call(who, '{ getBillingSettings { version } }'), 'Query.getBillingSettings'),
    'Mutation.editBillingSettings': (who) => editSettings(who, 'BillingSettings', { autoplay: true }),
    'Query.getInsuranceSetting': async (who) => outcomeOf(await call(who, '{ getInsuranceSetting { version } }'), 'Query.getInsuranceSetting'),
    'Mutation.editInsuranceSetting': (who) => editSettings(who, 'InsuranceSetting', { serviceLocation: { includeInClaim: true } }),
  },
  // Each edit writes the practice's item at the version it has just read.
  exclusive: ['Mutation.editPracticeDetails', 'Mutation.editBillingSettings', 'Mutation.editInsuranceSetting'],
};
