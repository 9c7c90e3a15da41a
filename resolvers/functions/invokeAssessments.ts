/**
 * Assessments.invoke (data source: Lambda:assessments; issue 13): every assessments field, both
 * principals. A member comes from `authorize` (practice, roles: never from arguments) and, for a
 * client's fields, ClientAccess.client (the client in the caller's reach); a client from
 * CLIENT_AUTHORIZE (their usable links). The Lambda answers `{ data, audit }`: the result, and the
 * note for the `audit` step (members; the client's side is audited by the Lambda per practice).
 * The two paged lists' tokens are sealed here to the caller, the field and its arguments
 * (resolvers/shared/page-token.ts, as billing and supervision): the Lambda sees only its own cursor
 * (a sort key it checks against the key range it rebuilds from the caller) and answers the next one.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { openPageToken, pageBinding, sealPageToken } from '../shared/page-token.ts';
import type { AnyArgs, AuditNote, ResolverContext } from '../shared/context.ts';

type ClientPrincipal = { sub: string; links: { practiceId: string; clientId: string }[] };

/** The paged fields and the arguments that shape their pages. */
function pageShape(ctx: ResolverContext<AnyArgs>): unknown[] | null {
  const field = ctx.info.fieldName;
  if (field === 'listAssessmentResponses') {
    return [ctx.args.clientId];
  }
  if (field === 'listRiskAlerts') {
    return [ctx.args.resolved === true];
  }
  return null;
}

export function request(ctx: ResolverContext<AnyArgs>): LambdaRequest {
  const client = (ctx.stash as unknown as { client?: ClientPrincipal }).client;
  const isClient = !!(client && client.links);
  const caller = ctx.stash.caller;
  const shape = isClient ? null : pageShape(ctx);
  const cursor = shape ? openPageToken(ctx.args.nextToken, pageBinding(ctx, shape)) : undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      principal: isClient ? 'client' : 'member',
      caller: client && isClient ? { sub: client.sub } : { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles || [], groups: caller.groups || [] },
      links: client && isClient ? client.links : null,
      client: ctx.stash.portalClient || null,
      cursor: cursor || null,
      args: ctx.args,
    },
  };
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  const result = lambdaResult(ctx) as { data?: unknown; audit?: AuditNote | null } | null;
  if (result && result.audit) {
    ctx.stash.audit = result.audit;
  }
  const data = result ? result.data : null;
  const client = (ctx.stash as unknown as { client?: ClientPrincipal }).client;
  const shape = client && client.links ? null : pageShape(ctx);
  if (shape && data) {
    const page = data as { items: unknown[]; nextToken?: string | null };
    return { items: page.items, nextToken: sealPageToken(page.nextToken, pageBinding(ctx, shape)) };
  }
  return data;
}
