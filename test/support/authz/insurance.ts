/**
 * Authorization matrix rows: client insurance, eligibility checks and payers (issue 16).
 * Columns: CALLERS (test/support/authz/matrix.ts). Spec §6: biller and owner (and clinicianAdmin,
 * "as owner") the whole suite; clinicianBasicBilling billing limited to their own records
 * ("claims, insurance") — the target is the owner's client, so NotFound for them; scheduler "client
 * billing without claims", the other roles and coordinators nothing. Plan gates: Insurance Billing
 * and Coverage (Professional; both practices are on it).
 */
import { A, N, U, call, outcomeOf, type AuthzDomain, type Who } from './matrix.ts';

const INSURANCE = { billingType: 'insurance', insuranceInfo: { payerId: '60054', memberId: 'SBX100000001', primaryInsured: { relationship: 'self' } } };

/** The target's insurance saved by the owner, and the practice's NPI and name when missing (the check needs both). */
async function insured(target: string): Promise<void> {
  const read = await call('owner', 'query ($c: ID!) { getClientInsurance(clientId: $c) { version } }', { c: target });
  await call('owner', 'mutation ($c: ID!, $v: Int!, $i: ClientInsuranceInput!) { updateClientInsurance(clientId: $c, version: $v, input: $i) { version } }', { c: target, v: read.data.getClientInsurance.version, i: INSURANCE });
  const setting = (await call('owner', '{ getInsuranceSetting { version providerInfo { npi practiceName } } }')).data.getInsuranceSetting;
  if (!setting.providerInfo.npi || !setting.providerInfo.practiceName) {
    await call('owner', 'mutation ($v: Int!) { editInsuranceSetting(version: $v, input: { providerInfo: { type: "organization", practiceName: "Owens Family Therapy", npi: "1234567893" } }) { version } }', { v: setting.version });
  }
}

export const insurance: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    'Query.getClientInsurance':          [A,    A,    U,    N,    U,    U,    A,    U,    U,    N],
    'Mutation.updateClientInsurance':    [A,    A,    U,    N,    U,    U,    A,    U,    U,    N],
    'Query.getNewCoverage':              [A,    A,    U,    N,    U,    U,    A,    U,    U,    N],
    // The practice's checks: another practice's owner reads their own (none).
    'Query.getCoverage':                 [A,    A,    U,    A,    U,    U,    A,    U,    U,    A],
    // Payers are a catalog (no PHI): whoever works on insurance reads it.
    'Query.getAllPayers':                [A,    A,    U,    A,    U,    U,    A,    U,    U,    A],
    'Query.getInsurancePayer':           [A,    A,    U,    A,    U,    U,    A,    U,    U,    A],
    // Enrollment is the Insurance Payer settings page: InsurancePayers (owner, admin, biller).
    'Query.getPayerListEnrollments':     [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.enrollProviderToPayerList': [A,   A,    U,    U,    U,    U,    A,    U,    U,    A],
    // Recheck now: every insured client of the practice — the practice-wide Coverage right (not clinicianBasicBilling's own-client one).
    'Mutation.startEligibilityRecheck':  [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Query.getEligibilityRecheck':       [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  },
  operations: {
    'Query.getClientInsurance': async (who: Who, target) => outcomeOf(await call(who, 'query ($c: ID!) { getClientInsurance(clientId: $c) { version } }', { c: target }), 'Query.getClientInsurance'),
    'Mutation.updateClientInsurance': async (who: Who, target) =>
      outcomeOf(await call(who, 'mutation ($c: ID!, $i: ClientInsuranceInput!) { updateClientInsurance(clientId: $c, version: 0, input: $i) { version } }', { c: target, i: INSURANCE }), 'Mutation.updateClientInsurance'),
    'Query.getNewCoverage': async (who: Who, target) => {
      await insured(target);
      return outcomeOf(await call(who, 'query ($c: ID!) { getNewCoverage(clientId: $c) { id status } }', { c: target }), 'Query.getNewCoverage');
    },
    'Query.getCoverage': async (who: Who) => outcomeOf(await call(who, '{ getCoverage { items { id } nextToken } }'), 'Query.getCoverage'),
    'Query.getAllPayers': async (who: Who) => outcomeOf(await call(who, '{ getAllPayers(search: "aetna") { payer_id } }'), 'Query.getAllPayers'),
    'Query.getInsurancePayer': async (who: Who) => outcomeOf(await call(who, '{ getInsurancePayer(payerId: "60054") { names } }'), 'Query.getInsurancePayer'),
    'Query.getPayerListEnrollments': async (who: Who) => outcomeOf(await call(who, '{ getPayerListEnrollments { payerId } }'), 'Query.getPayerListEnrollments'),
    // A recheck another allowed caller started may still run: its refusal (ConflictError) is past authorization.
    'Mutation.startEligibilityRecheck': async (who: Who) => {
      const body = await call(who, 'mutation { startEligibilityRecheck { id status } }');
      return body.errors?.[0]?.errorType === 'ConflictError' ? A : outcomeOf(body, 'Mutation.startEligibilityRecheck');
    },
    'Query.getEligibilityRecheck': async (who: Who) => outcomeOf(await call(who, '{ getEligibilityRecheck { id status done total } }'), 'Query.getEligibilityRecheck'),
    // Enrolling sends the practice's facts to the clearinghouse; a practice without its e-mail or tax id is refused (ValidationError) after authorization.
    'Mutation.enrollProviderToPayerList': async (who: Who) => {
      const body = await call(who, 'mutation { enrollProviderToPayerList(payerId: "62308", eligibleId: "1234567893") { claims } }');
      return body.errors?.[0]?.errorType === 'ValidationError' ? A : outcomeOf(body, 'Mutation.enrollProviderToPayerList');
    },
  },
  // The check writes the practice's insurance setting when it lacks an NPI (a versioned practice-wide item).
  exclusive: ['Query.getNewCoverage'],
};
