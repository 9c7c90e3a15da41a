/**
 * Client.load (data source: PracticeTable): reads the client named by `ctx.args.id` in the
 * caller's practice (keys from the membership, never from arguments) for editClient and
 * removeClient. Missing, another practice's, or outside an 'own' scope: all the same NotFound.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { clientKey, MAX_LENGTH, toClient } from '../../domain/client.ts';
import { clientScope } from '../../domain/permissions.ts';
import type { ResolverContext, SharedArgs, StoredClient } from '../shared/context.ts';
import type { MutationEditClientArgs, MutationRemoveClientArgs, MutationRestoreClientArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationEditClientArgs | MutationRemoveClientArgs | MutationRestoreClientArgs>>): DynamoDBGetItemRequest {
  const id = ctx.args.id as string;
  if (!id || id.length > MAX_LENGTH.id) {
    util.error('Client not found', 'NotFound');
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(clientKey(ctx.stash.caller.practiceId, id)), consistentRead: true };
}

export function response(ctx: ResolverContext<SharedArgs<MutationEditClientArgs | MutationRemoveClientArgs | MutationRestoreClientArgs>>): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const item = ctx.result as Record<string, unknown> | null;
  if (!item || (clientScope(caller.roles) === 'own' && item.therapistId !== caller.sub)) {
    util.error('Client not found', 'NotFound');
  }
  ctx.stash.client = item as StoredClient;
  return toClient(item);
}
