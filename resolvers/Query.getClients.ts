/**
 * Query.getClients (data source: PracticeTable): a page of 20 active (or, with status archived,
 * archived) clients by name — one Query, never a Scan. Practice-wide rights read GSI1, an 'own' scope GSI2 (the caller's clients).
 * Without a search: the client items, by "first last". With a search: the name-search entries
 * (domain/client.ts), so the search matches the start of "first last" or of "last first" ("Lopez,
 * Ana" reads as "lopez ana"); a client found by both names appears once per page.
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { CLIENT_STATUS, clientListPartition, clientSearchPartition, clientSearchPrefix, MAX_LENGTH, ownClientsPartition, toClient } from '../domain/client.ts';
import { clientScope } from '../domain/permissions.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { Client, ClientPage, QueryGetClientsArgs } from '../domain/graphql.generated.ts';

export const PAGE_SIZE = 20;

export function request(ctx: ResolverContext<QueryGetClientsArgs>): DynamoDBQueryRequest {
  const caller = ctx.stash.caller;
  const search = typeof ctx.args.search === 'string' ? clientSearchPrefix(ctx.args.search) : '';
  if (search.length > MAX_LENGTH.search) {
    util.error('Invalid search: search (length)', 'ValidationError', null, { fields: [{ field: 'search', reason: 'length' }] });
  }
  const status = ctx.args.status === null || ctx.args.status === undefined ? CLIENT_STATUS.active : ctx.args.status;
  if (status !== CLIENT_STATUS.active && status !== CLIENT_STATUS.archived) {
    util.error('Invalid status: status (format)', 'ValidationError', null, { fields: [{ field: 'status', reason: 'format' }] });
  }
  const archived = status === CLIENT_STATUS.archived;
  if (archived && search.length > 0) {
    util.error('Invalid search: archived clients are listed without a search', 'ValidationError', null, { fields: [{ field: 'search', reason: 'format' }] });
  }
  const all = clientScope(caller.roles) === 'all';
  const searching = search.length > 0;
  const index = all ? 'GSI1' : 'GSI2';
  const names = { '#pk': index + 'PK', '#sk': index + 'SK' };
  let partition = all ? clientListPartition(caller.practiceId, archived) : ownClientsPartition(caller.practiceId, caller.sub);
  let prefix = all ? '' : archived ? 'ArchivedClient#' : 'Client#';
  if (searching) {
    partition = all ? clientSearchPartition(caller.practiceId) : ownClientsPartition(caller.practiceId, caller.sub);
    prefix = all ? search : 'ClientName#' + search;
  }
  const query = prefix.length > 0
    ? { expression: '#pk = :pk AND begins_with(#sk, :prefix)', expressionNames: names, expressionValues: util.dynamodb.toMapValues({ ':pk': partition, ':prefix': prefix }) }
    : { expression: '#pk = :pk', expressionNames: { '#pk': names['#pk'] }, expressionValues: util.dynamodb.toMapValues({ ':pk': partition }) };
  const binding = pageBinding(ctx, [index, search, status]);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  ctx.stash.page = { binding: binding, attribute: names['#pk'], partition: partition };
  return { operation: 'Query', index: index, query: query, limit: PAGE_SIZE, nextToken: nextToken };
}

export function response(ctx: ResolverContext<QueryGetClientsArgs>): ClientPage {
  const page = ctx.stash.page as { binding: PageBinding; attribute: string; partition: string };
  const items = pageItems(ctx, page.attribute, page.partition);
  const seen: Record<string, boolean> = {};
  const clients: Client[] = [];
  items.forEach((item) => {
    const id = item.id as string;
    if (!seen[id]) {
      seen[id] = true;
      clients.push(toClient(item));
    }
  });
  ctx.stash.audit = { action: 'client.list', entityType: 'Client', entityIds: clients.map((c) => c.id) };
  return { items: clients, nextToken: sealPageToken((ctx.result as QueryResult).nextToken, page.binding) };
}
