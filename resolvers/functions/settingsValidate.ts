/**
 * Settings.validate (data source: NONE): validates and normalises `ctx.args.input` of
 * editPracticeDetails / editBillingSettings / editInsuranceSetting with domain/practice.ts. A bad
 * field stops the pipeline with a ValidationError listing {field, reason} — names, never values.
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import { settingsKindOf, settingsProblemSummary, validateSettings } from '../../domain/practice.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationEditPracticeDetailsArgs, MutationEditBillingSettingsArgs, MutationEditInsuranceSettingArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationEditPracticeDetailsArgs | MutationEditBillingSettingsArgs | MutationEditInsuranceSettingArgs>>): NONERequest {
  const kind = settingsKindOf(ctx.info.fieldName);
  if (kind === null) {
    util.error('Unknown settings field', 'InternalError');
  }
  const validation = validateSettings(kind, ctx.args.input);
  if (validation.problems.length > 0) {
    util.error(settingsProblemSummary(kind, validation.problems), 'ValidationError', null, { fields: validation.problems });
  }
  ctx.stash.settingsInput = validation.data;
  return { payload: null };
}

export function response(ctx: ResolverContext<SharedArgs<MutationEditPracticeDetailsArgs | MutationEditBillingSettingsArgs | MutationEditInsuranceSettingArgs>>): unknown {
  return ctx.prev.result;
}
