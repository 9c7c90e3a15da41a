/**
 * Mutation.endClientSession (data source: DirectoryTable; issue 12): the client portal's sign-out,
 * as Mutation.endSession is the console's. It marks the client signed out now on
 * `CLIENTUSER#<sub>`/`SESSION` (domain/client-link.ts clientSessionKey), which authorizeClient
 * reads with the links, so every token of a sign-in that started before now — this one included —
 * is refused from the next request on (resolvers/shared/session-end.ts). The client's open
 * subscriptions close (they set an invalidation filter on the subscriber's sub).
 */
import { extensions, util, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { clientSessionKey } from '../domain/client-link.ts';
import { signedOutSessions } from './shared/session-end.ts';
import type { ClientResolverContext } from './shared/context.ts';

/** Client subscription fields that close when their subscriber signs out. */
const CLIENT_SUBSCRIPTION_FIELDS = ['onClientMessage'];

export function request(ctx: ClientResolverContext): DynamoDBUpdateItemRequest {
  const claims = ((ctx.identity as { claims?: Record<string, unknown> } | null) || {}).claims || {};
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(clientSessionKey(ctx.stash.client.sub)),
    update: {
      expression: 'SET signedOutAt = :at, signedOutSessions = :sessions, entity = :entity',
      expressionValues: util.dynamodb.toMapValues({ ':at': util.time.nowEpochSeconds(), ':sessions': signedOutSessions([claims.origin_jti]), ':entity': 'ClientSession' }),
    },
  };
}

export function response(ctx: ClientResolverContext): boolean {
  if (ctx.error) {
    util.error('The session could not be ended.', 'InternalFailure');
  }
  const userId = ctx.stash.client.sub;
  CLIENT_SUBSCRIPTION_FIELDS.forEach((subscriptionField) => extensions.invalidateSubscriptions({ subscriptionField, payload: { userId } }));
  return true;
}
