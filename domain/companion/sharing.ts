/**
 * Sharing consent for companion-app entries (issue 14): per client × practice × app, a small state
 * machine — invited (the practice sent a code) → sharing (the client accepted) → stopped (the client
 * stopped) → sharing again (the client re-shares; no new invitation needed) — and the keys of its
 * records. Entries are the client's (keyed by their Cognito sub); a practice reads them only while
 * its share is `sharing`, checked on every read, so stopping takes effect on the next request.
 *
 * Records (domain/tables.ts layout):
 *   - the practice's share, Practice `P#<practice>` / `CompanionShare#<app>#<client>` (state,
 *     clientSub once accepted, times, the open invitation's code hash); GSI1 (client-scoped):
 *     `P#<practice>#C#<client>` / `CompanionShare#<app>` — the client's chart tab, one Query.
 *   - the client's copy, Directory `COMPANION#<sub>` / `SHARE#<practice>#<app>` (state, clientId) —
 *     the client's sharing choices, one Query; written in the same transaction as the practice's.
 *   - the entries, Directory `COMPANION#<sub>` / `ENTRY#<app>#<day>#<id>`; GSI1
 *     `COMPANIONTYPE#<sub>#<app>#<type>` / `<day>#<id>` — by app and date, or by type, Queries only.
 *   - the invitation, Directory `COMPANIONINVITE#<sha256(code)>` / `INVITE`: single use, 14 days.
 */
import type { CompanionApp } from './apps.ts';

export const SHARE_STATES = ['invited', 'sharing', 'stopped'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export type ShareEvent = 'invite' | 'accept' | 'stop' | 'share';

export const SHARE_MESSAGES = {
  alreadySharing: 'This client already shares entries from this app with the practice.',
  notShared: 'You have not shared entries from this app with this practice. Accept an invitation from the practice first.',
  notInvited: 'There is no open invitation for this app.',
  codeUnknown: 'This invitation code is not valid. Check the code or ask your practice for a new invitation.',
  codeExpired: 'This invitation code has expired. Ask your practice for a new invitation.',
  codeUsed: 'This invitation code has already been used. Your sharing choices are under Sharing.',
  noApps: 'Choose at least one app.',
  noContact: "Add the client's e-mail address or mobile number to their record before inviting them to share entries.",
  channel: 'Choose e-mail or text message.',
} as const;

export type ShareRefusal = keyof typeof SHARE_MESSAGES;

/** The next state after an event, or why the event is refused. `current` null: no record yet. */
export function nextShareState(current: ShareState | null, event: ShareEvent): { state: ShareState } | { refusal: ShareRefusal } {
  if (event === 'invite') {
    return current === 'sharing' ? { refusal: 'alreadySharing' } : { state: 'invited' };
  }
  if (event === 'accept') {
    return current === null ? { refusal: 'notInvited' } : { state: 'sharing' };
  }
  if (event === 'stop') {
    return current === null ? { refusal: 'notShared' } : { state: 'stopped' };
  }
  return current === 'sharing' || current === 'stopped' ? { state: 'sharing' } : { refusal: 'notShared' };
}

/** Whether a practice may read the client's entries of an app now. */
export function canPracticeRead(state: ShareState | null | undefined): boolean {
  return state === 'sharing';
}

// ---- invitation codes: 10 characters of an alphabet without look-alikes (50 bits), shown as XXXXX-XXXXX.

export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;
export const INVITATION_DAYS = 14;

/** A code from random bytes (one byte per character; 256 is a multiple of 32, so no bias). */
export function codeFromBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length];
  return out;
}

export function formatCode(code: string): string {
  return code.slice(0, 5) + '-' + code.slice(5);
}

/** What a person typed, as a code (case, spaces and hyphens ignored), or null when it cannot be one. */
export function normalizeCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const code = value.toUpperCase().split('').filter((c) => c !== ' ' && c !== '-').join('');
  if (code.length !== CODE_LENGTH || !code.split('').every((c) => CODE_ALPHABET.indexOf(c) >= 0)) return null;
  return code;
}

// ---- keys

export const practiceShareKey = (practiceId: string, app: CompanionApp, clientId: string) => ({ PK: 'P#' + practiceId, SK: 'CompanionShare#' + app + '#' + clientId });
export const practiceShareIndex = (practiceId: string, app: CompanionApp, clientId: string) => ({ GSI1PK: 'P#' + practiceId + '#C#' + clientId, GSI1SK: 'CompanionShare#' + app });
export const practiceSharePrefix = (app: CompanionApp) => 'CompanionShare#' + app + '#';

export const companionPartition = (sub: string) => 'COMPANION#' + sub;
export const clientShareKey = (sub: string, practiceId: string, app: CompanionApp) => ({ PK: companionPartition(sub), SK: 'SHARE#' + practiceId + '#' + app });
export const entryKey = (sub: string, app: CompanionApp, day: string, id: string) => ({ PK: companionPartition(sub), SK: 'ENTRY#' + app + '#' + day + '#' + id });
export const entryTypeIndex = (sub: string, app: CompanionApp, type: string, day: string, id: string) => ({ GSI1PK: 'COMPANIONTYPE#' + sub + '#' + app + '#' + type, GSI1SK: day + '#' + id });
export const companionInviteKey = (codeHash: string) => ({ PK: 'COMPANIONINVITE#' + codeHash, SK: 'INVITE' });

/** An entry's id: time first, so ids sort by arrival. */
export function newEntryId(nowMs: number, randomHex: string): string {
  return nowMs + '-' + randomHex;
}
