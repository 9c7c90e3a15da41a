/**
 * Mutation.editClient (data source: PracticeTable): replaces the client's fields with the
 * validated input, if `version` is still the stored one (optimistic concurrency). A stale version
 * is a ConflictError and writes nothing; the condition re-checks it at write time, so two
 * concurrent edits of the same version cannot both succeed. The name-search entries are rewritten
 * in the same transaction (an archived client keeps none).
 */
import { util, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { CLIENT_STATUS, clientItems, toClient } from '../domain/client.ts';
import { deleteNameEntries, firstConditionFailed, putClientItems } from './shared/client-writes.ts';
import type { ResolverContext } from './shared/context.ts';
import type { Client, MutationEditClientArgs } from '../domain/graphql.generated.ts';

const CONFLICT = 'The client was changed by someone else. Reload it and try again.';

export function request(ctx: ResolverContext<MutationEditClientArgs>): DynamoDBTransactWriteItemsRequest {
  const caller = ctx.stash.caller;
  const existing = ctx.stash.client;
  const version = ctx.args.version;
  if (existing.version !== version) {
    util.error(CONFLICT, 'ConflictError');
  }
  const items = clientItems(caller.practiceId, existing.id, ctx.stash.therapistId, ctx.stash.clientInput, {
    status: existing.status,
    version: version + 1,
    createdAt: existing.createdAt,
    updatedAt: util.time.nowISO8601(),
    createdBy: existing.createdBy,
    updatedBy: caller.sub,
  });
  ctx.stash.written = items[0];
  const writes = putClientItems(ctx, items, {
    expression: 'attribute_exists(PK) AND #version = :version AND #therapistId = :therapistId',
    expressionNames: { '#version': 'version', '#therapistId': 'therapistId' },
    expressionValues: util.dynamodb.toMapValues({ ':version': version, ':therapistId': existing.therapistId }),
    returnValuesOnConditionCheckFailure: false,
  });
  const transactItems = existing.status === CLIENT_STATUS.active ? writes : writes.concat(deleteNameEntries(ctx, caller.practiceId, existing.id));
  return { operation: 'TransactWriteItems', transactItems: transactItems };
}

export function response(ctx: ResolverContext<MutationEditClientArgs>): Client {
  if (ctx.error) {
    if (firstConditionFailed(ctx)) {
      util.error(CONFLICT, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  const client = toClient(ctx.stash.written);
  ctx.stash.audit = { action: 'client.update', entityType: 'Client', entityId: client.id };
  return client;
}
