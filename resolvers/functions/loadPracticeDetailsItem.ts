/**
 * PracticeDetails.load (data source: PracticeTable): the practice-details item (timezone,
 * locations) into `ctx.stash.practiceDetails` for getAppointmentSettings and
 * editAppointmentSettings, which every appointment reader may call (getPracticeDetails itself is
 * owner/admin only). Nothing else of the item leaves the resolver.
 */
import { util, type Context, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { settingsKey } from '../../domain/practice.ts';

export function request(ctx: Context): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(settingsKey(ctx.stash.caller.practiceId, 'PracticeDetails')) };
}

export function response(ctx: Context): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  ctx.stash.practiceDetails = ctx.result || null;
  return ctx.prev.result;
}
