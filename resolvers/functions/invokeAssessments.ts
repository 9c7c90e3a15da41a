/**
 * Assessments.invoke (data source: Lambda:assessments; issue 13): every assessments field, both
 * principals. A member comes from `authorize` (practice, roles: never from arguments) and, for a
 * client's fields, ClientAccess.client (the client in the caller's reach); a client from
 * CLIENT_AUTHORIZE (their usable links). The Lambda answers `{ data, audit }`: the result, and the
 * note for the `audit` step (members; the client's side is audited by the Lambda per practice).
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { AnyArgs, AuditNote, ResolverContext } from '../shared/context.ts';

type ClientPrincipal = { sub: string; links: { practiceId: string; clientId: string }[] };

export function request(ctx: ResolverContext<AnyArgs>): LambdaRequest {
  const client = (ctx.stash as unknown as { client?: ClientPrincipal }).client;
  const isClient = !!(client && client.links);
  const caller = ctx.stash.caller;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      principal: isClient ? 'client' : 'member',
      caller: client && isClient ? { sub: client.sub } : { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles || [], groups: caller.groups || [] },
      links: client && isClient ? client.links : null,
      client: ctx.stash.portalClient || null,
      args: ctx.args,
    },
  };
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  const result = lambdaResult(ctx) as { data?: unknown; audit?: AuditNote | null } | null;
  if (result && result.audit) {
    ctx.stash.audit = result.audit;
  }
  return result ? result.data : null;
}
