/**
 * Query.getConsentDocuments(archived, nextToken) (data source: PracticeTable): a page of 20 of the
 * practice's consent documents by title — one Query on GSI1 (the active list, or the archived one),
 * never a Scan. Page tokens are bound to the caller (resolvers/shared/page-token.ts).
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { consentListPartition, toConsentDocument } from '../domain/documents/consent.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { QueryGetConsentDocumentsArgs } from '../domain/graphql.generated.ts';

type Ctx = ResolverContext<QueryGetConsentDocumentsArgs, QueryResult>;

export const PAGE_SIZE = 20;

export function request(ctx: Ctx): DynamoDBQueryRequest {
  const archived = ctx.args.archived === true;
  const partition = consentListPartition(ctx.stash.caller.practiceId, archived);
  const binding = pageBinding(ctx, [archived]);
  ctx.stash.page = { binding: binding, partition: partition };
  return {
    operation: 'Query',
    index: 'GSI1',
    query: { expression: '#pk = :pk', expressionNames: { '#pk': 'GSI1PK' }, expressionValues: util.dynamodb.toMapValues({ ':pk': partition }) },
    limit: PAGE_SIZE,
    nextToken: openPageToken(ctx.args.nextToken, binding),
  };
}

export function response(ctx: Ctx): Record<string, unknown> {
  const page = ctx.stash.page as { binding: PageBinding; partition: string };
  const docs = pageItems(ctx, 'GSI1PK', page.partition).map((item) => toConsentDocument(item));
  ctx.stash.audit = { action: 'consent.list', entityType: 'ConsentDocument', entityIds: docs.map((d) => d.id as string) };
  return { items: docs, nextToken: sealPageToken(ctx.result.nextToken, page.binding) };
}
