/**
 * Query.getTherapist (data source: PracticeTable): the caller's own profile — one GetItem of
 * `P#<practiceId>` / `Therapist#<sub>` (both from the authorize step). Never saved: empty, version 0.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { therapistKey, toTherapist } from '../domain/profile.ts';
import type { ResolverContext } from './shared/context.ts';

export function request(ctx: ResolverContext): DynamoDBGetItemRequest {
  const caller = ctx.stash.caller;
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(therapistKey(caller.practiceId, caller.sub)), consistentRead: true };
}

export function response(ctx: ResolverContext): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  ctx.stash.audit = { action: 'profile.read', entityType: 'Therapist', entityId: ctx.stash.caller.sub };
  return toTherapist(ctx.stash.caller.sub, (ctx.result as Record<string, unknown> | null) || null);
}
