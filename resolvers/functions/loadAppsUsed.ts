/**
 * AppsUsed.load (data source: PracticeTable): getAppsUsed, getAppsUsedByTeamOwner,
 * getHideCommunitiesForApps, getHideHealthNutritionForApps — one GetItem of the practice's apps
 * record. A `teamOwnerId` argument must be the caller's own practice: any other is NotFound
 * (another practice's ids are indistinguishable from missing ones), and nothing is read.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { appsUsedKey, toAppsUsed, toHideCommunities, toHideHealthNutrition } from '../../domain/practice.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { QueryGetAppsUsedByTeamOwnerArgs, QueryGetHideCommunitiesForAppsArgs, QueryGetHideHealthNutritionForAppsArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<QueryGetAppsUsedByTeamOwnerArgs | QueryGetHideCommunitiesForAppsArgs | QueryGetHideHealthNutritionForAppsArgs>>): DynamoDBGetItemRequest {
  const caller = ctx.stash.caller;
  const owner = ctx.args.teamOwnerId;
  if (owner !== undefined && owner !== null && owner !== caller.practiceId) {
    util.error('Practice not found', 'NotFound');
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(appsUsedKey(caller.practiceId)), consistentRead: true };
}

export function response(ctx: ResolverContext<SharedArgs<QueryGetAppsUsedByTeamOwnerArgs | QueryGetHideCommunitiesForAppsArgs | QueryGetHideHealthNutritionForAppsArgs>>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const item = (ctx.result as Record<string, unknown> | null) || null;
  const field = ctx.info.fieldName;
  if (field === 'getHideCommunitiesForApps') {
    return toHideCommunities(item);
  }
  if (field === 'getHideHealthNutritionForApps') {
    return toHideHealthNutrition(item);
  }
  return toAppsUsed(item);
}
