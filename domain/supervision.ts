/**
 * Supervision and co-signature (issue 18; spec part 2 §6, the supervisor's "supervision"
 * permission). Pure: used by the supervision Lambda (functions/supervision), the web and the seed.
 *
 * A clinician may have supervisors (a supervision record per clinician, set by the owner or
 * clinicianAdmin). A SIGNED note of a supervised clinician is "awaiting co-signature" until one of
 * their supervisors co-signs it — the co-signature (who, when) is kept with the note's exact
 * version — or returns it with a comment: the note is unlocked (signed false) and goes back to its
 * clinician, who changes it and signs again, and it is awaiting again. A co-signed note stays
 * co-signed; later addenda bump the version, the co-signature keeps the version it covered.
 * Problems name fields and rules, never values (PHI).
 */
import { readHumanText } from './human-text.ts';
import { MESSAGES } from './messages.ts';
import { formatDateTime } from './appointment/calendar.ts';

/** Where a note is in co-signature. 'none': its clinician is not supervised (nothing to co-sign). */
export type CosignStatus = 'draft' | 'awaiting' | 'returned' | 'cosigned' | 'none';

export interface Cosignature {
  supervisorId: string;
  supervisorName: string;
  at: string;
  /** The note's version the supervisor read and co-signed. */
  version: number;
}

export interface NoteReturn {
  supervisorId: string;
  supervisorName: string;
  at: string;
  version: number;
  comment: string;
}

/** The fields of a stored note this machine reads and writes. */
export interface CosignNote {
  version: number;
  signed: boolean;
  signedAt?: string | null;
  cosignature?: Cosignature | null;
  returns?: NoteReturn[] | null;
}

/** The longest return comment. */
export const RETURN_COMMENT_MAX = 4000;

export const SUPERVISION_MESSAGES = {
  notAwaiting: 'This note is not awaiting co-signature.',
  changed: 'The note was changed since you opened it. Reload it and read it again before you co-sign.',
  commentRequired: 'Say what should change before you return the note.',
  notSupervisor: 'Only a supervisor can be assigned to supervise a clinician.',
  selfSupervision: 'A clinician cannot supervise themselves.',
};

/** The note's co-signature state for a clinician who is (or is not) supervised now. */
export function cosignStatus(note: CosignNote, supervised: boolean): CosignStatus {
  if (note.cosignature) {
    return 'cosigned';
  }
  if (!note.signed) {
    return (note.returns || []).length > 0 ? 'returned' : supervised ? 'draft' : 'none';
  }
  return supervised ? 'awaiting' : 'none';
}

/** Whole days a signed note has waited (0 on the day it was signed). */
export function awaitingDays(signedAt: string | null | undefined, nowMs: number): number {
  const at = signedAt ? Date.parse(signedAt) : NaN;
  if (!(at === at) || nowMs < at) {
    return 0;
  }
  return Math.floor((nowMs - at) / 86400000);
}

export type Transition<T> = { ok: true; note: T } | { ok: false; message: string; errorType: 'ConflictError' | 'ValidationError' };

function checkAwaiting(note: CosignNote, version: unknown): { message: string; errorType: 'ConflictError' | 'ValidationError' } | null {
  if (typeof version !== 'number' || Math.floor(version) !== version || version < 0) {
    return { message: 'Invalid input: version (format)', errorType: 'ValidationError' };
  }
  if (note.version !== version) {
    return { message: SUPERVISION_MESSAGES.changed, errorType: 'ConflictError' };
  }
  if (cosignStatus(note, true) !== 'awaiting') {
    return { message: SUPERVISION_MESSAGES.notAwaiting, errorType: 'ValidationError' };
  }
  return null;
}

/**
 * The supervisor co-signs `version` of an awaiting note: the co-signature keeps that version. The
 * note's own version goes up by one (the write is conditioned on the old one).
 */
export function cosign<T extends CosignNote>(note: T, version: unknown, supervisor: { id: string; name: string }, at: string): Transition<T> {
  const refused = checkAwaiting(note, version);
  if (refused) {
    return Object.assign({ ok: false as const }, refused);
  }
  const next = Object.assign({}, note, { cosignature: { supervisorId: supervisor.id, supervisorName: supervisor.name, at: at, version: note.version }, version: note.version + 1 });
  return { ok: true, note: next };
}

/** The comment through the one reader (long text, required). */
export function readReturnComment(value: unknown): { comment: string | null; message: string | null } {
  if (typeof value !== 'string') {
    return { comment: null, message: SUPERVISION_MESSAGES.commentRequired };
  }
  const reading = readHumanText(value, 'long', RETURN_COMMENT_MAX);
  if (reading.problem === 'characters') {
    return { comment: null, message: MESSAGES.textCharacters };
  }
  if (reading.problem !== null) {
    return { comment: null, message: 'Invalid input: comment (' + reading.problem + ')' };
  }
  if (reading.value === null || reading.value === '') {
    return { comment: null, message: SUPERVISION_MESSAGES.commentRequired };
  }
  return { comment: reading.value, message: null };
}

/**
 * The supervisor returns `version` of an awaiting note with a comment: the note is unsigned again
 * (its clinician can change it and sign again) and the return is kept in its history.
 */
export function returnNote<T extends CosignNote>(note: T, version: unknown, comment: unknown, supervisor: { id: string; name: string }, at: string): Transition<T> {
  const refused = checkAwaiting(note, version);
  if (refused) {
    return Object.assign({ ok: false as const }, refused);
  }
  const read = readReturnComment(comment);
  if (read.comment === null) {
    return { ok: false, message: read.message as string, errorType: 'ValidationError' };
  }
  const entry: NoteReturn = { supervisorId: supervisor.id, supervisorName: supervisor.name, at: at, version: note.version, comment: read.comment };
  const next = Object.assign({}, note, { signed: false, signedAt: null, returns: (note.returns || []).concat([entry]), version: note.version + 1 });
  return { ok: true, note: next };
}

/** The supervision record of one clinician: P#<practice> / SUPERVISION#<clinicianId>. */
export function supervisionKey(practiceId: string, clinicianId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'SUPERVISION#' + clinicianId };
}

export const SUPERVISION_PREFIX = 'SUPERVISION#';

/** The clinicians `supervisorId` supervises, from the practice's supervision records. */
export function superviseesOf(records: { clinicianId: string; supervisorIds?: string[] | null }[], supervisorId: string): string[] {
  return records.filter((r) => (r.supervisorIds || []).indexOf(supervisorId) >= 0).map((r) => r.clinicianId);
}

/** Days a signed note waits before its supervisors get a reminder, unless the assignment says otherwise. */
export const COSIGN_REMINDER_DAYS_DEFAULT = 3;
export const COSIGN_REMINDER_DAYS_MAX = 30;

/** The assignment's reminder delay: a whole number of days 1–30, else the default. */
export function reminderDaysOf(record: { reminderDays?: unknown } | null | undefined): number {
  const days = record ? record.reminderDays : null;
  if (typeof days === 'number' && Math.floor(days) === days && days >= 1 && days <= COSIGN_REMINDER_DAYS_MAX) {
    return days;
  }
  return COSIGN_REMINDER_DAYS_DEFAULT;
}

/** The index partition of a clinician's notes awaiting co-signature (GSI2, clinician-scoped). */
export function awaitingPartition(practiceId: string, clinicianId: string): string {
  return 'P#' + practiceId + '#U#' + clinicianId + '#COSIGN';
}

/** The reminder index partition of a UTC day (GSI3, sparse, across practices). */
export function reminderDuePartition(day: string): string {
  return 'COSIGNDUE#' + day;
}

export interface CosignIndexKeys {
  GSI2PK: string;
  GSI2SK: string;
  GSI3PK: string;
  GSI3SK: string;
}

/**
 * The keys a signed note of a supervised clinician carries while it awaits co-signature: GSI2 (the
 * supervisor's list: one Query per supervisee, oldest signature first) and GSI3 (the reminder job:
 * the UTC day the reminder is due, then `<dueAt>#<practiceId>#<appointmentId>`). `dueMs` is the
 * reminder's time (signature + the assignment's days); written by the signing resolvers and the
 * supervision Lambda, removed on co-signature or return.
 */
export function cosignIndexKeys(practiceId: string, clinicianId: string, appointmentId: string, signedAt: string, dueMs: number): CosignIndexKeys {
  const dueAt = formatDateTime(dueMs);
  return {
    GSI2PK: awaitingPartition(practiceId, clinicianId),
    GSI2SK: signedAt + '#' + appointmentId,
    GSI3PK: reminderDuePartition(dueAt.substring(0, 10)),
    GSI3SK: dueAt + '#' + practiceId + '#' + appointmentId,
  };
}

/** The note without its co-signature index keys (co-signed or returned: it awaits nothing). */
export function withoutCosignIndex<T extends object>(note: T): T {
  const next = Object.assign({}, note) as Record<string, unknown>;
  delete next.GSI2PK;
  delete next.GSI2SK;
  delete next.GSI3PK;
  delete next.GSI3SK;
  return next as T;
}
