/**
 * Per-address rate limit for public (pre-login) routes, in AWS as well as locally: API Gateway
 * HTTP APIs take no WAF, and the stage throttle is shared by everybody, so one address could still
 * enumerate accounts at the stage's full rate. A fixed one-minute window per route and address is
 * counted in the Directory table with a conditional update (one write per call, atomic across
 * concurrent Lambdas) and expires by TTL. The address is stored only as a salted hash.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from './aws.ts';
import { json, type PublicHandler } from './http.ts';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/** Calls a minute per address when ADDRESS_LIMIT_PER_MINUTE is not set. */
export const DEFAULT_PER_MINUTE = 30;

export function limitPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.ADDRESS_LIMIT_PER_MINUTE);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_PER_MINUTE;
}

/** The counter's key: route, hashed address, minute. */
export function windowKey(route: string, address: string, now: Date): { PK: string; SK: string } {
  const digest = createHash('sha256').update(`portal-address-limit:${address}`).digest('hex').slice(0, 32);
  return { PK: `RATE#${route}#${digest}`, SK: `W#${Math.floor(now.getTime() / 60_000)}` };
}

/** Counts one call; false when the address has used up this minute's calls for the route. */
export async function takeAddressToken(route: string, address: string, perMinute: number, now = new Date()): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table('DIRECTORY_TABLE'),
        Key: windowKey(route, address, now),
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': perMinute, ':expires': Math.floor(now.getTime() / 1000) + 180 },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Wraps a public handler: over the limit, 429 with a plain message and the handler never runs. */
export function withAddressLimit(route: string, handler: PublicHandler, perMinute?: number): PublicHandler {
  return async (event) => {
    const address = event.requestContext?.http?.sourceIp ?? 'unknown';
    if (!(await takeAddressToken(route, address, perMinute ?? limitPerMinute()))) {
      return { ...json(429, { message: TOO_MANY_REQUESTS }), headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '60' } };
    }
    return handler(event);
  };
}
