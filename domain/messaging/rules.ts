/**
 * Secure-messaging rules (issue 12): message text, the retract window, attachments and the
 * new-message notification. Pure functions shared by the messaging Lambda (the gate), the console
 * and the client portal (a courtesy). Messages are never deleted: a retracted message keeps its
 * stored text (and the audit trail its event) and is shown as retracted.
 */
import type { MessagingRefusal } from './api.ts';

/** Longest message text, in UTF-16 units, after trimming. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Attachments per message. */
export const MAX_ATTACHMENTS = 5;
/** A sender may retract their message for this long after sending it. */
export const RETRACT_WINDOW_MS = 5 * 60 * 1000;
/** At most one new-message notification per conversation in this window. */
export const NOTIFY_WINDOW_MS = 15 * 60 * 1000;

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Accepted attachment types and the file-name extension each is stored and served with. */
export const ATTACHMENT_TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
export const MAX_FILE_NAME_LENGTH = 120;

export type RetractRefusal = Extract<MessagingRefusal, 'notSender' | 'retractTooLate' | 'alreadyRetracted'>;

/** Whether `callerId` may retract this message at `nowMs`; the refusal's MESSAGING_REFUSALS key (api.ts) otherwise. */
export function retractRefusal(message: { senderId: string; sentAt: string; retractedAt?: string | null }, callerId: string, nowMs: number): RetractRefusal | null {
  if (message.senderId !== callerId) return 'notSender';
  if (message.retractedAt) return 'alreadyRetracted';
  const sent = Date.parse(message.sentAt);
  if (!Number.isFinite(sent) || nowMs - sent > RETRACT_WINDOW_MS) return 'retractTooLate';
  return null;
}

/** What a caller sees of a message: a retracted one has no text and no attachments. */
export function visibleMessage<T extends { text?: string | null; attachments?: unknown[] | null; retractedAt?: string | null }>(message: T): T {
  if (!message.retractedAt) return { ...message, attachments: message.attachments ?? [] };
  return { ...message, text: null, attachments: [] };
}

/** The declared type and size of an upload, before any byte is sent: a refusal's key, or null. */
export function declaredAttachmentProblem(contentType: unknown, size: unknown): 'wrongType' | 'tooLarge' | null {
  if (typeof contentType !== 'string' || !Object.prototype.hasOwnProperty.call(ATTACHMENT_TYPES, contentType)) return 'wrongType';
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_ATTACHMENT_BYTES) return 'tooLarge';
  return null;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The type the stored bytes are, by their signature (magic number): PDF, JPEG, PNG, or null. */
export function sniffAttachmentType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

/** The stored bytes against what was declared: a refusal's key, or null when they are what was declared. */
export function storedAttachmentProblem(bytes: Uint8Array, declaredType: string): 'wrongType' | 'tooLarge' | null {
  if (bytes.length > MAX_ATTACHMENT_BYTES) return 'tooLarge';
  if (bytes.length === 0) return 'wrongType';
  return sniffAttachmentType(bytes) === declaredType ? null : 'wrongType';
}

/** A file name safe to show and to put in Content-Disposition: printable ASCII, no path, no quotes, with the type's extension. */
export function attachmentFileName(name: unknown, contentType: string): string {
  const extension = ATTACHMENT_TYPES[contentType] ?? 'bin';
  const raw = typeof name === 'string' ? name : '';
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((c) => c >= ' ' && c <= '~' && c !== '"' && c !== ';')
    .join('')
    .trim()
    .slice(0, MAX_FILE_NAME_LENGTH);
  const stem = cleaned.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'attachment';
  return `${stem}.${extension}`;
}

/** Whether a new message may notify now: none sent in this conversation within the last 15 minutes. */
export function mayNotify(lastNotifiedAt: string | null | undefined, nowMs: number): boolean {
  if (!lastNotifiedAt) return true;
  const last = Date.parse(lastNotifiedAt);
  return !Number.isFinite(last) || nowMs - last >= NOTIFY_WINDOW_MS;
}

/** The notification's whole text: the practice's name, never the message, the sender or anything clinical. */
export function notificationText(practiceName: string): string {
  return `You have a new secure message from ${practiceName}`;
}

export const NOTIFICATION_SUBJECT = 'New secure message';

/** A message id that sorts by time: 13-digit epoch milliseconds, a dash, 8 hex digits. */
export function newMessageId(nowMs: number, random: string): string {
  return String(nowMs).padStart(13, '0') + '-' + random;
}
