/**
 * Team.validate (data source: NONE): validates addTeamMember / editTeamMember arguments with
 * domain/team.ts before the Lambda runs, so a bad field is a ValidationError with {field, reason}
 * (names, never values). The Lambda validates again: it is the one writer.
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import { teamProblemSummary, validateTeamMember } from '../../domain/team.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationAddTeamMemberArgs, MutationEditTeamMemberArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationAddTeamMemberArgs | MutationEditTeamMemberArgs>>): NONERequest {
  const validation = validateTeamMember(ctx.args.memberDetail, ctx.args.grantedRoles, ctx.args.clinicianInfo);
  if (validation.problems.length > 0) {
    util.error(teamProblemSummary(validation.problems), 'ValidationError', null, { fields: validation.problems });
  }
  return { payload: null };
}

export function response(ctx: ResolverContext<SharedArgs<MutationAddTeamMemberArgs | MutationEditTeamMemberArgs>>): unknown {
  return ctx.prev.result;
}
