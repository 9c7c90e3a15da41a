/**
 * Client.validate (data source: NONE): validates and normalises `ctx.args.input` with
 * domain/client.ts before anything is read or written. A bad field stops the pipeline with a
 * ValidationError whose errorInfo lists {field, reason} — names, never values. The normalised
 * input goes to `ctx.stash.clientInput`.
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import { problemSummary, validateClientInput } from '../../domain/client.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationAddClientArgs, MutationEditClientArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationAddClientArgs | MutationEditClientArgs>>): NONERequest {
  const today = util.time.nowISO8601().substring(0, 10);
  const validation = validateClientInput(ctx.args.input, today);
  if (validation.problems.length > 0) {
    util.error(problemSummary(validation.problems), 'ValidationError', null, { fields: validation.problems });
  }
  ctx.stash.clientInput = validation.data;
  return { payload: null };
}

export function response(ctx: ResolverContext<SharedArgs<MutationAddClientArgs | MutationEditClientArgs>>): unknown {
  return ctx.prev.result;
}
