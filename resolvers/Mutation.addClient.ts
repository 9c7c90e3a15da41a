/**
 * Mutation.addClient (data source: PracticeTable): stores the client validated by Client.validate
 * for the therapist chosen by Client.checkTherapist, in the caller's practice, version 1 — the
 * client item and its name-search entries in one transaction (resolvers/shared/client-writes.ts).
 */
import { util, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { CLIENT_STATUS, clientItems, toClient } from '../domain/client.ts';
import { putClientItems } from './shared/client-writes.ts';
import type { ResolverContext } from './shared/context.ts';
import type { Client, MutationAddClientArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationAddClientArgs>): DynamoDBTransactWriteItemsRequest {
  const caller = ctx.stash.caller;
  const id = util.autoId();
  const now = util.time.nowISO8601();
  const items = clientItems(caller.practiceId, id, ctx.stash.therapistId, ctx.stash.clientInput, {
    status: CLIENT_STATUS.active,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: caller.sub,
    updatedBy: caller.sub,
  });
  ctx.stash.written = items[0];
  return {
    operation: 'TransactWriteItems',
    transactItems: putClientItems(ctx, items, { expression: 'attribute_not_exists(PK)', returnValuesOnConditionCheckFailure: false }),
  };
}

export function response(ctx: ResolverContext<MutationAddClientArgs>): Client {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const client = toClient(ctx.stash.written);
  ctx.stash.audit = { action: 'client.create', entityType: 'Client', entityId: client.id };
  return client;
}
