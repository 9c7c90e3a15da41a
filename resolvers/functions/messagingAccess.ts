/**
 * Messaging.access (data source: PracticeTable): the conversation named by `ctx.args.conversationId`
 * must be one the caller may use (domain/messaging/access.ts), for both principals:
 *   - a practice member (after `authorize`): the conversation's practice is the caller's, and the
 *     client is in their messaging reach (secure.messaging by client scope, or their own client);
 *   - a client (after CLIENT_AUTHORIZE): the (practice, client) is one of their usable links.
 * A member with no messaging reach at all is Unauthorized, whatever the id.
 * One TransactGetItems reads the client record and the conversation item. Anything else — another
 * practice, another client, an archived or missing client, a malformed id — is the same NotFound,
 * and nothing is written. Stashes `messaging` = {practiceId, clientId, therapistId, clientName,
 * conversation} for the next steps; for a client it also stashes `caller` = {sub, practiceId} (the
 * conversation's practice), so `audit` and the page token name the client in that practice.
 */
import { util, type DynamoDBTransactGetItemsRequest } from '@aws-appsync/utils';
import { clientKey } from '../../domain/client.ts';
import { conversationKey, mayUseConversation, messagingScope, parseConversationId } from '../../domain/messaging/access.ts';
import { MESSAGING_REFUSALS } from '../../domain/messaging/api.ts';
import { raiseStepError } from '../shared/errors.ts';
import { practiceTable } from '../shared/client-writes.ts';
import type { Caller, EitherResolverContext, SharedArgs, StoredItem } from '../shared/context.ts';
import type { MutationCreateClientAttachmentUploadArgs, MutationCreateMessageAttachmentUploadArgs, MutationMarkClientConversationReadArgs, MutationMarkConversationReadArgs, MutationRetractClientMessageArgs, MutationRetractMessageArgs, MutationSendClientMessageArgs, MutationSendMessageArgs, QueryClientMessagesArgs, QueryGetClientAttachmentUrlArgs, QueryGetMessageAttachmentUrlArgs, QueryListMessagesArgs } from '../../domain/graphql.generated.ts';

/** Every field that names a conversation, both principals'. */
type Ctx = EitherResolverContext<
  SharedArgs<
    | QueryListMessagesArgs | QueryGetMessageAttachmentUrlArgs | MutationSendMessageArgs | MutationRetractMessageArgs | MutationMarkConversationReadArgs | MutationCreateMessageAttachmentUploadArgs
    | QueryClientMessagesArgs | QueryGetClientAttachmentUrlArgs | MutationSendClientMessageArgs | MutationRetractClientMessageArgs | MutationMarkClientConversationReadArgs | MutationCreateClientAttachmentUploadArgs
  >,
  { items?: Array<StoredItem | null> }
>;

interface LinkRef {
  practiceId: string;
  clientId: string;
}

function notFound(): never {
  return util.error(MESSAGING_REFUSALS.notFound, 'NotFound');
}

export function request(ctx: Ctx): DynamoDBTransactGetItemsRequest {
  const id = parseConversationId(ctx.args.conversationId);
  if (!id) {
    notFound();
  }
  const target = id;
  const member = ctx.stash.caller;
  const client = ctx.stash.client;
  if (client && client.links) {
    const linked = ((client.links || []) as LinkRef[]).some((l) => l.practiceId === target.practiceId && l.clientId === target.clientId);
    if (!linked) {
      notFound();
    }
  } else if (!member || messagingScope(member.roles, member.groups) === 'none') {
    // A member whose role reaches no conversation at all.
    util.unauthorized();
  } else if (member.practiceId !== target.practiceId) {
    notFound();
  }
  ctx.stash.target = target;
  const table = practiceTable(ctx);
  return {
    operation: 'TransactGetItems',
    transactItems: [
      { table: table, key: util.dynamodb.toMapValues(clientKey(target.practiceId, target.clientId)) },
      { table: table, key: util.dynamodb.toMapValues(conversationKey(target.practiceId, target.clientId)) },
    ],
  };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const target = ctx.stash.target;
  const items = ((ctx.result && ctx.result.items) || []) as Array<Record<string, unknown> | null>;
  const record = items.length > 0 ? items[0] : null;
  const conversation = items.length > 1 ? items[1] : null;
  if (!record || record.status === 'archived') {
    notFound();
  }
  const found = record;
  const client = ctx.stash.client;
  if (!(client && client.links)) {
    // A member: after authorize.
    const caller = ctx.stash.caller as Caller;
    if (!mayUseConversation({ sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles, groups: caller.groups }, found)) {
      notFound();
    }
  } else {
    ctx.stash.caller = { sub: client.sub, practiceId: target.practiceId, roles: [], groups: [], principal: 'client' };
  }
  const person = (found.personalDetail || {}) as { first?: string; last?: string };
  const messaging = {
    practiceId: target.practiceId,
    clientId: target.clientId,
    therapistId: (found.therapistId as string) || null,
    clientFirstName: person.first || null,
    clientName: [person.first || '', person.last || ''].join(' ').trim(),
    conversation: conversation,
  };
  ctx.stash.messaging = messaging;
  return messaging;
}
