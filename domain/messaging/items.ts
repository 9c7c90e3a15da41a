/**
 * The stored shapes of secure messaging (Practice table), one builder each, used by the messaging
 * Lambda and the demo seed: a message (`MSG#<client>#<message id>`) and a conversation
 * (`CONV#<client>`: index keys for the listings, the two sides' read marks and unread counts, the
 * notification throttle's lastNotifiedAt).
 */
import { conversationIndexKeys, conversationKey, messageKey } from './access.ts';
import { SENDER } from './api.ts';

export interface MessageInput {
  practiceId: string;
  clientId: string;
  therapistId: string;
  id: string;
  senderType: (typeof SENDER)[keyof typeof SENDER];
  senderId: string;
  senderName: string | null;
  text: string | null;
  attachments: { id: string; fileName: string; contentType: string; size: number }[];
  sentAt: string;
}

export function messageItem(m: MessageInput): Record<string, unknown> {
  return {
    ...messageKey(m.practiceId, m.clientId, m.id), entity: 'Message', id: m.id, practiceId: m.practiceId, clientId: m.clientId, therapistId: m.therapistId,
    senderType: m.senderType, senderId: m.senderId, senderName: m.senderName, text: m.text,
    // What search within a conversation matches (removed when the message is retracted).
    searchText: m.text ? m.text.toLowerCase() : undefined,
    attachments: m.attachments, sentAt: m.sentAt,
  };
}

export function conversationItem(c: {
  practiceId: string; clientId: string; therapistId: string; clientName: string; lastMessageAt: string; lastSenderType: string;
  unreadForPractice: number; unreadForClient: number; practiceReadAt?: string | null; clientReadAt?: string | null;
}): Record<string, unknown> {
  return {
    ...conversationKey(c.practiceId, c.clientId), ...conversationIndexKeys(c.practiceId, c.clientId, c.therapistId, c.lastMessageAt), entity: 'Conversation',
    practiceId: c.practiceId, clientId: c.clientId, therapistId: c.therapistId, clientName: c.clientName, lastMessageAt: c.lastMessageAt, lastSenderType: c.lastSenderType,
    unreadForPractice: c.unreadForPractice, unreadForClient: c.unreadForClient,
    ...(c.practiceReadAt ? { practiceReadAt: c.practiceReadAt } : {}), ...(c.clientReadAt ? { clientReadAt: c.clientReadAt } : {}),
  };
}
