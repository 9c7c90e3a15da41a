/**
 * Query.listAuditTrail (data source: AuditTable): the practice's audit trail, newest first, 20 a
 * page — who read or changed what, when; entries hold ids, never PHI values. Owner only.
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { practicePartition } from '../domain/tables.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { QueryListAuditTrailArgs } from '../domain/graphql.generated.ts';

export const PAGE_SIZE = 20;

export function request(ctx: ResolverContext<QueryListAuditTrailArgs>): DynamoDBQueryRequest {
  const binding = pageBinding(ctx, []);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  const partition = practicePartition(ctx.stash.caller.practiceId);
  ctx.stash.page = { binding: binding, attribute: 'PK', partition: partition };
  return {
    operation: 'Query',
    query: { expression: '#pk = :pk', expressionNames: { '#pk': 'PK' }, expressionValues: util.dynamodb.toMapValues({ ':pk': partition }) },
    scanIndexForward: false,
    limit: PAGE_SIZE,
    nextToken: nextToken,
  };
}

export function response(ctx: ResolverContext<QueryListAuditTrailArgs>): Record<string, unknown> {
  const page = ctx.stash.page as { binding: PageBinding; attribute: string; partition: string };
  const items = pageItems(ctx, page.attribute, page.partition);
  return {
    items: items.map((item) => ({
      at: item.at,
      actor: item.actor,
      action: item.action,
      entityType: item.entityType || null,
      entityId: item.entityId || null,
      entityIds: item.entityIds || null,
      field: item.field || null,
    })),
    nextToken: sealPageToken((ctx.result as QueryResult).nextToken, page.binding),
  };
}
