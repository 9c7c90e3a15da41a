/**
 * Secure messaging as the API shows it (issue 12): the refusals a caller reads, the page size, and
 * stored items → API objects (a retracted message without its text or attachments; read receipts
 * from the conversation's two read marks). Imported by APPSYNC_JS resolvers and by the messaging
 * Lambda: no regex, no classes, no try, no while.
 */
import { conversationId } from './access.ts';

/** Messages (and conversations) per page. */
export const MESSAGE_PAGE_SIZE = 20;
/** Longest search within a conversation. */
export const MAX_SEARCH_LENGTH = 100;

export const MESSAGING_REFUSALS = {
  wrongType: 'Attachments must be PDF, JPG or PNG files.',
  tooLarge: 'Attachments must be 10 MB or smaller.',
  tooMany: 'A message can carry at most 5 attachments.',
  empty: 'Write a message or attach a file.',
  tooLong: 'Messages can be at most 4000 characters long.',
  text: 'Messages cannot contain control characters.',
  notFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  notSender: 'Only the sender can retract a message.',
  retractTooLate: 'A message can be retracted only within 5 minutes of sending it.',
  alreadyRetracted: 'This message was already retracted.',
  search: 'Searches can be at most 100 characters long.',
} as const;
export type MessagingRefusal = keyof typeof MESSAGING_REFUSALS;

export const SENDER = { practice: 'PRACTICE', client: 'CLIENT' } as const;

interface Attachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A stored message item → the API's SecureMessage (retracted: no text, no attachments). */
export function toMessage(item: Record<string, unknown>, readMarks: { practiceReadAt?: unknown; clientReadAt?: unknown } | null): Record<string, unknown> {
  const retracted = !!item.retractedAt;
  const sentAt = item.sentAt as string;
  const marks = readMarks || {};
  // A practice message is read when the client's read mark reaches it, and the other way round.
  const readMark = (item.senderType === SENDER.practice ? marks.clientReadAt : marks.practiceReadAt) as string | undefined;
  const attachments = ((item.attachments || []) as Attachment[]).map((a) => ({ id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.size }));
  return {
    id: item.id,
    conversationId: conversationId(item.practiceId as string, item.clientId as string),
    practiceId: item.practiceId,
    clientId: item.clientId,
    therapistId: item.therapistId || null,
    senderType: item.senderType,
    senderId: item.senderId,
    senderName: item.senderName || null,
    text: retracted ? null : item.text || null,
    attachments: retracted ? [] : attachments,
    sentAt: sentAt,
    retractedAt: item.retractedAt || null,
    readAt: readMark && readMark >= sentAt ? readMark : null,
  };
}

/** A stored conversation item → the API's Conversation, unread counted for one side. */
export function toConversation(item: Record<string, unknown>, side: 'practice' | 'client', clientName: string | null): Record<string, unknown> {
  const unread = side === 'practice' ? item.unreadForPractice : item.unreadForClient;
  return {
    id: conversationId(item.practiceId as string, item.clientId as string),
    practiceId: item.practiceId,
    clientId: item.clientId,
    clientName: clientName === null ? (item.clientName) || null : clientName,
    therapistId: item.therapistId || null,
    lastMessageAt: item.lastMessageAt || null,
    lastSenderType: item.lastSenderType || null,
    unreadCount: typeof unread === 'number' && unread > 0 ? unread : 0,
    practiceReadAt: item.practiceReadAt || null,
    clientReadAt: item.clientReadAt || null,
  };
}
