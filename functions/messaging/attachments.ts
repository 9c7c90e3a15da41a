/**
 * Message attachments (issue 12): PDF, JPG or PNG, at most 10 MB, in the media bucket under
 * `attachments/<practice>/<client>/<upload id>` once sent.
 *   - upload: the declared type and size are checked first; a pending attachment item (Practice
 *     table `MSGATT#<id>`, expiring after a day) records who may attach it to which conversation,
 *     and a presigned PUT (5 minutes) bound to the declared Content-Type is handed out — to the
 *     quarantine key `attachments/pending/<practice>/<client>/<upload id>`, which the bucket's
 *     lifecycle rule empties after 2 days: an upload never sent does not stay.
 *   - on send (checkForSend): each attachment must be the sender's, pending and of this
 *     conversation; its stored bytes are read back and must be of the declared type by their
 *     signature and at most 10 MB — otherwise the object is removed, the pending item deleted, and
 *     the whole message refused (nothing stored). Accepted bytes are written to the kept key and
 *     the quarantined object removed; the send's transaction records the kept key.
 *   - download: a presigned GET (5 minutes) of an attached (not retracted) file of this conversation,
 *     answering with the checked type and as a download (Content-Disposition: attachment).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import type { ObjectStore } from '../shared/object-store.ts';
import { attachmentKeyItem } from '../../domain/messaging/access.ts';
import { ATTACHMENT_TYPES, MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, attachmentFileName, declaredAttachmentProblem, storedAttachmentProblem } from '../../domain/messaging/rules.ts';
import { conversationOf, refuse, type MessagingEvent } from './request.ts';
import { getItem } from './store.ts';

export const ATTACHMENT_PREFIX = 'attachments/';
/** Uploads not yet sent (lib/media-stack.ts expires this prefix). */
export const PENDING_ATTACHMENT_PREFIX = `${ATTACHMENT_PREFIX}pending/`;
export const URL_SECONDS = 300;
const PENDING_SECONDS = 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StoredAttachment {
  id: string;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

export async function createUpload(event: MessagingEvent, store: ObjectStore) {
  const c = conversationOf(event);
  const { contentType, size, fileName } = event.args;
  const problem = declaredAttachmentProblem(contentType, size);
  if (problem) refuse(problem, 'ValidationError', problem === 'wrongType' ? 'contentType' : 'size');
  const id = randomUUID();
  const key = `${PENDING_ATTACHMENT_PREFIX}${c.practiceId}/${c.clientId}/${id}`;
  const type = contentType as string;
  const now = Math.floor(Date.now() / 1000);
  await dynamo().send(
    new PutCommand({
      TableName: table('PRACTICE_TABLE'),
      Item: {
        ...attachmentKeyItem(c.practiceId, id), entity: 'MessageAttachment', id, key, practiceId: c.practiceId, clientId: c.clientId,
        uploaderId: event.caller.sub, fileName: attachmentFileName(fileName, type), contentType: type, size, state: 'pending', expiresAt: now + PENDING_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { id, url: await store.presignPut(key, URL_SECONDS, type), contentType: type, expiresAt: now + URL_SECONDS };
}

/** The pending attachments named by a send, each checked on its stored bytes; a bad one is removed and refuses the send. */
export async function checkForSend(event: MessagingEvent, ids: unknown, store: ObjectStore): Promise<StoredAttachment[]> {
  const c = conversationOf(event);
  if (ids === null || ids === undefined) return [];
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) return refuse('attachmentNotFound', 'NotFound');
  const unique = [...new Set(ids as string[])];
  if (unique.length > MAX_ATTACHMENTS) refuse('tooMany', 'ValidationError', 'attachmentIds');
  const found: StoredAttachment[] = [];
  for (const id of unique) {
    const item = UUID.test(id) ? await getItem(attachmentKeyItem(c.practiceId, id)) : null;
    if (!item || item.state !== 'pending' || item.clientId !== c.clientId || item.uploaderId !== event.caller.sub) refuse('attachmentNotFound', 'NotFound', 'attachmentIds');
    const stored = item as Record<string, unknown>;
    const quarantined = stored.key as string;
    const kept = keptKey(quarantined);
    // A send retried after its move (the transaction failed) finds the bytes at the kept key.
    const bytes = (await store.read(quarantined, MAX_ATTACHMENT_BYTES)) ?? (kept === quarantined ? null : await store.read(kept, MAX_ATTACHMENT_BYTES));
    if (bytes === null) refuse('attachmentNotFound', 'NotFound', 'attachmentIds');
    const problem = storedAttachmentProblem(bytes as Uint8Array, stored.contentType as string);
    if (problem) {
      // Refused: nothing the sender uploaded is kept.
      await store.remove(stored.key as string);
      await dynamo().send(new DeleteCommand({ TableName: table('PRACTICE_TABLE'), Key: attachmentKeyItem(c.practiceId, id) }));
      refuse(problem, 'ValidationError', 'attachmentIds');
    }
    if (kept !== quarantined) {
      await store.write(kept, bytes as Uint8Array, { contentType: stored.contentType as string });
      await store.remove(quarantined);
    }
    found.push({ id, key: kept, fileName: stored.fileName as string, contentType: stored.contentType as string, size: (bytes as Uint8Array).length });
  }
  return found;
}

/** Where a sent attachment is kept: its quarantine key without `pending/` (uploads from before the quarantine are kept where they are). */
function keptKey(key: string): string {
  return key.startsWith(PENDING_ATTACHMENT_PREFIX) ? ATTACHMENT_PREFIX + key.slice(PENDING_ATTACHMENT_PREFIX.length) : key;
}

export async function downloadUrl(event: MessagingEvent, store: ObjectStore) {
  const c = conversationOf(event);
  const id = event.args.attachmentId;
  const item = typeof id === 'string' && UUID.test(id) ? await getItem(attachmentKeyItem(c.practiceId, id)) : null;
  if (!item || item.state !== 'attached' || item.clientId !== c.clientId || !ATTACHMENT_TYPES[item.contentType as string]) return refuse('attachmentNotFound', 'NotFound');
  const fileName = String(item.fileName);
  const url = await store.presignGet(item.key as string, URL_SECONDS, { contentType: item.contentType as string, contentDisposition: `attachment; filename="${fileName}"` });
  return { id, url, fileName, contentType: item.contentType, expiresAt: Math.floor(Date.now() / 1000) + URL_SECONDS };
}
