/**
 * Settings.get (data source: PracticeTable): getPracticeDetails / getBillingSettings /
 * getInsuranceSetting — one GetItem of the practice's settings item (the kind comes from the field
 * name, the practice from the authorize step). Never saved: the defaults, version 0.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { settingsKey, settingsKindOf, toSettings, type SettingsKind } from '../../domain/practice.ts';
import type { ResolverContext } from '../shared/context.ts';

function kindOf(ctx: ResolverContext): SettingsKind {
  const kind = settingsKindOf(ctx.info.fieldName);
  if (kind === null) {
    util.error('Unknown settings field', 'InternalError');
  }
  return kind;
}

export function request(ctx: ResolverContext): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(settingsKey(ctx.stash.caller.practiceId, kindOf(ctx))), consistentRead: true };
}

export function response(ctx: ResolverContext): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const kind = kindOf(ctx);
  ctx.stash.audit = { action: 'settings.read', entityType: kind, entityId: ctx.stash.caller.practiceId };
  return toSettings(kind, ctx.stash.caller.practiceId, (ctx.result as Record<string, unknown> | null) || null);
}
