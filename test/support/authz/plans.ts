/**
 * Authorization matrix rows: plans and the practice's subscription. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

export const plans: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Plans: every member (coordinators too) reads the offers and the practice's plan, which the
    // browser gates by; changing it is UpgradePlan — the owner's ("everything") and clinicianAdmin's.
    'Query.getProviderPlans':            [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    'Query.getCurrentPlan':              [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    'Query.hasEnterpriseSubscription':   [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    'Mutation.changePlan':               [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  },
  operations: {
    'Query.getProviderPlans': async (who) => outcomeOf(await call(who, '{ getProviderPlans { id amount } }'), 'Query.getProviderPlans'),
    'Query.getCurrentPlan': async (who) => outcomeOf(await call(who, '{ getCurrentPlan { planId } }'), 'Query.getCurrentPlan'),
    'Query.hasEnterpriseSubscription': async (who) => outcomeOf(await call(who, '{ hasEnterpriseSubscription }'), 'Query.hasEnterpriseSubscription'),
    // The seeded practices stay on professional, so the other rows are unaffected.
    'Mutation.changePlan': async (who) => outcomeOf(await call(who, 'mutation { changePlan(planId: "professional", teleHealth: false) { planId } }'), 'Mutation.changePlan'),
  },
  // A plan change rewrites the practice's plan, which every member's requests are gated by.
  exclusive: ['Mutation.changePlan'],
};
