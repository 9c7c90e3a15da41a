/**
 * Practice.load (data source: DirectoryTable): the practice's record — its owner's membership
 * (practiceId is the owner's sub), which holds the plan and subscription — for getCurrentPlan and
 * hasEnterpriseSubscription. One GetItem; the practice comes from the authorize step.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { membershipKey } from '../../domain/tables.ts';
import { toCurrentPlan } from '../../domain/plan.ts';
import type { ResolverContext } from '../shared/context.ts';

export function request(ctx: ResolverContext): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(membershipKey(ctx.stash.caller.practiceId)), consistentRead: true };
}

export function response(ctx: ResolverContext): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const owner = (ctx.result as Record<string, unknown> | null) || null;
  if (ctx.info.fieldName === 'hasEnterpriseSubscription') {
    return owner !== null && owner.enterprise === true;
  }
  return toCurrentPlan(owner);
}
