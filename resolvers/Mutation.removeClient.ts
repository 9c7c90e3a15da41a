/**
 * Mutation.removeClient (data source: PracticeTable): archives the client loaded by Client.load —
 * status archived, active false, out of the default listings and out of the name search (its
 * name-search entries are deleted in the same transaction) — and never deletes the client item
 * (clinical records are archived). Returns {id, message, status}.
 */
import { util, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { CLIENT_STATUS, clientIndexKeys, clientKey } from '../domain/client.ts';
import { deleteNameEntries, practiceTable, type TransactItem } from './shared/client-writes.ts';
import type { ResolverContext } from './shared/context.ts';
import type { MutationRemoveClientArgs, RemoveClientResult } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationRemoveClientArgs>): DynamoDBTransactWriteItemsRequest {
  const caller = ctx.stash.caller;
  const existing = ctx.stash.client;
  const index = clientIndexKeys(caller.practiceId, existing.id, existing.therapistId, existing.searchName, CLIENT_STATUS.archived);
  const archive: TransactItem = {
    table: practiceTable(ctx),
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
    condition: { expression: 'attribute_exists(PK)', returnValuesOnConditionCheckFailure: false },
  };
  const writes: TransactItem[] = [archive];
  return { operation: 'TransactWriteItems', transactItems: writes.concat(deleteNameEntries(ctx, caller.practiceId, existing.id)) };
}

export function response(ctx: ResolverContext<MutationRemoveClientArgs>): RemoveClientResult {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const id = ctx.stash.client.id;
  ctx.stash.audit = { action: 'client.archive', entityType: 'Client', entityId: id };
  return { id: id, message: 'Client archived', status: CLIENT_STATUS.archived };
}
