/**
 * Authorization matrix rows: the apps a practice uses. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, outcomeOf, seededPracticeId, type AuthzDomain } from './matrix.ts';

export const apps: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Apps: owner, admin, clinicianFullClient, clinicianBasicBilling ("as clinicianFullClient") and
    // clinicianBasic list "apps"; supervisor, biller, scheduler and coordinators do not. The seeded
    // practice's owner id is another practice's to otherPractice: missing.
    'Query.getAppsUsed':                 [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    'Query.getAppsUsedByTeamOwner':      [A,    A,    A,    A,    A,    U,    U,    U,    U,    N],
    'Query.getHideCommunitiesForApps':   [A,    A,    A,    A,    A,    U,    U,    U,    U,    N],
    'Query.getHideHealthNutritionForApps': [A,  A,    A,    A,    A,    U,    U,    U,    U,    N],
  },
  operations: {
    'Query.getAppsUsed': async (who) => outcomeOf(await call(who, '{ getAppsUsed { apps { ACT CBT } defaultApp } }'), 'Query.getAppsUsed'),
    'Query.getAppsUsedByTeamOwner': async (who) =>
      outcomeOf(await call(who, 'query ($o: ID!) { getAppsUsedByTeamOwner(teamOwnerId: $o) { apps { DBT } } }', { o: seededPracticeId() }), 'Query.getAppsUsedByTeamOwner'),
    'Query.getHideCommunitiesForApps': async (who) =>
      outcomeOf(await call(who, 'query ($o: ID) { getHideCommunitiesForApps(teamOwnerId: $o) { app hide } }', { o: seededPracticeId() }), 'Query.getHideCommunitiesForApps'),
    'Query.getHideHealthNutritionForApps': async (who) =>
      outcomeOf(await call(who, 'query ($o: ID) { getHideHealthNutritionForApps(teamOwnerId: $o) { app food } }', { o: seededPracticeId() }), 'Query.getHideHealthNutritionForApps'),
  },
};
