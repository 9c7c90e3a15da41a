/**
 * Query.getAppointmentSettings (data source: PracticeTable), also the load step of
 * editAppointmentSettings: the practice's appointment settings (defaults, version 0, when never
 * saved) with the timezone and location names from PracticeDetails.load. The stored item goes to
 * `ctx.stash.appointmentSettings`.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { appointmentSettingsKey } from '../domain/appointment/keys.ts';
import { toAppointmentSettings } from '../domain/appointment/settings.ts';
import type { ResolverContext, SharedArgs } from './shared/context.ts';
import type { MutationEditAppointmentSettingsArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationEditAppointmentSettingsArgs>>): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(appointmentSettingsKey(ctx.stash.caller.practiceId)), consistentRead: true };
}

export function response(ctx: ResolverContext<SharedArgs<MutationEditAppointmentSettingsArgs>>): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const item = (ctx.result as Record<string, unknown> | null) || null;
  ctx.stash.appointmentSettings = item;
  ctx.stash.audit = { action: 'settings.read', entityType: 'AppointmentSettings', entityId: ctx.stash.caller.practiceId };
  return toAppointmentSettings(item, ctx.stash.practiceDetails);
}
