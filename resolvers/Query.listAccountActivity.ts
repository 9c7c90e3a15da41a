/**
 * Query.listAccountActivity (data source: AuditTable): sign-ins and sign-outs of the caller's
 * practice, newest first — the paged audit step (shared/audit-page.ts) filtered to Session entries
 * (logUserAuthEvent). Pages read 20 audit entries, so a page may hold fewer than 20 events; follow
 * nextToken. (A session-only index would make pages full: see docs/decisions.md.)
 */
import type { DynamoDBQueryRequest } from '@aws-appsync/utils';
import { auditPage, auditPageRequest } from './shared/audit-page.ts';
import type { ResolverContext } from './shared/context.ts';
import type { QueryListAccountActivityArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryListAccountActivityArgs>): DynamoDBQueryRequest {
  return auditPageRequest(ctx, 'Session');
}

export function response(ctx: ResolverContext<QueryListAccountActivityArgs>): Record<string, unknown> {
  const page = auditPage(ctx);
  return {
    items: page.entries.map((item) => ({ practiceId: ctx.stash.caller.practiceId, userId: item.actor, event: item.action, at: item.at })),
    nextToken: page.nextToken,
  };
}
