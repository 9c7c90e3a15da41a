/**
 * POST /emdrHandoff (public REST; issue 14): the external EMDR app's server exchanges a hand-off code
 * (functions/homework/emdr.ts) for who opened it — once, within 60 seconds. The app proves itself
 * with its secret in the `x-emdr-app-secret` header: in AWS read from Secrets Manager by name
 * (EMDR_SECRET_ID, cached five minutes), locally from EMDR_APP_SECRET (local/runtime.ts makes one
 * per run). Answers {userId, practiceId, name, roles, plan} — never a token, password or e-mail.
 * The code is spent in one conditional write, so two exchanges of one code cannot both succeed.
 */
import { timingSafeEqual } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { dynamo, table } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { cachedSecretKey, type SecretLoader } from '../shared/secret-key.ts';
import { EMDR_MESSAGES, emdrHandoffKey, handoffState, isHandoffCode } from '../../domain/companion/emdr.ts';
import { membershipKey } from '../../domain/tables.ts';
import { hashHandoff } from '../homework/emdr.ts';

class Unavailable extends Error {}
let loader: SecretLoader | null = null;

async function appSecret(env: NodeJS.ProcessEnv): Promise<string | null> {
  if (env.EMDR_SECRET_ID) {
    loader ??= cachedSecretKey(env.EMDR_SECRET_ID, { field: 'secret', label: 'EMDR app', refuse: () => new Unavailable() }, env);
    try {
      return await loader();
    } catch {
      return null;
    }
  }
  return env.EMDR_APP_SECRET || null;
}

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function exchange(event: APIGatewayProxyEventV2, now = new Date(), env: NodeJS.ProcessEnv = process.env) {
  const secret = await appSecret(env);
  if (!secret) return json(503, { message: EMDR_MESSAGES.unavailable });
  if (!sameSecret(event.headers?.['x-emdr-app-secret'], secret)) return json(401, { message: EMDR_MESSAGES.secret });
  const body = parseBody(event);
  const code = body?.code;
  if (!isHandoffCode(code)) return json(400, { message: EMDR_MESSAGES.unknown });
  const key = emdrHandoffKey(hashHandoff(code));
  const record = (await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: key, ConsistentRead: true }))).Item ?? null;
  const state = handoffState(record, now.getTime());
  if (state !== 'open') return json(state === 'unknown' ? 404 : 410, { message: EMDR_MESSAGES[state] });
  try {
    await dynamo().send(new UpdateCommand({
      TableName: table('DIRECTORY_TABLE'), Key: key,
      UpdateExpression: 'SET #s = :used, usedAt = :now', ConditionExpression: '#s = :open AND validUntil > :now',
      ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':used': 'used', ':open': 'open', ':now': now.toISOString() },
    }));
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return json(410, { message: EMDR_MESSAGES.used });
    throw err;
  }
  const sub = record!.sub as string;
  const member = (await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: membershipKey(sub), ConsistentRead: true }))).Item ?? {};
  const name = [member.firstName, member.lastName].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
  await writeAudit('emdr-app', 'POST /emdrHandoff', [{ practiceId: record!.practiceId as string, action: 'emdr.handoff.exchange', entityType: 'TeamMember', entityId: sub }], now.toISOString());
  return json(200, { userId: sub, practiceId: record!.practiceId, name: name || null, roles: member.roles ?? [], plan: member.plan ?? null });
}

export const handler: PublicHandler = async (event) => {
  try {
    return await exchange(event);
  } catch (err) {
    console.error('emdr-handoff failed', (err as Error)?.name ?? 'Error');
    return json(500, { message: 'Something went wrong. Try again.' });
  }
};
