/**
 * Settings.put (data source: PracticeTable): writes the validated settings if `version` is still
 * the stored one (0: never saved). The condition is checked at write time, so a stale edit is a
 * ConflictError and writes nothing. The billing settings also carry the monthly run's index keys
 * (domain/billing/run.ts), so the scheduled job finds the practice by its run day without a Scan.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { settingsKey, settingsKindOf, toSettings, type SettingsKind } from '../../domain/practice.ts';
import { runIndexKeys, type RunSettings } from '../../domain/billing/run.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationEditPracticeDetailsArgs, MutationEditBillingSettingsArgs, MutationEditInsuranceSettingArgs } from '../../domain/graphql.generated.ts';

export const CONFLICT = 'The settings were changed by someone else. Reload them and try again.';

function kindOf(ctx: ResolverContext<SharedArgs<MutationEditPracticeDetailsArgs | MutationEditBillingSettingsArgs | MutationEditInsuranceSettingArgs>>): SettingsKind {
  const kind = settingsKindOf(ctx.info.fieldName);
  if (kind === null) {
    util.error('Unknown settings field', 'InternalError');
  }
  return kind;
}

export function request(ctx: ResolverContext<SharedArgs<MutationEditPracticeDetailsArgs | MutationEditBillingSettingsArgs | MutationEditInsuranceSettingArgs>>): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const kind = kindOf(ctx);
  const version = ctx.args.version as number;
  if (typeof version !== 'number' || version < 0) {
    util.error(CONFLICT, 'ConflictError');
  }
  const key = settingsKey(caller.practiceId, kind);
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(key),
    attributeValues: util.dynamodb.toMapValues(
      Object.assign(
        {
          kind: kind,
          data: ctx.stash.settingsInput,
          version: version + 1,
          updatedAt: util.time.nowISO8601(),
          updatedBy: caller.sub,
        },
        // The monthly billing run's index (issue 15): practices by run day, kept with the settings.
        kind === 'BillingSettings' ? runIndexKeys(caller.practiceId, ctx.stash.settingsInput as RunSettings) : {},
      ),
    ),
    condition:
      version === 0
        ? { expression: 'attribute_not_exists(PK)' }
        : {
            expression: 'attribute_exists(PK) AND #version = :version',
            expressionNames: { '#version': 'version' },
            expressionValues: util.dynamodb.toMapValues({ ':version': version }),
          },
  };
}

export function response(ctx: ResolverContext<SharedArgs<MutationEditPracticeDetailsArgs | MutationEditBillingSettingsArgs | MutationEditInsuranceSettingArgs>>): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(CONFLICT, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  const kind = kindOf(ctx);
  ctx.stash.audit = { action: 'settings.update', entityType: kind, entityId: ctx.stash.caller.practiceId };
  return toSettings(kind, ctx.stash.caller.practiceId, ctx.result as Record<string, unknown>);
}
