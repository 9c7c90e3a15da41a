/**
 * Authorization matrix rows: insights (issue 13) — one chart's series. Columns: CALLERS
 * (test/support/authz/matrix.ts).
 */
import { A, N, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

export const insights: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // The Insights feature (basic, professional) and the Insights or Apps right: owner, clinicianAdmin
    // and the three clinician roles; not the supervisor, biller, scheduler or coordinators. A client's
    // chart goes with the client's reach: the target is the owner's client, missing for the own-only
    // clinicians and another practice's owner.
    'Query.insightsChart':               [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
  },
  clientAllowed: [],
  operations: {
    'Query.insightsChart': async (who, target) =>
      outcomeOf(await call(who, 'query ($c: ID) { insightsChart(chartType: "diary", clientId: $c) { chartType series { key } } }', { c: target }), 'Query.insightsChart'),
  },
};
