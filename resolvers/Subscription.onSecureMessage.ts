/**
 * Subscription.onSecureMessage and Subscription.onClientMessage (data source: NONE): run when a
 * practice member or a client subscribes. The filter is set here from the caller's identity
 * (AppSync enhanced filtering), never from the subscription's arguments:
 *   - a member (after `authorize`): events of their practice; with an 'own' reach only those of
 *     their clients (the event's therapistId); no messaging reach → Unauthorized;
 *   - a client (after CLIENT_AUTHORIZE): one filter group per usable link (practice and client).
 * An argument (conversationId) can only narrow what the filter already allows. Subscribing is
 * audited for members (the `audit` step); events are delivered by AppSync without a resolver run.
 * The subscriber's sign-out closes it (Mutation.endSession invalidates by userId).
 */
import { extensions, util, type NONERequest, type SubscriptionFilter } from '@aws-appsync/utils';
import { clientMessageFilter, memberMessageFilter } from '../domain/messaging/access.ts';
import type { Caller, ClientPrincipal, EitherResolverContext, SharedArgs } from './shared/context.ts';
import type { SubscriptionOnClientMessageArgs, SubscriptionOnSecureMessageArgs } from '../domain/graphql.generated.ts';

/** onSecureMessage (a member, after authorize) and onClientMessage (a client, after CLIENT_AUTHORIZE). */
type Ctx = EitherResolverContext<SharedArgs<SubscriptionOnSecureMessageArgs | SubscriptionOnClientMessageArgs>>;

export function request(_ctx: Ctx): NONERequest {
  return { payload: null };
}

export function response(ctx: Ctx): null {
  const client = ctx.stash.client;
  if (ctx.info.fieldName === 'onClientMessage') {
    const filter = clientMessageFilter((client && client.links) || []);
    if (!filter) {
      util.unauthorized();
    }
    extensions.setSubscriptionFilter(filter as unknown as SubscriptionFilter);
    extensions.setSubscriptionInvalidationFilter(util.transform.toSubscriptionFilter({ userId: { eq: (client as ClientPrincipal).sub } }));
    return null;
  }
  // A member's subscription: after authorize.
  const caller = ctx.stash.caller as Caller;
  const filter = memberMessageFilter({ sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles, groups: caller.groups });
  if (!filter) {
    util.unauthorized();
  }
  extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter(filter));
  extensions.setSubscriptionInvalidationFilter(util.transform.toSubscriptionFilter({ userId: { eq: caller.sub } }));
  ctx.stash.audit = { action: 'message.subscribe', entityType: 'Conversation', entityId: null };
  return null;
}
