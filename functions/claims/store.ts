/**
 * Claim items (domain/insurance/claims.ts keys) and their moves. A claim is written whole with its
 * index keys rebuilt from its stage, conditioned on the version read (a lost race is a
 * ConflictError); its stage only changes through claim-stages.ts moveClaim — `move` below applies
 * one row of the table and refuses (an internal error: the code asked for a move the table lacks)
 * anything else. Files (837P, 277CA, 835) go to the bucket under claims/<practice>/…, with the
 * bucket's KMS key in AWS and the S3 stand-in locally.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { claimIndexKeys, claimKey } from '../../domain/insurance/claims.ts';
import { moveClaim, type Actor, type ClaimEvent, type ClaimStage, type ClaimState } from '../../domain/insurance/claim-stages.ts';
import { dynamo } from '../shared/aws.ts';
import { s3ObjectStore } from '../shared/object-store.ts';
import { getItem, practiceTable } from '../billing/store.ts';
import { CLAIM_MESSAGES, claimScope, conflict, isId, notFound, type Caller, type Item } from './request.ts';

export const CLAIM_FILE_PREFIX = 'claims/';

export async function loadClaim(caller: Caller, id: unknown): Promise<Item> {
  const claim = isId(id) ? await getItem(claimKey(caller.practiceId, id)) : null;
  if (!claim || claim.entity !== 'Claim' || (claimScope(caller.roles) === 'own' && claim.filedUnder !== caller.sub)) throw notFound(CLAIM_MESSAGES.claimNotFound);
  return claim;
}

/** The claim item as stored: its key, its index keys for its stage, the rest. */
export function claimItem(practiceId: string, claim: Item): Item {
  return { ...claim, ...claimKey(practiceId, claim.id), ...claimIndexKeys(practiceId, claim as never), entity: 'Claim' };
}

/** Writes `claim` (version + 1) if the stored one still has `claim.version` (0: none stored yet). */
export async function saveClaim(practiceId: string, claim: Item, stamp: string): Promise<Item> {
  const version = (claim.version as number) ?? 0;
  const next = { ...claim, version: version + 1, updatedAt: stamp };
  try {
    await dynamo().send(new PutCommand({
      TableName: practiceTable(),
      Item: claimItem(practiceId, next),
      ConditionExpression: version === 0 ? 'attribute_not_exists(PK)' : '#v = :v',
      ...(version === 0 ? {} : { ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': version } }),
    }));
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') throw conflict();
    throw err;
  }
  return next;
}

/** The claim after one move of the transitions table (claim-stages.ts), or an internal error when the table refuses it. */
export function move(claim: Item, event: ClaimEvent, actor: Actor, at: string, detail: Record<string, string> = {}): Item {
  const state: ClaimState = { stage: claim.stage as ClaimStage, frequencyCode: claim.frequencyCode, history: claim.history ?? [] };
  const out = moveClaim(state, event, actor, at, detail);
  if (!out.ok) throw new Error(`claim move refused: ${claim.stage} ${event}`);
  return { ...claim, stage: out.claim.stage, frequencyCode: out.claim.frequencyCode, history: out.claim.history };
}

/** Whether the table allows `event` from the claim's stage for this actor (without moving it). */
export function canMove(claim: Item, event: ClaimEvent, actor: Actor): boolean {
  return moveClaim({ stage: claim.stage, frequencyCode: claim.frequencyCode, history: [] }, event, actor, '2000-01-01T00:00:00Z').ok;
}

export async function writeFile(key: string, text: string, contentType = 'application/edi-x12'): Promise<void> {
  await s3ObjectStore().write(key, new TextEncoder().encode(text), { contentType });
}

export async function readFile(key: string): Promise<string | null> {
  const bytes = await s3ObjectStore().read(key, 5_000_000);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

export const fileKey = (practiceId: string, claimId: string, name: string) => `${CLAIM_FILE_PREFIX}${practiceId}/${claimId}/${name}`;
