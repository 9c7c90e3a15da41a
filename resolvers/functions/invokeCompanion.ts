/**
 * Companion.invoke (data source: Lambda:companion; issue 14): the companion apps' fields for both
 * principals. A client (after authorizeClient) sends only their sub — every read and write is in
 * their own partition; a member (after authorize, and ClientAccess.client for one client's fields)
 * sends the practice from the membership and the client scope from the roles. Page tokens are
 * sealed here to the caller, the field and the shaping arguments (resolvers/shared/page-token.ts);
 * the Lambda sees only its own cursor. Members' calls get their audit note for the `audit` step;
 * the client's sharing changes are audited by the Lambda in each practice's trail.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { filterHash, openPageToken, pageBinding, sealPageToken, type PageBinding } from '../shared/page-token.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationInviteClientToShareArgs, QueryGetClientCompanionEntriesArgs, QueryGetClientCompanionStatsArgs, QueryMyCompanionEntriesArgs } from '../../domain/graphql.generated.ts';
import { clientScope } from '../../domain/permissions.ts';

type Args = SharedArgs<QueryGetClientCompanionEntriesArgs | QueryGetClientCompanionStatsArgs | QueryMyCompanionEntriesArgs | MutationInviteClientToShareArgs> & Record<string, unknown>;
type Ctx = ResolverContext<Args>;
/** The client principal as authorizeClient stashes it (in place of a stored client). */
type ClientPrincipal = { sub?: string } | undefined;
type Row = Record<string, unknown>;

const CLIENT_SCOPE = 'CLIENT';
const PAGED = ['myCompanionEntries', 'getClientCompanionEntries'];

const ACTIONS: Record<string, string> = {
  getCompanionSharing: 'companion.sharing.read',
  inviteClientToShare: 'companion.invite',
  listCompanionClients: 'companion.clients.read',
  getClientCompanionEntries: 'companion.entries.read',
  getClientCompanionStats: 'companion.stats.read',
  setAppHideFlags: 'companion.flags.edit',
};

function shaping(ctx: Ctx): unknown[] {
  return [ctx.args.clientId || null, ctx.args.app || null, ctx.args.type || null, ctx.args.from || null, ctx.args.to || null];
}

function principal(ctx: Ctx): ClientPrincipal {
  return ctx.stash.client as unknown as ClientPrincipal;
}

function binding(ctx: Ctx): PageBinding {
  const client = principal(ctx);
  if (client && client.sub) {
    return { practiceId: CLIENT_SCOPE, sub: client.sub, query: ctx.info.parentTypeName + '.' + ctx.info.fieldName, filter: filterHash(shaping(ctx)) };
  }
  return pageBinding(ctx, shaping(ctx));
}

export function request(ctx: Ctx): LambdaRequest {
  const client = principal(ctx);
  const isClient = !!(client && client.sub);
  const caller = ctx.stash.caller;
  const paged = PAGED.indexOf(ctx.info.fieldName) >= 0;
  const cursor = paged ? openPageToken(ctx.args.nextToken, binding(ctx)) : undefined;
  const portalClient = ctx.stash.portalClient as { id: string } | undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      client: isClient ? { sub: (client as { sub: string }).sub } : null,
      caller: isClient ? null : { sub: caller.sub, practiceId: caller.practiceId, scope: clientScope(caller.roles) },
      clientId: portalClient ? portalClient.id : null,
      cursor: cursor || null,
      args: ctx.args,
    },
  };
}

function caller_practice(ctx: Ctx): string {
  return ctx.stash.caller.practiceId;
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx) as Row | Row[];
  const field = ctx.info.fieldName;
  const action = ACTIONS[field];
  if (action) {
    const portalClient = ctx.stash.portalClient as { id: string } | undefined;
    let ids: string[] = [];
    if (field === 'listCompanionClients') {
      ids = (result as Row[]).map((r) => r.clientId as string);
    } else if (field === 'getClientCompanionEntries') {
      ids = ((result as Row).items as Row[]).map((r) => r.id as string);
    }
    if (field === 'setAppHideFlags') {
      ctx.stash.audit = { action: action, entityType: 'Practice', entityId: caller_practice(ctx), entityIds: [(result as Row).app as string] };
    } else {
      ctx.stash.audit = { action: action, entityType: 'Client', entityId: portalClient ? portalClient.id : null, entityIds: ids };
    }
  }
  if (PAGED.indexOf(field) >= 0) {
    const page = result as Row;
    return { items: page.items, nextToken: sealPageToken(page.nextToken, binding(ctx)) };
  }
  return result;
}
