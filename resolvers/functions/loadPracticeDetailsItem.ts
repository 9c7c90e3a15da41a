/**
 * PracticeDetails.load (data source: PracticeTable): the practice-details item (timezone,
 * locations) into `ctx.stash.practiceDetails` for getAppointmentSettings and
 * editAppointmentSettings, which every appointment reader may call (getPracticeDetails itself is
 * owner/admin only). Nothing else of the item leaves the resolver.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { settingsKey } from '../../domain/practice.ts';
import type { ResolverContext, SharedArgs, StoredItem } from '../shared/context.ts';
import type { MutationEditAppointmentSettingsArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationEditAppointmentSettingsArgs>>): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(settingsKey(ctx.stash.caller.practiceId, 'PracticeDetails')) };
}

export function response(ctx: ResolverContext<SharedArgs<MutationEditAppointmentSettingsArgs>>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  ctx.stash.practiceDetails = (ctx.result as StoredItem | null) || null;
  return ctx.prev.result;
}
