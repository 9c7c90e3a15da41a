/**
 * Query.listConversations and Query.unreadMessageCount (data source: PracticeTable): the
 * conversations in the caller's messaging reach (domain/messaging/access.ts), latest message first —
 * practice-wide reach reads GSI1 (`P#<practice>#CONVS`), an 'own' reach GSI2 (the caller's
 * `P#<practice>#U#<sub>` partition, `CONV#` keys). One Query, never a Scan.
 *   - listConversations: 20 a page, with each conversation's unread count for the practice; the
 *     nextToken is bound to the caller (resolvers/shared/page-token.ts). Audited.
 *   - unreadMessageCount: the sum of the unread counts (conversations with none are filtered out),
 *     for the menu and the top bar; one Query of up to 1 MB (≈ 3,000 conversations with unread messages).
 * A member without messaging reach is Unauthorized.
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { CONVERSATION_SORT_PREFIX, clinicianConversationsPartition, conversationsPartition, messagingScope } from '../domain/messaging/access.ts';
import { MESSAGE_PAGE_SIZE, toConversation } from '../domain/messaging/api.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import type { PageState, QueryResult, ResolverContext, SharedArgs } from './shared/context.ts';
import type { QueryListConversationsArgs } from '../domain/graphql.generated.ts';

/** listConversations and unreadMessageCount (no arguments). */
type Ctx = ResolverContext<SharedArgs<QueryListConversationsArgs>, QueryResult>;

export function request(ctx: Ctx): DynamoDBQueryRequest {
  const caller = ctx.stash.caller;
  const scope = messagingScope(caller.roles, caller.groups);
  if (scope === 'none') {
    util.unauthorized();
  }
  const all = scope === 'all';
  const index = all ? 'GSI1' : 'GSI2';
  const partition = all ? conversationsPartition(caller.practiceId) : clinicianConversationsPartition(caller.practiceId, caller.sub);
  const query = all
    ? { expression: 'GSI1PK = :pk', expressionValues: util.dynamodb.toMapValues({ ':pk': partition }) }
    : { expression: 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)', expressionValues: util.dynamodb.toMapValues({ ':pk': partition, ':prefix': CONVERSATION_SORT_PREFIX }) };
  const counting = ctx.info.fieldName === 'unreadMessageCount';
  // unreadMessageCount reads one page and seals no token: its page state has no binding.
  ctx.stash.page = { index: index, partition: partition } as PageState;
  if (counting) {
    return {
      operation: 'Query',
      index: index,
      query: query,
      filter: { expression: 'unreadForPractice > :zero', expressionValues: util.dynamodb.toMapValues({ ':zero': 0 }) },
    };
  }
  const binding = pageBinding(ctx, [index]);
  ctx.stash.page = { index: index, partition: partition, binding: binding };
  return { operation: 'Query', index: index, query: query, scanIndexForward: false, limit: MESSAGE_PAGE_SIZE, nextToken: openPageToken(ctx.args.nextToken, binding) };
}

export function response(ctx: Ctx): unknown {
  const page = ctx.stash.page as { index: string; partition: string; binding?: PageBinding };
  const items = pageItems(ctx, page.index + 'PK', page.partition);
  if (ctx.info.fieldName === 'unreadMessageCount') {
    return items.reduce((sum, item) => sum + (typeof item.unreadForPractice === 'number' && item.unreadForPractice > 0 ? item.unreadForPractice : 0), 0);
  }
  const conversations = items.map((item) => toConversation(item, 'practice', null));
  ctx.stash.audit = { action: 'conversation.list', entityType: 'Conversation', entityIds: conversations.map((c) => c.clientId as string) };
  return { items: conversations, nextToken: sealPageToken(ctx.result.nextToken, page.binding as PageBinding) };
}
