/**
 * Authorization matrix rows: practice administration (issue 18) — the clients summary. Columns:
 * CALLERS (test/support/authz/matrix.ts).
 */
import { A, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

export const admin: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // ClientsSummary (owner, clinicianAdmin) practice-wide; "summaries" (clinicianFullClient,
    // clinicianBasicBilling, scheduler) in their scope; another practice's owner sees their own.
    'Query.getClientsSummary':           [A,    A,    A,    A,    U,    U,    U,    A,    U,    A],
  },
  operations: {
    'Query.getClientsSummary': async (who) => outcomeOf(await call(who, '{ getClientsSummary { scope totals { active } } }'), 'Query.getClientsSummary'),
  },
};
