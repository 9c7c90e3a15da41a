/**
 * Mutation.restoreClient (data source: PracticeTable): brings an archived client (loaded by
 * Client.load) back — status active, active true, back in the default listings and, with its two
 * name-search entries written again, in the top-bar search — in one transaction guarded by the
 * version read and the archived status. The same rights as archiving (client.remove). An active
 * client is a ValidationError; a concurrent change a ConflictError. Returns the client.
 */
import { util, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { MESSAGES } from '../domain/messages.ts';
import { CLIENT_NAME_ENTRIES, CLIENT_STATUS, clientIndexKeys, clientNameEntry, clientNameEntryKey, toClient } from '../domain/client.ts';
import { firstConditionFailed, putClientItems } from './shared/client-writes.ts';
import type { ResolverContext } from './shared/context.ts';
import type { Client, MutationRestoreClientArgs } from '../domain/graphql.generated.ts';

const CONFLICT = 'The client was changed by someone else. Reload it and try again.';

export function request(ctx: ResolverContext<MutationRestoreClientArgs>): DynamoDBTransactWriteItemsRequest {
  const caller = ctx.stash.caller;
  const existing = ctx.stash.client as Record<string, unknown>;
  if (existing.status !== CLIENT_STATUS.archived) {
    util.error(MESSAGES.clientNotArchived, 'ValidationError', null, { fields: [{ field: 'status', reason: 'format' }] });
  }
  const restored: Record<string, unknown> = {};
  Object.keys(existing).forEach((k) => {
    restored[k] = existing[k];
  });
  const index = clientIndexKeys(caller.practiceId, existing.id as string, existing.therapistId as string, existing.searchName as string, CLIENT_STATUS.active);
  restored.status = CLIENT_STATUS.active;
  restored.active = true;
  restored.version = (existing.version as number) + 1;
  restored.updatedAt = util.time.nowISO8601();
  restored.updatedBy = caller.sub;
  restored.GSI1PK = index.GSI1PK;
  restored.GSI1SK = index.GSI1SK;
  restored.GSI2PK = index.GSI2PK;
  restored.GSI2SK = index.GSI2SK;
  ctx.stash.written = restored;
  const items: Array<Record<string, unknown>> = [restored];
  CLIENT_NAME_ENTRIES.forEach((which) => {
    const entry = clientNameEntry(restored, which);
    const key = clientNameEntryKey(caller.practiceId, existing.id as string, which);
    entry.PK = key.PK;
    entry.SK = key.SK;
    items.push(entry);
  });
  const writes = putClientItems(ctx, items, {
    expression: 'attribute_exists(PK) AND #version = :version AND #status = :archived',
    expressionNames: { '#version': 'version', '#status': 'status' },
    expressionValues: util.dynamodb.toMapValues({ ':version': existing.version, ':archived': CLIENT_STATUS.archived }),
    returnValuesOnConditionCheckFailure: false,
  });
  return { operation: 'TransactWriteItems', transactItems: writes };
}

export function response(ctx: ResolverContext<MutationRestoreClientArgs>): Client {
  if (firstConditionFailed(ctx)) {
    util.error(CONFLICT, 'ConflictError');
  }
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const restored = ctx.stash.written as Record<string, unknown>;
  ctx.stash.audit = { action: 'client.restore', entityType: 'Client', entityId: restored.id as string };
  return toClient(restored);
}
