/**
 * Authorization matrix rows: insurance claims and ERA posting (issue 16). Columns: CALLERS
 * (test/support/authz/matrix.ts). Spec §6: biller and owner (and clinicianAdmin, "as owner") all
 * claims; clinicianBasicBilling their own claims (billing.own) — the made-up claim or session is
 * NotFound for them as for the suite; scheduler ("client billing without claims"), the other roles
 * and coordinators nothing. ERA posting is the practice's money: the suite only. Plan gate:
 * Insurance Billing (Professional; both practices are on it). Another practice's owner reads their
 * own (empty) lists.
 */
import { readFileSync } from 'node:fs';
import { A, N, U, call, outcomeOf, type AuthzDomain, type Who } from './matrix.ts';

const ERA = readFileSync('test/fixtures/x12/835-aetna-reversal.x12', 'utf8');
const op = (field: string, query: string, variables: Record<string, unknown> = {}) => async (who: Who) => outcomeOf(await call(who, query, variables), field);

export const claims: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    'Query.listClaims':                  [A,    A,    U,    A,    U,    U,    A,    U,    U,    A],
    'Query.listClaimableSessions':       [A,    A,    U,    A,    U,    U,    A,    U,    U,    A],
    'Query.getClaim':                    [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Query.getClaimFile':                [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Mutation.createClaims':             [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Mutation.rescrubClaim':             [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Mutation.submitClaims':             [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Mutation.refreshClaimStatus':       [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Mutation.correctClaim':             [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Mutation.voidClaim':                [N,    N,    U,    N,    U,    U,    N,    U,    U,    N],
    'Query.listEras':                    [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.retrieveEras':             [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.uploadEra':                [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.postEra':                  [N,    N,    U,    U,    U,    U,    N,    U,    U,    N],
    'Query.listEraCandidates':           [N,    N,    U,    U,    U,    U,    N,    U,    U,    N],
    'Mutation.matchEraItem':             [N,    N,    U,    U,    U,    U,    N,    U,    U,    N],
    'Mutation.markEraItemNotOurs':       [N,    N,    U,    U,    U,    U,    N,    U,    U,    N],
  },
  operations: {
    'Query.listClaims': op('Query.listClaims', '{ listClaims(stage: scrub) { items { id } nextToken } }'),
    'Query.listClaimableSessions': op('Query.listClaimableSessions', '{ listClaimableSessions(from: "2026-01-01", to: "2026-01-07") { id } }'),
    'Query.getClaim': op('Query.getClaim', '{ getClaim(id: "CNOSUCHCLAIM") { id } }'),
    'Query.getClaimFile': op('Query.getClaimFile', '{ getClaimFile(id: "CNOSUCHCLAIM", format: CMS1500) { fileName } }'),
    'Mutation.createClaims': op('Mutation.createClaims', 'mutation { createClaims(sessionLineIds: ["no-such-session"]) { id } }'),
    'Mutation.rescrubClaim': op('Mutation.rescrubClaim', 'mutation { rescrubClaim(id: "CNOSUCHCLAIM") { id } }'),
    'Mutation.submitClaims': op('Mutation.submitClaims', 'mutation { submitClaims(ids: ["CNOSUCHCLAIM"]) { id } }'),
    'Mutation.refreshClaimStatus': op('Mutation.refreshClaimStatus', 'mutation { refreshClaimStatus(ids: ["CNOSUCHCLAIM"]) { id } }'),
    'Mutation.correctClaim': op('Mutation.correctClaim', 'mutation { correctClaim(id: "CNOSUCHCLAIM") { id } }'),
    'Mutation.voidClaim': op('Mutation.voidClaim', 'mutation { voidClaim(id: "CNOSUCHCLAIM") { id } }'),
    'Query.listEras': op('Query.listEras', '{ listEras { id } }'),
    'Mutation.retrieveEras': op('Mutation.retrieveEras', 'mutation { retrieveEras { id } }'),
    'Mutation.uploadEra': op('Mutation.uploadEra', 'mutation ($x: String!) { uploadEra(x12: $x) { id } }', { x: ERA }),
    'Mutation.postEra': op('Mutation.postEra', 'mutation { postEra(id: "nosuchera") { id } }'),
    'Query.listEraCandidates': op('Query.listEraCandidates', '{ listEraCandidates(eraId: "nosuchera", item: 0) { claimId } }'),
    'Mutation.matchEraItem': op('Mutation.matchEraItem', 'mutation { matchEraItem(eraId: "nosuchera", item: 0, claimId: "CNOSUCHCLAIM") { id } }'),
    'Mutation.markEraItemNotOurs': op('Mutation.markEraItemNotOurs', 'mutation { markEraItemNotOurs(eraId: "nosuchera", item: 0) { id } }'),
  },
};
