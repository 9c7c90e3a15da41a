/**
 * The messaging Lambda's event (resolvers/functions/invokeMessaging.ts) and what it shares: the
 * caller (a practice member or a client), the conversation Messaging.access admitted, refusals.
 */
import { Refusal } from '../shared/refusal.ts';
import { MESSAGING_REFUSALS, type MessagingRefusal } from '../../domain/messaging/api.ts';

export interface Conversation {
  practiceId: string;
  clientId: string;
  therapistId: string | null;
  clientFirstName: string | null;
  clientName: string;
  conversation: Record<string, unknown> | null;
}

export interface MessagingEvent {
  field: string;
  principal: 'member' | 'client';
  caller: { sub: string; practiceId: string | null; roles?: string[]; groups?: string[] };
  links: { practiceId: string; clientId: string }[] | null;
  practices: { practiceId: string; portalName?: string | null }[] | null;
  conversation: Conversation | null;
  args: Record<string, unknown>;
}

export const refuse = (key: MessagingRefusal, type = 'ValidationError', field?: string): never => {
  throw new Refusal(MESSAGING_REFUSALS[key], type, field ? [{ field, reason: key }] : undefined);
};

/** The admitted conversation (every field but clientConversations has one). */
export function conversationOf(event: MessagingEvent): Conversation {
  const c = event.conversation;
  if (!c?.practiceId || !c.clientId) return refuse('notFound', 'NotFound');
  return c;
}

/** Which side the caller writes from. */
export const sideOf = (event: MessagingEvent): 'practice' | 'client' => (event.principal === 'client' ? 'client' : 'practice');
