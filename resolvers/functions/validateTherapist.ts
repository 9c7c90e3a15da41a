/**
 * Therapist.validate (data source: NONE): validates editTherapist's input with domain/profile.ts.
 * A bad field is a ValidationError listing {field, reason} — names, never values.
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import { profileProblemSummary, validateTherapistInput } from '../../domain/profile.ts';
import type { ResolverContext } from '../shared/context.ts';
import type { MutationEditTherapistArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationEditTherapistArgs>): NONERequest {
  const today = util.time.nowISO8601().substring(0, 10);
  const validation = validateTherapistInput(ctx.args.input, today);
  if (validation.problems.length > 0) {
    util.error(profileProblemSummary(validation.problems), 'ValidationError', null, { fields: validation.problems });
  }
  ctx.stash.therapistInput = validation.data;
  return { payload: null };
}

export function response(ctx: ResolverContext<MutationEditTherapistArgs>): unknown {
  return ctx.prev.result;
}
