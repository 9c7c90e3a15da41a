/**
 * A clinician-side Lambda step (billing, supervision…): the request names the field, the caller as
 * `authorize` stashed it (sub, practice, roles, groups, plan — never from arguments) and the arguments;
 * a paged field's page token is opened here and its cursor alone reaches the Lambda, and the
 * Lambda's next cursor goes back sealed to the caller, the field and the arguments that shape the
 * page (resolvers/shared/page-token.ts).
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import type { AnyArgs, ResolverContext } from './context.ts';
import { openPageToken, pageBinding, sealPageToken } from './page-token.ts';

/** The Invoke request; `pageFilter` (the arguments that shape the page) only for a paged field, null otherwise. */
export function memberInvoke(ctx: ResolverContext<AnyArgs>, pageFilter: unknown[] | null): LambdaRequest {
  const caller = ctx.stash.caller;
  const cursor = pageFilter ? openPageToken(ctx.args.nextToken, pageBinding(ctx, pageFilter)) : undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles, groups: caller.groups, plan: caller.plan },
      cursor: cursor || null,
      args: ctx.args,
    },
  };
}

/** A paged field's answer: the Lambda's items and its cursor sealed into the caller's page token. */
export function sealedPage(ctx: ResolverContext<AnyArgs>, items: unknown, cursor: unknown, pageFilter: unknown[]): { items: unknown; nextToken: string | null } {
  return { items, nextToken: sealPageToken(cursor, pageBinding(ctx, pageFilter)) };
}
