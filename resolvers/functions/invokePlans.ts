/**
 * Plans.invoke (data source: Lambda:plans): changePlan. The caller and practice come from the
 * authorize step; the Lambda charges through the PaymentProvider and moves every membership of
 * the practice to the new plan in one transaction.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ResolverContext } from '../shared/context.ts';
import type { MutationChangePlanArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationChangePlanArgs>): LambdaRequest {
  const caller = ctx.stash.caller;
  return {
    operation: 'Invoke',
    payload: { field: ctx.info.fieldName, caller: { sub: caller.sub, practiceId: caller.practiceId }, args: { planId: ctx.args.planId, teleHealth: ctx.args.teleHealth } },
  };
}

export function response(ctx: ResolverContext<MutationChangePlanArgs>): unknown {
  lambdaResult(ctx);
  ctx.stash.audit = { action: 'plan.change', entityType: 'Subscription', entityId: ctx.stash.caller.practiceId };
  return ctx.result;
}
