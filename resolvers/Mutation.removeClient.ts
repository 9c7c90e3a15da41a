/**
 * Mutation.removeClient (data source: PracticeTable): archives the client loaded by Client.load —
 * status archived, active false, out of the default listings — and never deletes it (clinical
 * records are archived). Returns {id, message, status}.
 */
import { util, type Context, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { CLIENT_STATUS, clientIndexKeys, clientKey } from '../domain/client.ts';

export function request(ctx: Context): DynamoDBUpdateItemRequest {
  const caller = ctx.stash.caller;
  const existing = ctx.stash.client;
  const index = clientIndexKeys(caller.practiceId, existing.id, existing.therapistId, existing.searchName, CLIENT_STATUS.archived);
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(clientKey(caller.practiceId, existing.id)),
    update: {
      expression: 'SET #status = :status, #active = :false, #version = #version + :one, #updatedAt = :now, #updatedBy = :sub, #gsi1pk = :gsi1pk, #gsi2sk = :gsi2sk',
      expressionNames: {
        '#status': 'status', '#active': 'active', '#version': 'version', '#updatedAt': 'updatedAt', '#updatedBy': 'updatedBy', '#gsi1pk': 'GSI1PK', '#gsi2sk': 'GSI2SK',
      },
      expressionValues: util.dynamodb.toMapValues({
        ':status': CLIENT_STATUS.archived, ':false': false, ':one': 1, ':now': util.time.nowISO8601(), ':sub': caller.sub, ':gsi1pk': index.GSI1PK, ':gsi2sk': index.GSI2SK,
      }),
    },
    condition: { expression: 'attribute_exists(PK)' },
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  ctx.stash.audit = { action: 'client.archive', entityType: 'Client', entityId: ctx.result.id };
  return { id: ctx.result.id, message: 'Client archived', status: ctx.result.status };
}
