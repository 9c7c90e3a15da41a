/**
 * Secure messaging for the client portal (issue 12): the client's conversations (one per practice
 * record they are linked to), one conversation's messages (20 a page), sending with attachments (a
 * presigned PUT each, checked by the API on the stored bytes), retracting, the read mark and the live
 * feed, whose filter the server sets from the client's links. The send selects every field a
 * subscriber reads: AppSync delivers what the sender's mutation selects.
 */
import { MESSAGING_REFUSALS } from '../../../../domain/messaging/api';
import { graphqlRequest, subscribe, type Subscription } from '../../platform/graphql';

export interface PortalAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface PortalMessage {
  id: string;
  conversationId: string;
  senderType: 'PRACTICE' | 'CLIENT';
  senderId: string;
  senderName: string | null;
  text: string | null;
  attachments: PortalAttachment[];
  sentAt: string;
  retractedAt: string | null;
  readAt: string | null;
}

export interface PortalConversation {
  id: string;
  practiceId: string;
  practiceName: string | null;
  lastMessageAt: string | null;
  unreadCount: number;
}

const CONVERSATIONS = /* GraphQL */ `
  query ClientConversations {
    clientConversations { id practiceId practiceName lastMessageAt unreadCount }
  }
`;
const MESSAGES = /* GraphQL */ `
  query ClientMessages($conversationId: ID!, $nextToken: String) {
    clientMessages(conversationId: $conversationId, nextToken: $nextToken) {
      items { id conversationId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt }
      nextToken
    }
  }
`;
const SEND = /* GraphQL */ `
  mutation SendClientMessage($conversationId: ID!, $text: String, $attachmentIds: [ID!]) {
    sendClientMessage(conversationId: $conversationId, text: $text, attachmentIds: $attachmentIds) {
      id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt
    }
  }
`;
const RETRACT = /* GraphQL */ `
  mutation RetractClientMessage($conversationId: ID!, $messageId: ID!) {
    retractClientMessage(conversationId: $conversationId, messageId: $messageId) {
      id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt
    }
  }
`;
const MARK_READ = /* GraphQL */ `
  mutation MarkClientConversationRead($conversationId: ID!) {
    markClientConversationRead(conversationId: $conversationId) { id unreadCount }
  }
`;
const UPLOAD = /* GraphQL */ `
  mutation CreateClientAttachmentUpload($conversationId: ID!, $fileName: String!, $contentType: String!, $size: Int!) {
    createClientAttachmentUpload(conversationId: $conversationId, fileName: $fileName, contentType: $contentType, size: $size) { id url contentType }
  }
`;
const DOWNLOAD = /* GraphQL */ `
  query GetClientAttachmentUrl($conversationId: ID!, $attachmentId: ID!) {
    getClientAttachmentUrl(conversationId: $conversationId, attachmentId: $attachmentId) { url fileName }
  }
`;
const LIVE_FEED = /* GraphQL */ `
  subscription OnClientMessage {
    onClientMessage { id conversationId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt }
  }
`;

async function run<T>(query: string, variables: Record<string, unknown>, field: string): Promise<T> {
  const { data } = await graphqlRequest({ query, variables });
  return data[field] as T;
}

export const clientConversations = () => run<PortalConversation[]>(CONVERSATIONS, {}, 'clientConversations');
export const clientMessages = (conversationId: string, nextToken: string | null) =>
  run<{ items: PortalMessage[]; nextToken: string | null }>(MESSAGES, { conversationId, nextToken }, 'clientMessages');
export const retractClientMessage = (conversationId: string, messageId: string) => run<PortalMessage>(RETRACT, { conversationId, messageId }, 'retractClientMessage');
export const markClientRead = (conversationId: string) => run<{ unreadCount: number }>(MARK_READ, { conversationId }, 'markClientConversationRead');
export const clientAttachmentUrl = (conversationId: string, attachmentId: string) => run<{ url: string }>(DOWNLOAD, { conversationId, attachmentId }, 'getClientAttachmentUrl');

export async function sendClientMessage(conversationId: string, text: string, files: File[]): Promise<PortalMessage> {
  const attachmentIds: string[] = [];
  for (const file of files) {
    const upload = await run<{ id: string; url: string; contentType: string }>(UPLOAD, { conversationId, fileName: file.name, contentType: file.type, size: file.size }, 'createClientAttachmentUpload');
    const put = await fetch(upload.url, { method: 'PUT', body: file, headers: { 'content-type': upload.contentType } });
    if (!put.ok) throw { errors: [{ message: MESSAGING_REFUSALS.tooLarge, errorType: 'ValidationError' }] };
    attachmentIds.push(upload.id);
  }
  return run<PortalMessage>(SEND, { conversationId, text: text || null, attachmentIds }, 'sendClientMessage');
}

export function subscribeToClientMessages(onMessage: (m: PortalMessage) => void, onError: () => void): Subscription {
  return subscribe(LIVE_FEED, { next: (data) => onMessage(data.onClientMessage as PortalMessage), error: () => onError() });
}
