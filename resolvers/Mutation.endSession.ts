/**
 * Mutation.endSession (data source: DirectoryTable): the portal's sign-out (Logout and the idle
 * logoff) calls it before Cognito's global sign-out. It marks the caller's membership signed out
 * now, so every token of a sign-in that started before now — this one included, on this device
 * or another — is refused by the authorize step from the next request on (resolvers/shared/session-end.ts).
 * The caller's own sign-in is named, so it is ended even when it began in this very second.
 * The caller's open subscriptions are closed too (each subscription field sets an invalidation
 * filter on its subscriber's sub; add new subscription fields to SUBSCRIPTION_FIELDS).
 */
import { extensions, util, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { membershipKey } from '../domain/tables.ts';
import { signedOutSessions } from './shared/session-end.ts';
import type { ResolverContext } from './shared/context.ts';

/** Subscription fields whose subscriptions close when their subscriber signs out. */
const SUBSCRIPTION_FIELDS = ['onUserAuthEvent', 'onSecureMessage', 'onRiskAlert'];

export function request(ctx: ResolverContext): DynamoDBUpdateItemRequest {
  const claims = ((ctx.identity as { claims?: Record<string, unknown> } | null) || {}).claims || {};
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(membershipKey(ctx.stash.caller.sub)),
    update: {
      expression: 'SET signedOutAt = :at, signedOutSessions = :sessions',
      expressionValues: util.dynamodb.toMapValues({ ':at': util.time.nowEpochSeconds(), ':sessions': signedOutSessions([claims.origin_jti]) }),
    },
    // The membership was just read by authorize; a removal in between writes nothing.
    condition: { expression: 'attribute_exists(PK)' },
  };
}

export function response(ctx: ResolverContext): boolean {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.unauthorized();
    }
    util.error('The session could not be ended.', 'InternalFailure');
  }
  const userId = ctx.stash.caller.sub;
  SUBSCRIPTION_FIELDS.forEach((subscriptionField) => extensions.invalidateSubscriptions({ subscriptionField, payload: { userId } }));
  return true;
}
