/**
 * messaging: AppSync Lambda data source for the writes of secure messaging (issue 12), both
 * principals (a practice member after `authorize`, a client after CLIENT_AUTHORIZE) on a
 * conversation that Messaging.access admitted:
 *   - send (sendMessage / sendClientMessage): text through the one human-text reader, attachments
 *     checked on their stored bytes (attachments.ts); the message, the conversation's counters
 *     and the attachments' state in one transaction; then, for a practice's message, the client's
 *     throttled notification (notify.ts). The result is published by AppSync to the subscriptions.
 *   - retract (retractMessage / retractClientMessage): the sender, within 5 minutes; the message
 *     is kept (its text stays stored, hidden from the API) and its attachments stop being served.
 *   - mark read (markConversationRead / markClientConversationRead): the caller's side's read mark
 *     (read receipts) and unread count.
 *   - attachment upload and download URLs; clientConversations (the client's conversations across
 *     their practices, audited here per practice).
 * Payload: resolvers/functions/invokeMessaging.ts. Logs carry error names only.
 */
import { randomBytes } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { s3ObjectStore, type ObjectStore } from '../shared/object-store.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { readHumanText } from '../../domain/human-text.ts';
import { attachmentKeyItem, conversationIndexKeys, conversationKey, messageKey } from '../../domain/messaging/access.ts';
import { SENDER, toConversation, toMessage } from '../../domain/messaging/api.ts';
import { MAX_MESSAGE_LENGTH, newMessageId, retractRefusal } from '../../domain/messaging/rules.ts';
import { messageItem } from '../../domain/messaging/items.ts';
import { checkForSend, createUpload, downloadUrl } from './attachments.ts';
import { notifyClient } from './notify.ts';
import { conversationOf, refuse, sideOf, type MessagingEvent } from './request.ts';
import { audit, conversations, getItem, memberName, practiceName } from './store.ts';

const MESSAGE_ID = /^\d{13}-[0-9a-f]{8}$/;

export async function send(event: MessagingEvent, store: ObjectStore, notifier: Notifier) {
  const c = conversationOf(event);
  const side = sideOf(event);
  const text = readHumanText(event.args.text, 'long', MAX_MESSAGE_LENGTH);
  if (text.problem === 'length') refuse('tooLong', 'ValidationError', 'text');
  if (text.problem) refuse('text', 'ValidationError', 'text');
  const ids = event.args.attachmentIds;
  if (!text.value && (!Array.isArray(ids) || ids.length === 0)) refuse('empty', 'ValidationError', 'text');
  const attachments = await checkForSend(event, ids, store);
  const now = new Date();
  const sentAt = now.toISOString();
  const id = newMessageId(now.getTime(), randomBytes(4).toString('hex'));
  const senderName = side === 'practice' ? await memberName(c.practiceId, event.caller.sub) : c.clientFirstName;
  const therapistId = c.therapistId ?? 'none';
  const item = messageItem({
    practiceId: c.practiceId, clientId: c.clientId, therapistId, id, senderType: side === 'practice' ? SENDER.practice : SENDER.client, senderId: event.caller.sub, senderName,
    text: text.value, attachments: attachments.map((a) => ({ id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.size })), sentAt,
  });
  const unread = side === 'practice' ? 'unreadForClient' : 'unreadForPractice';
  const Practice = table('PRACTICE_TABLE');
  const index = conversationIndexKeys(c.practiceId, c.clientId, therapistId, sentAt);
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: Practice, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
        {
          Update: {
            TableName: Practice,
            Key: conversationKey(c.practiceId, c.clientId),
            UpdateExpression: `SET entity = :entity, practiceId = :p, clientId = :c, therapistId = :t, clientName = :name, lastMessageAt = :at, lastSenderType = :side, GSI1PK = :g1pk, GSI1SK = :g1sk, GSI2PK = :g2pk, GSI2SK = :g2sk ADD ${unread} :one`,
            ExpressionAttributeValues: {
              ':entity': 'Conversation', ':p': c.practiceId, ':c': c.clientId, ':t': therapistId, ':name': c.clientName, ':at': sentAt, ':side': item.senderType,
              ':g1pk': index.GSI1PK, ':g1sk': index.GSI1SK, ':g2pk': index.GSI2PK, ':g2sk': index.GSI2SK, ':one': 1,
            },
          },
        },
        ...attachments.map((a) => ({
          Update: {
            TableName: Practice,
            Key: attachmentKeyItem(c.practiceId, a.id),
            UpdateExpression: 'SET #state = :attached, messageId = :id, size = :size, #key = :key REMOVE expiresAt',
            ConditionExpression: '#state = :pending AND uploaderId = :me',
            ExpressionAttributeNames: { '#state': 'state', '#key': 'key' },
            ExpressionAttributeValues: { ':attached': 'attached', ':pending': 'pending', ':id': id, ':me': event.caller.sub, ':size': a.size, ':key': a.key },
          },
        })),
      ],
    }),
  );
  if (side === 'practice') await notifyClient(c, notifier, now);
  return toMessage(item, c.conversation);
}

export async function retract(event: MessagingEvent) {
  const c = conversationOf(event);
  const id = event.args.messageId;
  const item = typeof id === 'string' && MESSAGE_ID.test(id) ? await getItem(messageKey(c.practiceId, c.clientId, id)) : null;
  if (!item) return refuse('messageNotFound', 'NotFound', 'messageId');
  const now = new Date();
  const refusal = retractRefusal(item as { senderId: string; sentAt: string; retractedAt?: string }, event.caller.sub, now.getTime());
  if (refusal) refuse(refusal, 'ValidationError', 'messageId');
  const Practice = table('PRACTICE_TABLE');
  const retractedAt = now.toISOString();
  const attachmentIds = ((item.attachments ?? []) as { id: string }[]).map((a) => a.id);
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: Practice,
            Key: messageKey(c.practiceId, c.clientId, id as string),
            UpdateExpression: 'SET retractedAt = :at, retractedBy = :me REMOVE searchText',
            ConditionExpression: 'attribute_not_exists(retractedAt) AND senderId = :me',
            ExpressionAttributeValues: { ':at': retractedAt, ':me': event.caller.sub },
          },
        },
        ...attachmentIds.map((a) => ({
          Update: { TableName: Practice, Key: attachmentKeyItem(c.practiceId, a), UpdateExpression: 'SET #state = :retracted', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':retracted': 'retracted' } },
        })),
      ],
    }),
  );
  // An unread retracted message no longer counts as unread for its recipient.
  const conversation = (c.conversation ?? {});
  const recipientPractice = item.senderType === SENDER.client;
  const readMark = (recipientPractice ? conversation.practiceReadAt : conversation.clientReadAt) as string | undefined;
  if (!readMark || readMark < (item.sentAt as string)) {
    const counter = recipientPractice ? 'unreadForPractice' : 'unreadForClient';
    await dynamo()
      .send(new UpdateCommand({ TableName: Practice, Key: conversationKey(c.practiceId, c.clientId), UpdateExpression: `ADD ${counter} :minus`, ConditionExpression: `${counter} > :zero`, ExpressionAttributeValues: { ':minus': -1, ':zero': 0 } }))
      .catch((err) => {
        if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
      });
  }
  return toMessage({ ...item, retractedAt }, c.conversation);
}

export async function markRead(event: MessagingEvent) {
  const c = conversationOf(event);
  const side = sideOf(event);
  const at = new Date().toISOString();
  const [mark, counter] = side === 'practice' ? ['practiceReadAt', 'unreadForPractice'] : ['clientReadAt', 'unreadForClient'];
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: table('PRACTICE_TABLE'),
        Key: conversationKey(c.practiceId, c.clientId),
        UpdateExpression: `SET ${mark} = :at, ${counter} = :zero`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':at': at, ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toConversation(out.Attributes as Record<string, unknown>, side, null);
  } catch (err) {
    if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
    // No message yet: nothing to mark.
    return toConversation({ practiceId: c.practiceId, clientId: c.clientId, clientName: c.clientName, therapistId: c.therapistId }, side, null);
  }
}

/** The client's conversations, one per usable link (with or without messages), latest first; audited per practice. */
export async function clientConversations(event: MessagingEvent) {
  const links = event.links ?? [];
  const items = await conversations(links);
  const names = new Map<string, string>();
  for (const p of event.practices ?? []) if (p.portalName) names.set(p.practiceId, p.portalName);
  for (const link of links) if (!names.has(link.practiceId)) names.set(link.practiceId, await practiceName(link.practiceId));
  const out: Record<string, unknown>[] = links.map((link) => {
    const stored = items.find((i) => i.practiceId === link.practiceId && i.clientId === link.clientId) ?? { practiceId: link.practiceId, clientId: link.clientId };
    // A client sees neither their own record's name nor the clinician's id.
    return { ...toConversation(stored, 'client', null), clientName: null, therapistId: null, practiceName: names.get(link.practiceId) ?? null };
  });
  out.sort((a, b) => String((b.lastMessageAt as string | undefined) ?? '').localeCompare(String((a.lastMessageAt as string | undefined) ?? '')));
  for (const practiceId of new Set(links.map((l) => l.practiceId))) {
    const ids = links.filter((l) => l.practiceId === practiceId).map((l) => l.clientId);
    await audit(practiceId, event.caller.sub, { action: 'conversation.list', entityType: 'Conversation', entityIds: ids, field: 'Query.clientConversations' });
  }
  return out;
}

let defaultStore: ObjectStore | undefined;

async function run(event: MessagingEvent, _context?: unknown, store: ObjectStore = (defaultStore ??= s3ObjectStore()), notifier: Notifier = defaultNotifier()) {
  if (!event?.caller?.sub) throw new Refusal('Not Authorized', 'Unauthorized');
  switch (event.field) {
    case 'sendMessage':
    case 'sendClientMessage':
      return send(event, store, notifier);
    case 'retractMessage':
    case 'retractClientMessage':
      return retract(event);
    case 'markConversationRead':
    case 'markClientConversationRead':
      return markRead(event);
    case 'createMessageAttachmentUpload':
    case 'createClientAttachmentUpload':
      return createUpload(event, store);
    case 'getMessageAttachmentUrl':
    case 'getClientAttachmentUrl':
      return downloadUrl(event, store);
    case 'clientConversations':
      return clientConversations(event);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
}

/** Refusals come back as data, anything else as the logged generic error (functions/shared/refusal.ts). */
export const handler = appsyncHandler('messaging', run);
