/**
 * Mutation.editClient (data source: PracticeTable): replaces the client's fields with the
 * validated input, if `version` is still the stored one (optimistic concurrency). A stale version
 * is a ConflictError and writes nothing; the condition re-checks it at write time, so two
 * concurrent edits of the same version cannot both succeed.
 */
import { util, type Context, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { clientItem, clientKey, toClient } from '../domain/client.ts';

const CONFLICT = 'The client was changed by someone else. Reload it and try again.';

export function request(ctx: Context): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const existing = ctx.stash.client;
  const version = ctx.args.version as number;
  if (existing.version !== version) {
    util.error(CONFLICT, 'ConflictError');
  }
  const item = clientItem(caller.practiceId, existing.id, ctx.stash.therapistId, ctx.stash.clientInput, {
    status: existing.status,
    version: version + 1,
    createdAt: existing.createdAt,
    updatedAt: util.time.nowISO8601(),
    createdBy: existing.createdBy,
    updatedBy: caller.sub,
  });
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(clientKey(caller.practiceId, existing.id)),
    attributeValues: util.dynamodb.toMapValues(item),
    condition: {
      expression: 'attribute_exists(PK) AND #version = :version AND #therapistId = :therapistId',
      expressionNames: { '#version': 'version', '#therapistId': 'therapistId' },
      expressionValues: util.dynamodb.toMapValues({ ':version': version, ':therapistId': existing.therapistId }),
    },
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(CONFLICT, 'ConflictError');
    }
    util.error(ctx.error.message, ctx.error.type);
  }
  ctx.stash.audit = { action: 'client.update', entityType: 'Client', entityId: ctx.result.id };
  return toClient(ctx.result);
}
