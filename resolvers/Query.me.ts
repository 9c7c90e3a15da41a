/** Query.me (data source: NONE): the caller as the authorize step found them. */
import type { Context, NONERequest } from '@aws-appsync/utils';

export function request(_ctx: Context): NONERequest {
  return { payload: null };
}

export function response(ctx: Context): Record<string, unknown> {
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
