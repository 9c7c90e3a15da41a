/**
 * IntakeSettings.load (data source: PracticeTable): the practice's intake form settings item (one
 * per practice; absent: no forms chosen, version 0). Answers getTherapistIntakeFormSettings and
 * feeds IntakeSettings.put.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { intakeSettingsKey, toIntakeSettings } from '../../domain/documents/intake.ts';
import type { AnyArgs, ResolverContext } from '../shared/context.ts';

/** getTherapistIntakeFormSettings and the intake settings writes: reads none of their arguments. */
type Ctx = ResolverContext<AnyArgs>;

export function request(ctx: Ctx): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(intakeSettingsKey(ctx.stash.caller.practiceId)), consistentRead: true };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const item = (ctx.result as Record<string, unknown> | null) || null;
  ctx.stash.intakeSettings = item;
  ctx.stash.audit = { action: 'intakeForms.read', entityType: 'IntakeFormSettings', entityId: ctx.stash.caller.practiceId };
  return toIntakeSettings(item);
}
