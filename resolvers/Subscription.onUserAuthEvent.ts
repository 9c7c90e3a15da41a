/**
 * Subscription.onUserAuthEvent (data source: NONE): runs when a client subscribes. The filter
 * limits delivery to events of the subscriber's own practice (from the membership, via the
 * authorize step), whatever the client asked for. The subscriber's sign-out closes it.
 */
import { extensions, util, type NONERequest } from '@aws-appsync/utils';
import type { ResolverContext } from './shared/context.ts';

export function request(_ctx: ResolverContext): NONERequest {
  return { payload: null };
}

export function response(ctx: ResolverContext): null {
  const caller = ctx.stash.caller;
  extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter({ practiceId: { eq: caller.practiceId } }));
  // Closed when its user signs out (Mutation.endSession invalidates by userId).
  extensions.setSubscriptionInvalidationFilter(util.transform.toSubscriptionFilter({ userId: { eq: caller.sub } }));
  return null;
}
