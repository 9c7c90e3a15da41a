/** Query.me (data source: NONE): the caller as the authorize step found them. */
import type { NONERequest } from '@aws-appsync/utils';
import type { ResolverContext } from './shared/context.ts';
import type { Me } from '../domain/graphql.generated.ts';

export function request(_ctx: ResolverContext): NONERequest {
  return { payload: null };
}

export function response(ctx: ResolverContext): Me {
  const caller = ctx.stash.caller;
  return {
    id: caller.sub,
    email: caller.email,
    groups: caller.groups,
    practiceId: caller.practiceId,
    roles: caller.roles,
    plan: caller.plan,
  };
}
