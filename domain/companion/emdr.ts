/**
 * The EMDR hand-off (issue 14), pure: the console's EMDR item opens the external EMDR web app in a
 * new window with a single-use code that is good for 60 seconds; the app's server exchanges it
 * (server-to-server, with the app's own secret) for who the clinician is. No token, password or
 * e-mail ever travels in the URL — the code is in the fragment (never sent to a server by the
 * browser, never in an access log), worthless once exchanged or a minute old.
 */
export const EMDR_HANDOFF_SECONDS = 60;
/** The spent or stale record stays this long (then the table's TTL removes it), so a replay reads "used". */
export const EMDR_HANDOFF_KEEP_SECONDS = 3600;

export const EMDR_MESSAGES = {
  unavailable: 'EMDR is not available in this environment.',
  secret: 'The EMDR app is not recognised.',
  unknown: 'This hand-off code is not valid.',
  used: 'This hand-off code has already been used.',
  expired: 'This hand-off code has expired. Open EMDR again from the portal.',
} as const;

export type HandoffRefusal = 'unknown' | 'used' | 'expired';

/** Whether a stored hand-off can be exchanged now (absent → unknown). */
export function handoffState(record: { state?: unknown; validUntil?: unknown } | null, nowMs: number): 'open' | HandoffRefusal {
  if (!record) return 'unknown';
  if (record.state !== 'open') return 'used';
  if (typeof record.validUntil !== 'string' || Date.parse(record.validUntil) <= nowMs) return 'expired';
  return 'open';
}

/** A code as issued: 32 random bytes, base64url (43 characters). */
export function isHandoffCode(value: unknown): value is string {
  return typeof value === 'string' && value.length === 43 && value.split('').every((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(c) >= 0);
}

/** The app's address with the code in the fragment. */
export function handoffUrl(appUrl: string, code: string): string {
  return appUrl.split('#')[0] + '#handoff=' + code;
}

export const emdrHandoffKey = (codeHash: string) => ({ PK: 'EMDRHANDOFF#' + codeHash, SK: 'HANDOFF' });
