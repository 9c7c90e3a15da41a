/**
 * The client's ticket: public REST POST /getVideoTokenPublic {clientId (the room id), therapistId}.
 * No Amplify here: the public video page imports this.
 */
import { getRuntimeConfig } from '../platform/config';
import type { VideoTicket } from './session.ts';

export class TicketError extends Error {
  override name = 'TicketError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The server answers 404 both for a room the clinician has not started yet and for a wrong link (it never
 * tells them apart, domain/video-ticket.ts ROOM_NOT_STARTED): either way the page keeps waiting.
 */
export const isNotStarted = (error: unknown): boolean => error instanceof TicketError && error.status === 404;

export function isTicket(value: unknown): value is VideoTicket {
  const t = value as VideoTicket | null;
  return Boolean(t && typeof t.identity === 'string' && t.identity && typeof t.token === 'string' && t.token && (t.adapter === 'chime' || t.adapter === 'local'));
}

export async function fetchPublicTicket(roomId: string, therapistId: string, fetchImpl: typeof fetch = fetch): Promise<VideoTicket> {
  const response = await fetchImpl(`${getRuntimeConfig().restEndpoint}/getVideoTokenPublic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: roomId, therapistId }),
  });
  const body = (await response.json().catch(() => null)) as unknown;
  // The spec: if identity and token do not both come back, the page shows the error.
  if (!response.ok || !isTicket(body)) throw new TicketError((body as { message?: string } | null)?.message ?? `HTTP ${response.status}`, response.status);
  return body;
}
