/**
 * IntakeSettings.put (data source: PracticeTable): set/removeTherapistIntakeFormSettings(formName)
 * and setTherapistIntakeFormSettingsDefault(formName, default) — the change applied to the forms
 * read by IntakeSettings.load (domain/documents/intake.ts changeIntakeForms), written if the item
 * is still the version read (a concurrent change: ConflictError, nothing written). A form outside
 * the library, or not chosen for remove/default, is a ValidationError.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { changeIntakeForms, chosenForms, intakeSettingsKey, toIntakeSettings, type IntakeSettingsChange } from '../../domain/documents/intake.ts';
import { documentProblemMessage } from '../../domain/documents/consent.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { ResolverContext, SharedArgs, StoredItem } from '../shared/context.ts';
import type { MutationRemoveTherapistIntakeFormSettingsArgs, MutationSetTherapistIntakeFormSettingsArgs, MutationSetTherapistIntakeFormSettingsDefaultArgs } from '../../domain/graphql.generated.ts';

type Ctx = ResolverContext<SharedArgs<MutationSetTherapistIntakeFormSettingsArgs | MutationRemoveTherapistIntakeFormSettingsArgs | MutationSetTherapistIntakeFormSettingsDefaultArgs>, StoredItem>;

function changeOf(ctx: Ctx): IntakeSettingsChange {
  const field = ctx.info.fieldName;
  if (field === 'removeTherapistIntakeFormSettings') {
    return { kind: 'remove' };
  }
  if (field === 'setTherapistIntakeFormSettingsDefault') {
    return { kind: 'default', value: ctx.args.default === true };
  }
  return { kind: 'set' };
}

export function request(ctx: Ctx): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const item = ctx.stash.intakeSettings;
  const change = changeIntakeForms(chosenForms(item), ctx.args.formName, changeOf(ctx));
  if (change.problem !== null) {
    util.error(documentProblemMessage([change.problem], 'intake form'), 'ValidationError', null, { fields: [{ field: change.problem.field, reason: change.problem.reason }] });
  }
  const version = item && typeof item.version === 'number' ? (item.version) : 0;
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(intakeSettingsKey(caller.practiceId)),
    attributeValues: util.dynamodb.toMapValues({ entity: 'IntakeFormSettings', forms: change.forms, version: version + 1, updatedAt: util.time.nowISO8601(), updatedBy: caller.sub }),
    condition:
      version === 0
        ? { expression: 'attribute_not_exists(PK)' }
        : { expression: 'attribute_exists(PK) AND #version = :version', expressionNames: { '#version': 'version' }, expressionValues: util.dynamodb.toMapValues({ ':version': version }) },
  };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(MESSAGES.intakeSettingsChanged, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  ctx.stash.audit = { action: 'intakeForms.update', entityType: 'IntakeFormSettings', entityId: ctx.stash.caller.practiceId };
  return toIntakeSettings(ctx.result);
}
