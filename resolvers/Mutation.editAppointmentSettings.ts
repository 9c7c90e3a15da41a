/**
 * Mutation.editAppointmentSettings(version, input) (data source: PracticeTable): the stored
 * settings (loaded by the step before) with the input's fields changed, written if `version` is
 * still the stored one (0: never saved). A bad field is a ValidationError naming it; a stale
 * version a ConflictError; neither writes anything.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { appointmentSettingsKey } from '../domain/appointment/keys.ts';
import { appointmentProblemMessage } from '../domain/appointment/problems.ts';
import { appointmentSettingsOf, toAppointmentSettings, validateAppointmentSettings } from '../domain/appointment/settings.ts';
import type { ResolverContext } from './shared/context.ts';
import type { MutationEditAppointmentSettingsArgs } from '../domain/graphql.generated.ts';

export const CONFLICT = 'The settings were changed by someone else. Reload them and try again.';

export function request(ctx: ResolverContext<MutationEditAppointmentSettingsArgs>): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const stored = ctx.stash.appointmentSettings;
  const version = ctx.args.version;
  const storedVersion = stored && typeof stored.version === 'number' ? stored.version : 0;
  const validation = validateAppointmentSettings(ctx.args.input, appointmentSettingsOf(stored));
  if (validation.problems.length > 0) {
    util.error(appointmentProblemMessage(validation.problems).split('appointment input').join('appointment settings input'), 'ValidationError', null, { fields: validation.problems });
  }
  if (typeof version !== 'number' || version !== storedVersion) {
    util.error(CONFLICT, 'ConflictError');
  }
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(appointmentSettingsKey(caller.practiceId)),
    attributeValues: util.dynamodb.toMapValues({ kind: 'AppointmentSettings', data: validation.data, version: version + 1, updatedAt: util.time.nowISO8601(), updatedBy: caller.sub }),
    condition:
      version === 0
        ? { expression: 'attribute_not_exists(PK)' }
        : { expression: 'attribute_exists(PK) AND #version = :version', expressionNames: { '#version': 'version' }, expressionValues: util.dynamodb.toMapValues({ ':version': version }) },
  };
}

export function response(ctx: ResolverContext<MutationEditAppointmentSettingsArgs>): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(CONFLICT, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  ctx.stash.audit = { action: 'settings.update', entityType: 'AppointmentSettings', entityId: ctx.stash.caller.practiceId };
  return toAppointmentSettings(ctx.result as Record<string, unknown>, ctx.stash.practiceDetails);
}
