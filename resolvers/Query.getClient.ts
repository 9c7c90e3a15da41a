/**
 * Query.getClient (data source: PracticeTable): one client of the caller's practice, or null —
 * also for another practice's id or, for an 'own' scope, another clinician's client.
 */
import { runtime, util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { clientKey, MAX_LENGTH, toClient } from '../domain/client.ts';
import { clientScope } from '../domain/permissions.ts';
import type { ResolverContext } from './shared/context.ts';
import type { Client, QueryGetClientArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryGetClientArgs>): DynamoDBGetItemRequest {
  const id = ctx.args.id;
  ctx.stash.audit = { action: 'client.read', entityType: 'Client', entityId: id };
  if (!id || id.length > MAX_LENGTH.id) {
    ctx.stash.audit = null;
    runtime.earlyReturn(null);
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(clientKey(ctx.stash.caller.practiceId, id)) };
}

export function response(ctx: ResolverContext<QueryGetClientArgs>): Client | null {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const item = ctx.result as Record<string, unknown> | null;
  if (!item || (clientScope(caller.roles) === 'own' && item.therapistId !== caller.sub)) {
    ctx.stash.audit = { action: 'client.read.miss', entityType: 'Client', entityId: ctx.args.id };
    return null;
  }
  return toClient(item);
}
