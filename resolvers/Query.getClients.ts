/**
 * Query.getClients (data source: PracticeTable): a page of 20 active clients by name — a Query,
 * never a Scan. Practice-wide rights read GSI1 (the practice's clients); an 'own' scope reads GSI2
 * (the caller's clients). `search` matches the start of the normalised "first last".
 */
import { util, type Context, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { clientListPartition, MAX_LENGTH, ownClientsPartition, searchKey, toClient } from '../domain/client.ts';
import { clientScope } from '../domain/permissions.ts';

export const PAGE_SIZE = 20;

export function request(ctx: Context): DynamoDBQueryRequest {
  const caller = ctx.stash.caller;
  const search = typeof ctx.args.search === 'string' ? searchKey(ctx.args.search) : '';
  if (search.length > MAX_LENGTH.search) {
    util.error('Invalid search: search (length)', 'ValidationError', null, { fields: [{ field: 'search', reason: 'length' }] });
  }
  const all = clientScope(caller.roles) === 'all';
  const partition = all ? clientListPartition(caller.practiceId, false) : ownClientsPartition(caller.practiceId, caller.sub);
  const prefix = all ? search : 'Client#' + search;
  const hasPrefix = prefix.length > 0;
  return {
    operation: 'Query',
    index: all ? 'GSI1' : 'GSI2',
    query: {
      expression: hasPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
      expressionNames: hasPrefix ? { '#pk': all ? 'GSI1PK' : 'GSI2PK', '#sk': all ? 'GSI1SK' : 'GSI2SK' } : { '#pk': 'GSI1PK' },
      expressionValues: util.dynamodb.toMapValues(hasPrefix ? { ':pk': partition, ':prefix': prefix } : { ':pk': partition }),
    },
    limit: PAGE_SIZE,
    nextToken: ctx.args.nextToken || null,
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  const items = (ctx.result.items || []) as Record<string, unknown>[];
  const clients = items.map((item) => toClient(item));
  ctx.stash.audit = { action: 'client.list', entityType: 'Client', entityIds: clients.map((c) => c.id as string) };
  return { items: clients, nextToken: ctx.result.nextToken || null };
}
