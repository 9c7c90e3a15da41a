/**
 * claims: the AppSync Lambda data source for insurance claims and ERA posting (issue 16; the design
 * card's "claim creation" Lambda). Called after `authorize`; payload {field, caller, cursor, args};
 * the answer is {data, audit?, nextToken?} — the resolver step stashes the audit note for the
 * pipeline's `audit` step and seals the list's cursor. Refusals come back as data
 * (functions/shared/refusal.ts); anything unexpected is the generic internal error. The
 * clearinghouse is chosen by configuration (functions/shared/clearinghouse).
 *
 * One file per idea: create.ts (sessions → claims, scrub, correct, void), submit.ts (837P, submit,
 * 277CA), list.ts (lists, one claim, files), era.ts (835 retrieve, upload, propose), era-post.ts (post),
 * era-held.ts (held payments matched by hand or marked not ours).
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { claimableSessions, createClaims, rescrubClaim, resubmitClaim } from './create.ts';
import { listEras, retrieveEras, uploadEra } from './era.ts';
import { postEra } from './era-post.ts';
import { eraCandidates, markEraItemNotOurs, matchEraItem } from './era-held.ts';
import { claimFile, getClaim, listClaims } from './list.ts';
import type { ClaimsAnswer, ClaimsRequest, ClaimsResult } from './request.ts';
import { refreshClaimStatus, submitClaims } from './submit.ts';

export type { ClaimsRequest, ClaimsResult } from './request.ts';

export async function run(event: ClaimsRequest, now = new Date()): Promise<ClaimsAnswer> {
  const caller = event?.caller;
  if (!caller?.sub || !caller.practiceId || !Array.isArray(caller.roles)) throw new Refusal('Not Authorized', 'Unauthorized');
  const args = event.args ?? {};
  switch (event.field) {
    case 'listClaims':
      return listClaims(caller, args, event.cursor);
    case 'getClaim':
      return getClaim(caller, args);
    case 'getClaimFile':
      return claimFile(caller, args, now);
    case 'listClaimableSessions':
      return claimableSessions(caller, args);
    case 'createClaims':
      return createClaims(caller, args, now);
    case 'rescrubClaim':
      return rescrubClaim(caller, args, now);
    case 'correctClaim':
      return resubmitClaim(caller, args, 'correct', now);
    case 'voidClaim':
      return resubmitClaim(caller, args, 'void', now);
    case 'submitClaims':
      return submitClaims(caller, args, now);
    case 'refreshClaimStatus':
      return refreshClaimStatus(caller, args, now);
    case 'listEras':
      return listEras(caller);
    case 'retrieveEras':
      return retrieveEras(caller, now);
    case 'uploadEra':
      return uploadEra(caller, args, now);
    case 'postEra':
      return postEra(caller, args, now);
    case 'listEraCandidates':
      return eraCandidates(caller, args);
    case 'matchEraItem':
      return matchEraItem(caller, args, now);
    case 'markEraItemNotOurs':
      return markEraItemNotOurs(caller, args, now);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
}

export const handler: (event: ClaimsRequest) => Promise<ClaimsResult> = appsyncHandler('claims', (event: ClaimsRequest) => run(event));
