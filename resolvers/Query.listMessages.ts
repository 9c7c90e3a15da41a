/**
 * Query.listMessages and Query.clientMessages (data source: PracticeTable), after Messaging.access:
 * one conversation's messages, newest first, 20 a page — one Query on the practice partition's
 * `MSG#<clientId>#` range, never a Scan. With `search`, only messages whose text contains it
 * (case folded; retracted messages are not searched). The nextToken is bound to the caller, the
 * field, the conversation and the search (resolvers/shared/page-token.ts). Each message carries
 * its read receipt (readAt) from the conversation's read marks. Audited as a read of the
 * conversation with the ids of the messages shown.
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { messagePrefix } from '../domain/messaging/access.ts';
import { MAX_SEARCH_LENGTH, MESSAGE_PAGE_SIZE, MESSAGING_REFUSALS, toMessage } from '../domain/messaging/api.ts';
import { practicePartition } from '../domain/tables.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { EitherResolverContext, QueryResult, SharedArgs } from './shared/context.ts';
import type { QueryClientMessagesArgs, QueryListMessagesArgs } from '../domain/graphql.generated.ts';

/** listMessages (a member, after authorize) and clientMessages (a client, after CLIENT_AUTHORIZE), both after Messaging.access. */
type Ctx = EitherResolverContext<SharedArgs<QueryListMessagesArgs | QueryClientMessagesArgs>, QueryResult>;

export function request(ctx: Ctx): DynamoDBQueryRequest {
  const messaging = ctx.stash.messaging;
  const raw = ctx.args.search;
  const search = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (search.length > MAX_SEARCH_LENGTH) {
    util.error(MESSAGING_REFUSALS.search, 'ValidationError', null, { fields: [{ field: 'search', reason: 'length' }] });
  }
  const partition = practicePartition(messaging.practiceId);
  const binding = pageBinding(ctx, [messaging.clientId, search]);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  ctx.stash.page = { binding: binding, partition: partition };
  const values: Record<string, unknown> = { ':pk': partition, ':prefix': messagePrefix(messaging.clientId) };
  const request: DynamoDBQueryRequest = {
    operation: 'Query',
    query: { expression: 'PK = :pk AND begins_with(SK, :prefix)', expressionValues: util.dynamodb.toMapValues(values) },
    scanIndexForward: false,
    limit: MESSAGE_PAGE_SIZE,
    nextToken: nextToken,
    consistentRead: true,
  };
  if (search.length > 0) {
    request.filter = {
      expression: 'contains(searchText, :search) AND attribute_not_exists(retractedAt)',
      expressionValues: util.dynamodb.toMapValues({ ':search': search }),
    };
  }
  return request;
}

export function response(ctx: Ctx): Record<string, unknown> {
  const page = ctx.stash.page as { binding: PageBinding; partition: string };
  const items = pageItems(ctx, 'PK', page.partition);
  const messaging = ctx.stash.messaging;
  const conversation = (messaging.conversation || {}) as Record<string, unknown>;
  const messages = items.map((item) => toMessage(item, conversation));
  ctx.stash.audit = { action: 'message.list', entityType: 'Conversation', entityId: messaging.clientId, entityIds: messages.map((m) => m.id as string) };
  return {
    items: messages,
    nextToken: sealPageToken(ctx.result.nextToken, page.binding),
    practiceReadAt: conversation.practiceReadAt || null,
    clientReadAt: conversation.clientReadAt || null,
  };
}
