/**
 * Secure messaging for the console (issue 12): the practice's conversations, one conversation's
 * messages (20 a page, search), sending with attachments (a presigned PUT each, checked by the API
 * on the stored bytes when the message is sent), retracting, read marks, and the live feed. The
 * send selects the event fields the server's subscription filter reads (practiceId, clientId,
 * therapistId): subscribers receive what the sender's mutation selects.
 */
import { MESSAGING_REFUSALS } from '../../../domain/messaging/api';
import { api } from '../auth/api';
import { subscribe, type Subscription } from '../platform/graphql';

export interface MessageAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface SecureMessage {
  id: string;
  conversationId: string;
  practiceId: string;
  clientId: string;
  therapistId: string | null;
  senderType: 'PRACTICE' | 'CLIENT';
  senderId: string;
  senderName: string | null;
  text: string | null;
  attachments: MessageAttachment[];
  sentAt: string;
  retractedAt: string | null;
  readAt: string | null;
}

export interface Conversation {
  id: string;
  clientId: string;
  clientName: string | null;
  lastMessageAt: string | null;
  lastSenderType: string | null;
  unreadCount: number;
  clientReadAt: string | null;
}

export interface MessagePage {
  items: SecureMessage[];
  nextToken: string | null;
  clientReadAt: string | null;
}


const LIST_CONVERSATIONS = /* GraphQL */ `
  query ListConversations($nextToken: String) {
    listConversations(nextToken: $nextToken) { items { id clientId clientName lastMessageAt lastSenderType unreadCount clientReadAt } nextToken }
  }
`;
const LIST_MESSAGES = /* GraphQL */ `
  query ListMessages($conversationId: ID!, $nextToken: String, $search: String) {
    listMessages(conversationId: $conversationId, nextToken: $nextToken, search: $search) {
      items { id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt }
      nextToken
      clientReadAt
    }
  }
`;
const UNREAD = /* GraphQL */ `
  query UnreadMessageCount {
    unreadMessageCount
  }
`;
const SEND = /* GraphQL */ `
  mutation SendMessage($conversationId: ID!, $text: String, $attachmentIds: [ID!]) {
    sendMessage(conversationId: $conversationId, text: $text, attachmentIds: $attachmentIds) {
      id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt
    }
  }
`;
const RETRACT = /* GraphQL */ `
  mutation RetractMessage($conversationId: ID!, $messageId: ID!) {
    retractMessage(conversationId: $conversationId, messageId: $messageId) {
      id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt
    }
  }
`;
const MARK_READ = /* GraphQL */ `
  mutation MarkConversationRead($conversationId: ID!) {
    markConversationRead(conversationId: $conversationId) { id unreadCount }
  }
`;
const UPLOAD = /* GraphQL */ `
  mutation CreateMessageAttachmentUpload($conversationId: ID!, $fileName: String!, $contentType: String!, $size: Int!) {
    createMessageAttachmentUpload(conversationId: $conversationId, fileName: $fileName, contentType: $contentType, size: $size) { id url contentType }
  }
`;
const DOWNLOAD = /* GraphQL */ `
  query GetMessageAttachmentUrl($conversationId: ID!, $attachmentId: ID!) {
    getMessageAttachmentUrl(conversationId: $conversationId, attachmentId: $attachmentId) { url fileName }
  }
`;
const LIVE_FEED = /* GraphQL */ `
  subscription OnSecureMessage {
    onSecureMessage { id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt }
  }
`;

async function run<T>(query: string, variables: Record<string, unknown>, field: string): Promise<T> {
  const result = (await api().graphql({ query, variables })) as { data: Record<string, unknown> };
  return result.data[field] as T;
}

export const conversationIdOf = (practiceId: string, clientId: string) => `${practiceId}.${clientId}`;

export const listConversations = (nextToken: string | null) => run<{ items: Conversation[]; nextToken: string | null }>(LIST_CONVERSATIONS, { nextToken }, 'listConversations');
export const listMessages = (conversationId: string, nextToken: string | null, search: string | null) =>
  run<MessagePage>(LIST_MESSAGES, { conversationId, nextToken, search: search || null }, 'listMessages');
export const unreadMessageCount = () => run<number>(UNREAD, {}, 'unreadMessageCount');
export const retractMessage = (conversationId: string, messageId: string) => run<SecureMessage>(RETRACT, { conversationId, messageId }, 'retractMessage');
export const markConversationRead = (conversationId: string) => run<{ id: string; unreadCount: number }>(MARK_READ, { conversationId }, 'markConversationRead');
export const attachmentUrl = (conversationId: string, attachmentId: string) => run<{ url: string; fileName: string }>(DOWNLOAD, { conversationId, attachmentId }, 'getMessageAttachmentUrl');

/** Uploads each file (presigned PUT), then sends the message naming them; the API checks the stored bytes. */
export async function sendMessage(conversationId: string, text: string, files: File[]): Promise<SecureMessage> {
  const attachmentIds: string[] = [];
  for (const file of files) {
    const upload = await run<{ id: string; url: string; contentType: string }>(UPLOAD, { conversationId, fileName: file.name, contentType: file.type, size: file.size }, 'createMessageAttachmentUpload');
    const put = await fetch(upload.url, { method: 'PUT', body: file, headers: { 'content-type': upload.contentType } });
    // The store refuses a body over 10 MB (the local stand-in; S3 by the API's check on send).
    if (!put.ok) throw { errors: [{ message: MESSAGING_REFUSALS.tooLarge, errorType: 'ValidationError' }] };
    attachmentIds.push(upload.id);
  }
  return run<SecureMessage>(SEND, { conversationId, text: text || null, attachmentIds }, 'sendMessage');
}

/** New and retracted messages of the conversations this member may read (the server filters). */
export function subscribeToMessages(onMessage: (message: SecureMessage) => void, onError: () => void): Subscription {
  return subscribe(LIVE_FEED, { next: (data) => onMessage(data.onSecureMessage as SecureMessage), error: () => onError() });
}

