/**
 * Query.listAccountActivity (data source: AuditTable): sign-ins and sign-outs of the caller's
 * practice, newest first — a Query on the practice's audit partition filtered to Session entries
 * (logUserAuthEvent). Pages read 20 audit entries, so a page may hold fewer than 20 events; follow
 * nextToken. (A session-only index would make pages full: see docs/decisions.md.)
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { practicePartition } from '../domain/tables.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { QueryListAccountActivityArgs } from '../domain/graphql.generated.ts';

export const PAGE_SIZE = 20;

export function request(ctx: ResolverContext<QueryListAccountActivityArgs>): DynamoDBQueryRequest {
  const binding = pageBinding(ctx, ['Session']);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  const partition = practicePartition(ctx.stash.caller.practiceId);
  ctx.stash.page = { binding: binding, attribute: 'PK', partition: partition };
  return {
    operation: 'Query',
    query: { expression: '#pk = :pk', expressionNames: { '#pk': 'PK' }, expressionValues: util.dynamodb.toMapValues({ ':pk': partition }) },
    filter: { expression: '#entityType = :session', expressionNames: { '#entityType': 'entityType' }, expressionValues: util.dynamodb.toMapValues({ ':session': 'Session' }) },
    scanIndexForward: false,
    limit: PAGE_SIZE,
    nextToken: nextToken,
  };
}

export function response(ctx: ResolverContext<QueryListAccountActivityArgs>): Record<string, unknown> {
  const page = ctx.stash.page as { binding: PageBinding; attribute: string; partition: string };
  const items = pageItems(ctx, page.attribute, page.partition);
  return {
    items: items.map((item) => ({ practiceId: ctx.stash.caller.practiceId, userId: item.actor, event: item.action, at: item.at })),
    nextToken: sealPageToken((ctx.result as QueryResult).nextToken, page.binding),
  };
}
