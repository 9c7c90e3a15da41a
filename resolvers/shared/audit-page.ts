/**
 * The one paged audit step (issue 17): a page of the caller's practice partition of the Audit
 * table, newest first, 20 entries a read, its nextToken bound to the caller, the query and the
 * filter (page-token.ts). Used by listAuditTrail (every entry) and listAccountActivity (Session
 * entries only: a filtered page may hold fewer than 20).
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { practicePartition } from '../../domain/tables.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken } from './page-token.ts';
import type { PageState, QueryResult, ResolverContext, StoredItem } from './context.ts';

export const AUDIT_PAGE_SIZE = 20;

/** The request; `entityType`, when given, keeps only that kind of entry (and binds the token to it). */
export function auditPageRequest(ctx: ResolverContext<{ nextToken?: string | null }>, entityType: string | null): DynamoDBQueryRequest {
  const binding = pageBinding(ctx, entityType === null ? [] : [entityType]);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  const partition = practicePartition(ctx.stash.caller.practiceId);
  ctx.stash.page = { binding: binding, attribute: 'PK', partition: partition };
  const request: DynamoDBQueryRequest = {
    operation: 'Query',
    query: { expression: '#pk = :pk', expressionNames: { '#pk': 'PK' }, expressionValues: util.dynamodb.toMapValues({ ':pk': partition }) },
    scanIndexForward: false,
    limit: AUDIT_PAGE_SIZE,
    nextToken: nextToken,
  };
  if (entityType !== null) {
    request.filter = { expression: '#entityType = :entityType', expressionNames: { '#entityType': 'entityType' }, expressionValues: util.dynamodb.toMapValues({ ':entityType': entityType }) };
  }
  return request;
}

/** The page's entries (each in the caller's partition, else 'Invalid page token') and the sealed token. */
export function auditPage(ctx: ResolverContext<{ nextToken?: string | null }>): { entries: StoredItem[]; nextToken: string | null } {
  const page = ctx.stash.page as PageState & { attribute: string };
  return { entries: pageItems(ctx, page.attribute, page.partition), nextToken: sealPageToken((ctx.result as QueryResult).nextToken, page.binding) };
}
