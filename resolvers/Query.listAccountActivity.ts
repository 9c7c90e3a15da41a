/**
 * Query.listAccountActivity (data source: AuditTable): sign-ins and sign-outs of the caller's
 * practice, newest first — a Query on the practice's audit partition filtered to Session entries
 * (logUserAuthEvent). Pages read 20 audit entries, so a page may hold fewer than 20 events; follow
 * nextToken. (A session-only index would make pages full: see docs/decisions.md.)
 */
import { util, type Context, type DynamoDBQueryRequest } from '@aws-appsync/utils';

export const PAGE_SIZE = 20;

export function request(ctx: Context): DynamoDBQueryRequest {
  return {
    operation: 'Query',
    query: { expression: '#pk = :pk', expressionNames: { '#pk': 'PK' }, expressionValues: util.dynamodb.toMapValues({ ':pk': 'P#' + ctx.stash.caller.practiceId }) },
    filter: { expression: '#entityType = :session', expressionNames: { '#entityType': 'entityType' }, expressionValues: util.dynamodb.toMapValues({ ':session': 'Session' }) },
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
    items: items.map((item) => ({ practiceId: ctx.stash.caller.practiceId, userId: item.actor, event: item.action, at: item.at })),
    nextToken: ctx.result.nextToken || null,
  };
}
