/**
 * Query.listAuditTrail (data source: AuditTable): the practice's audit trail, newest first, 20 a
 * page (the paged audit step, shared/audit-page.ts) — who read or changed what, when; entries hold
 * ids, never PHI values. Owner only.
 */
import type { DynamoDBQueryRequest } from '@aws-appsync/utils';
import { auditPage, auditPageRequest } from './shared/audit-page.ts';
import type { ResolverContext } from './shared/context.ts';
import type { QueryListAuditTrailArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryListAuditTrailArgs>): DynamoDBQueryRequest {
  return auditPageRequest(ctx, null);
}

export function response(ctx: ResolverContext<QueryListAuditTrailArgs>): Record<string, unknown> {
  const page = auditPage(ctx);
  return {
    items: page.entries.map((item) => ({
      at: item.at,
      actor: item.actor,
      action: item.action,
      entityType: item.entityType || null,
      entityId: item.entityId || null,
      entityIds: item.entityIds || null,
      field: item.field || null,
    })),
    nextToken: page.nextToken,
  };
}
