/**
 * Team.invoke (data source: Lambda:team-members): addTeamMember / editTeamMember /
 * removeTeamMember / checkUserStatus. The caller's sub and practice come from the authorize step, never from
 * arguments; the Lambda scopes every target to that practice. The user pool is the one that issued the
 * caller's token.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ResolverContext, SharedArgs, StoredItem } from '../shared/context.ts';
import type { MutationAddTeamMemberArgs, MutationEditTeamMemberArgs, MutationRemoveTeamMemberArgs, MutationCheckUserStatusArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationAddTeamMemberArgs | MutationEditTeamMemberArgs | MutationRemoveTeamMemberArgs | MutationCheckUserStatusArgs>>): LambdaRequest {
  const caller = ctx.stash.caller;
  // The caller's pool, from their verified token's issuer (…/<userPoolId>): the Lambda needs no configuration.
  const issuer = ((ctx.identity as { issuer?: string } | null) || {}).issuer || '';
  const parts = issuer.split('/');
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId },
      userPoolId: parts[parts.length - 1],
      args: { id: ctx.args.id, email: ctx.args.email, memberDetail: ctx.args.memberDetail, grantedRoles: ctx.args.grantedRoles, clinicianInfo: ctx.args.clinicianInfo },
    },
  };
}

export function response(ctx: ResolverContext<SharedArgs<MutationAddTeamMemberArgs | MutationEditTeamMemberArgs | MutationRemoveTeamMemberArgs | MutationCheckUserStatusArgs>>): unknown {
  lambdaResult(ctx);
  const actions: Record<string, string> = { addTeamMember: 'team.create', editTeamMember: 'team.update', removeTeamMember: 'team.remove', checkUserStatus: 'user.status' };
  ctx.stash.audit = { action: actions[ctx.info.fieldName] || 'team.change', entityType: 'TeamMember', entityId: (ctx.result as StoredItem).id as string };
  return ctx.result;
}
