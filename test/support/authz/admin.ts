/**
 * Authorization matrix rows: practice administration (issue 18) — the clients summary. Columns:
 * CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

const ANY_EXPORT = '1700000000000-0a1b2c3d';

export const admin: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // ClientsSummary (owner, clinicianAdmin) practice-wide; "summaries" (clinicianFullClient,
    // clinicianBasicBilling, scheduler) in their scope; another practice's owner sees their own.
    'Query.getClientsSummary':           [A,    A,    A,    A,    U,    U,    U,    A,    U,    A],
    // DataExport: clinicianAdmin and the owner ("everything"); the target client is the seeded
    // practice's, missing in another practice; an export id no practice has is NotFound.
    'Mutation.startDataExport':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    'Query.getDataExport':               [N,    N,    U,    U,    U,    U,    U,    U,    U,    N],
    'Query.listDataExports':             [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    // DemoData: the owner (clinicianAdmin "as owner"). The seeded practice has clients, so loading
    // is a ConflictError there (counted as allowed: the right passed) and nothing is loaded to remove
    // (NotFound); another practice's owner gets the same answers (their practice has a client by
    // then: addClient runs before, fields run in name order).
    'Query.getDemoData':                 [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.loadDemoData':             [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.removeDemoData':           [N,    N,    U,    U,    U,    U,    U,    U,    U,    N],
  },
  operations: {
    'Query.getClientsSummary': async (who) => outcomeOf(await call(who, '{ getClientsSummary { scope totals { active } } }'), 'Query.getClientsSummary'),
    'Mutation.startDataExport': async (who, target) => outcomeOf(await call(who, 'mutation ($c: ID) { startDataExport(clientId: $c) { id status } }', { c: target }), 'Mutation.startDataExport'),
    'Query.getDataExport': async (who) => outcomeOf(await call(who, 'query ($id: ID!) { getDataExport(id: $id) { status } }', { id: ANY_EXPORT }), 'Query.getDataExport'),
    'Query.listDataExports': async (who) => outcomeOf(await call(who, '{ listDataExports { id status } }'), 'Query.listDataExports'),
    'Query.getDemoData': async (who) => outcomeOf(await call(who, '{ getDemoData { loaded } }'), 'Query.getDemoData'),
    'Mutation.loadDemoData': async (who) => {
      const body = await call(who, 'mutation { loadDemoData { loaded } }');
      return body.errors?.[0]?.errorType === 'ConflictError' ? A : outcomeOf(body, 'Mutation.loadDemoData');
    },
    'Mutation.removeDemoData': async (who) => outcomeOf(await call(who, 'mutation { removeDemoData { loaded } }'), 'Mutation.removeDemoData'),
  },
};
