/**
 * Mutation.addClient (data source: PracticeTable): stores the client validated by Client.validate
 * for the therapist chosen by Client.checkTherapist, in the caller's practice, version 1.
 */
import { util, type Context, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { CLIENT_STATUS, clientItem, clientKey, toClient } from '../domain/client.ts';

export function request(ctx: Context): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const id = util.autoId();
  const now = util.time.nowISO8601();
  const item = clientItem(caller.practiceId, id, ctx.stash.therapistId, ctx.stash.clientInput, {
    status: CLIENT_STATUS.active,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: caller.sub,
    updatedBy: caller.sub,
  });
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(clientKey(caller.practiceId, id)),
    attributeValues: util.dynamodb.toMapValues(item),
    condition: { expression: 'attribute_not_exists(PK)' },
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  ctx.stash.audit = { action: 'client.create', entityType: 'Client', entityId: ctx.result.id };
  return toClient(ctx.result);
}
