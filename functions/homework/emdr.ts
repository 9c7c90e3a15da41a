/**
 * createEmdrHandoff (issue 14): a single-use, 60-second code for the external EMDR app, stored
 * hashed (SHA-256) in the Directory table with who asked; the answer is the app's address (per
 * environment: EMDR_APP_URL) with the code in the fragment. The app's server exchanges it at the
 * public POST /api/emdrHandoff (functions/emdr-handoff) with its own secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { EMDR_HANDOFF_KEEP_SECONDS, EMDR_HANDOFF_SECONDS, EMDR_MESSAGES, emdrHandoffKey, handoffUrl } from '../../domain/companion/emdr.ts';
import type { MemberCaller } from './reach.ts';
import { DIRECTORY, type Item } from './store.ts';

export const hashHandoff = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export async function createHandoff(caller: MemberCaller, now: Date, env: NodeJS.ProcessEnv = process.env): Promise<{ data: Item; audit: Item }> {
  const appUrl = env.EMDR_APP_URL;
  if (!appUrl) throw new Refusal(EMDR_MESSAGES.unavailable, 'Unavailable');
  const code = randomBytes(32).toString('base64url');
  const validUntil = new Date(now.getTime() + EMDR_HANDOFF_SECONDS * 1000).toISOString();
  await dynamo().send(new PutCommand({
    TableName: DIRECTORY(),
    Item: { ...emdrHandoffKey(hashHandoff(code)), entity: 'EmdrHandoff', sub: caller.sub, practiceId: caller.practiceId, state: 'open', createdAt: now.toISOString(), validUntil, expiresAt: Math.floor(now.getTime() / 1000) + EMDR_HANDOFF_KEEP_SECONDS },
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
  return { data: { url: handoffUrl(appUrl, code), expiresAt: validUntil }, audit: { action: 'emdr.handoff', entityType: 'TeamMember', entityId: caller.sub } };
}
