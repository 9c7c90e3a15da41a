/**
 * Who may read and write a practice↔client conversation (issue 12, secure messaging), and the
 * conversation's keys. One conversation per (practice, client); its id is `<practiceId>.<clientId>`
 * for the console and the client portal alike, and every caller's reach is decided here, never by
 * the id's shape:
 *   - staff whose role holds secure.messaging (the §6 matrix: owner, clinicianAdmin) — every client
 *     of the practice when their client rights are practice-wide, else only their own clients;
 *   - the client's clinician: a clinician role (notes.own marks the clinician roles) reaches the
 *     conversations of the clients whose therapistId is them ("own");
 *   - nobody else (supervisor, biller, scheduler, coordinators).
 * The client side reaches a conversation only through one of the client's active links
 * (resolvers/functions/authorizeClient.ts).
 *
 * Imported by APPSYNC_JS resolvers: no regex, no classes, no try, no while.
 */
import { PERMISSIONS, clientScope, holds } from '../permissions.ts';

export type MessagingScope = 'all' | 'own' | 'none';

export interface MessagingCaller {
  sub: string;
  practiceId: string;
  roles?: string[] | null;
  groups?: string[] | null;
}

/** How far a practice member's messaging reaches: all clients, their own clients, or none. */
export function messagingScope(roles: string[] | null | undefined, groups?: string[] | null): MessagingScope {
  if (holds(PERMISSIONS.secureMessaging, roles, groups)) {
    return clientScope(roles) === 'all' ? 'all' : 'own';
  }
  if (holds(PERMISSIONS.notesOwn, roles, groups)) {
    return 'own';
  }
  return 'none';
}

/** Whether this member may read and write the conversation of a client with this clinician. */
export function mayUseConversation(caller: MessagingCaller, client: { therapistId?: unknown } | null): boolean {
  if (!client) {
    return false;
  }
  const scope = messagingScope(caller.roles, caller.groups);
  if (scope === 'all') {
    return true;
  }
  return scope === 'own' && client.therapistId === caller.sub;
}

/** Longest id part we look up (practice ids are Cognito subs, client ids UUIDs). */
export const MAX_ID_LENGTH = 64;
const SEPARATOR = '.';

export function conversationId(practiceId: string, clientId: string): string {
  return practiceId + SEPARATOR + clientId;
}

/** The (practice, client) a conversation id names, or null when it is not one. */
export function parseConversationId(value: unknown): { practiceId: string; clientId: string } | null {
  if (typeof value !== 'string' || value.length > MAX_ID_LENGTH * 2 + 1) {
    return null;
  }
  const parts = value.split(SEPARATOR);
  if (parts.length !== 2 || parts[0].length === 0 || parts[1].length === 0 || parts[0].length > MAX_ID_LENGTH || parts[1].length > MAX_ID_LENGTH) {
    return null;
  }
  return { practiceId: parts[0], clientId: parts[1] };
}

/** Practice-table items: the conversation (read state, unread counters, throttle) and its messages. */
export function conversationKey(practiceId: string, clientId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'CONV#' + clientId };
}

export function messagePrefix(clientId: string): string {
  return 'MSG#' + clientId + '#';
}

export function messageKey(practiceId: string, clientId: string, messageId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: messagePrefix(clientId) + messageId };
}

export function attachmentKeyItem(practiceId: string, uploadId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'MSGATT#' + uploadId };
}

/** GSI1: the practice's conversations by last message; GSI2: one clinician's (beside their Client# and APPT# keys). */
export function conversationsPartition(practiceId: string): string {
  return 'P#' + practiceId + '#CONVS';
}

export function clinicianConversationsPartition(practiceId: string, therapistId: string): string {
  return 'P#' + practiceId + '#U#' + therapistId;
}

export const CONVERSATION_SORT_PREFIX = 'CONV#';

export function conversationIndexKeys(practiceId: string, clientId: string, therapistId: string, lastMessageAt: string): Record<string, string> {
  return {
    GSI1PK: conversationsPartition(practiceId),
    GSI1SK: lastMessageAt + '#' + clientId,
    GSI2PK: clinicianConversationsPartition(practiceId, therapistId),
    GSI2SK: CONVERSATION_SORT_PREFIX + lastMessageAt + '#' + clientId,
  };
}

/**
 * The subscription filter of a practice member (AppSync enhanced filtering, set by the server):
 * events of their practice, and for an 'own' scope only those of their clients. Null: no messaging.
 */
export function memberMessageFilter(caller: MessagingCaller): Record<string, unknown> | null {
  const scope = messagingScope(caller.roles, caller.groups);
  if (scope === 'none') {
    return null;
  }
  if (scope === 'all') {
    return { practiceId: { eq: caller.practiceId } };
  }
  return { practiceId: { eq: caller.practiceId }, therapistId: { eq: caller.sub } };
}

/** AppSync allows at most 10 filter groups per subscription filter. */
export const MAX_FILTER_GROUPS = 10;

/**
 * The subscription filter of a client: one group per linked (practice, client) — events of their
 * own conversations only. Null when they have no link (nothing to receive). Beyond 10 links the
 * rest are not delivered live (they still read them on the page).
 */
export function clientMessageFilter(links: { practiceId: string; clientId: string }[]): Record<string, unknown> | null {
  if (!links || links.length === 0) {
    return null;
  }
  return {
    filterGroup: links.slice(0, MAX_FILTER_GROUPS).map((link) => ({
      filters: [
        { fieldName: 'practiceId', operator: 'eq', value: link.practiceId },
        { fieldName: 'clientId', operator: 'eq', value: link.clientId },
      ],
    })),
  };
}
