/**
 * Mutation.publishRiskAlert (data source: NONE; issue 13): the assessments Lambdas' publish of a
 * raised risk alert, signed with their IAM role (schema: @aws_iam on this field alone, so no
 * console or client token reaches it). The event is the arguments as they came (ids and the time,
 * no PHI); AppSync hands it to onRiskAlert's subscribers whose filter (practice, clinician) it
 * matches. Any other auth mode is refused here as well, in case the schema's directive is lost.
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import type { AnyArgs, ResolverContext } from './shared/context.ts';

export function request(ctx: ResolverContext<AnyArgs>): NONERequest {
  if (util.authType() !== 'IAM Authorization') {
    util.unauthorized();
  }
  return { payload: { practiceId: ctx.args.practiceId, therapistId: ctx.args.therapistId, alertId: ctx.args.alertId, raisedAt: ctx.args.raisedAt } };
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  return ctx.result;
}
