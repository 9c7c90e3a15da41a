/**
 * Subscription.onRiskAlert (data source: NONE; issue 13): after `authorize` (the Assessments
 * feature and right, FIELD_RULES), the filter comes from the caller, never from arguments: their
 * practice, and with an 'own' reach only the alerts of their clients (the event's therapistId).
 * Events are published by the assessments Lambdas through Mutation.publishRiskAlert (IAM). The
 * subscriber's sign-out closes it (Mutation.endSession invalidates by userId). Audited on subscribe.
 */
import { extensions, util, type NONERequest } from '@aws-appsync/utils';
import { clientScope } from '../domain/permissions.ts';
import type { AnyArgs, ResolverContext } from './shared/context.ts';

export function request(_ctx: ResolverContext<AnyArgs>): NONERequest {
  return { payload: null };
}

export function response(ctx: ResolverContext<AnyArgs>): null {
  const caller = ctx.stash.caller;
  const filter: Record<string, unknown> = clientScope(caller.roles) === 'all'
    ? { practiceId: { eq: caller.practiceId } }
    : { practiceId: { eq: caller.practiceId }, therapistId: { eq: caller.sub } };
  extensions.setSubscriptionFilter(util.transform.toSubscriptionFilter(filter));
  extensions.setSubscriptionInvalidationFilter(util.transform.toSubscriptionFilter({ userId: { eq: caller.sub } }));
  ctx.stash.audit = { action: 'riskAlert.subscribe', entityType: 'Client', entityId: null };
  return null;
}
