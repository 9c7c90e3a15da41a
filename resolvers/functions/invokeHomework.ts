/**
 * Homework.invoke (data source: Lambda:homework; issue 14): homework and groups for both principals.
 * A member (after authorize) sends the practice, roles and groups from the membership (the Lambda
 * works out whom they reach); a client (after authorizeClient) sends only their sub. The homework
 * list's page token is sealed here to the caller, the field and its filters
 * (resolvers/shared/page-token.ts); the Lambda sees only its cursor. Members' calls get the
 * Lambda's audit note for the `audit` step; the client's are audited by the Lambda.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { openPageToken, pageBinding, sealPageToken } from '../shared/page-token.ts';
import type { AnyArgs, AuditNote, ResolverContext } from '../shared/context.ts';

type Ctx = ResolverContext<AnyArgs>;
type ClientPrincipal = { sub?: string } | undefined;

function shaping(ctx: Ctx): unknown[] {
  return [ctx.args.clientId || null, ctx.args.groupId || null, ctx.args.state || null, ctx.args.from || null, ctx.args.to || null];
}

function principal(ctx: Ctx): ClientPrincipal {
  return (ctx.stash as unknown as { client?: ClientPrincipal }).client;
}

export function request(ctx: Ctx): LambdaRequest {
  const client = principal(ctx);
  const isClient = !!(client && client.sub);
  const caller = ctx.stash.caller;
  const paged = !isClient && ctx.info.fieldName === 'listHomework';
  const cursor = paged ? openPageToken(ctx.args.nextToken, pageBinding(ctx, shaping(ctx))) : undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      client: isClient ? { sub: (client as { sub: string }).sub } : null,
      caller: isClient ? null : { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles || [], groups: caller.groups || [] },
      cursor: cursor || null,
      args: ctx.args,
    },
  };
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx) as { data?: unknown; audit?: AuditNote | null } | null;
  if (result && result.audit) {
    ctx.stash.audit = result.audit;
  }
  const data = result ? result.data : null;
  const client = principal(ctx);
  if (!(client && client.sub) && ctx.info.fieldName === 'listHomework' && data) {
    const page = data as { items: unknown[]; nextToken?: string | null };
    return { items: page.items, nextToken: sealPageToken(page.nextToken, pageBinding(ctx, shaping(ctx))) };
  }
  return data;
}
