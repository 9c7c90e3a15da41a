/**
 * Query.listAuditTrail (data source: AuditTable): the practice's audit trail, newest first, 20 a
 * page — who read or changed what, when; entries hold ids, never PHI values. Owner only.
 */
import { util, type Context, type DynamoDBQueryRequest } from '@aws-appsync/utils';

export const PAGE_SIZE = 20;

export function request(ctx: Context): DynamoDBQueryRequest {
  return {
    operation: 'Query',
    query: { expression: '#pk = :pk', expressionNames: { '#pk': 'PK' }, expressionValues: util.dynamodb.toMapValues({ ':pk': 'P#' + ctx.stash.caller.practiceId }) },
    scanIndexForward: false,
    limit: PAGE_SIZE,
    nextToken: ctx.args.nextToken || null,
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  const items = (ctx.result.items || []) as Record<string, unknown>[];
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
    nextToken: ctx.result.nextToken || null,
  };
}
