/**
 * The export's files (issue 18): besides the records, the zip carries the PDFs a practice keeps and
 * the objects its records point to in the media bucket — streamed like the records, one entry at a
 * time (flat memory: one client's notes, one object at a time).
 *
 * - `pdf/progress-notes/<clientId>.pdf`: each client's signed progress notes, oldest first, with
 *   their addenda, signature and co-signature (the client's appointments on GSI4, their notes by
 *   BatchGet) — one PDF per client, as a records request hands them over.
 * - `pdf/signed-consents/<clientId>-<documentId>-v<version>.pdf`: each signature of the exact
 *   version signed (the same renderer as getSignedConsentPdf).
 * - `files/…`: the claims' X12 files and ERAs (`fileKey`), the message attachments sent, the team's
 *   profile images (`photo.s3path`), as stored.
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { table } from '../shared/aws.ts';
import { batchGetAll, getItem, queryPages } from '../shared/dynamo-read.ts';
import { s3ObjectStore, type ObjectStore } from '../shared/object-store.ts';
import { renderPdf } from '../shared/pdf/layout.ts';
import { renderSignedConsent } from '../shared/pdf/signed-consent.ts';
import { practiceName } from '../shared/practice-name.ts';
import { clientAppointmentsPartition } from '../../domain/appointment/keys.ts';
import { belongsToClient, noteBlocks, objectEntries, type Item } from '../../domain/admin/export.ts';
import { consentVersionKey } from '../../domain/documents/consent.ts';
import { noteKey } from '../../domain/progress-note.ts';
import { practicePartition } from '../../domain/tables.ts';
import type { ZipStream } from './zip.ts';

/** The largest object copied into the zip (message attachments and photos are far smaller). */
const MAX_OBJECT_BYTES = 50 * 1024 * 1024;

const PRACTICE = () => table('PRACTICE_TABLE');
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const partitionOf = (practiceId: string, prefix: string): QueryCommandInput => ({
  TableName: PRACTICE(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':p': prefix },
});

export interface FileCounts {
  notePdfs: number;
  consentPdfs: number;
  files: number;
}

/** One client's signed notes as one PDF (null: none signed). */
async function clientNotesPdf(practiceId: string, client: Item): Promise<Uint8Array | null> {
  const appts: Item[] = [];
  for await (const page of queryPages({
    TableName: PRACTICE(), IndexName: 'GSI4', KeyConditionExpression: 'GSI4PK = :pk', FilterExpression: 'attribute_exists(progressNoteId)',
    ExpressionAttributeValues: { ':pk': clientAppointmentsPartition(practiceId, client.id as string) },
  })) appts.push(...page);
  if (appts.length === 0) return null;
  const byId = new Map(appts.map((a) => [a.id as string, a]));
  const notes = (await batchGetAll(PRACTICE(), appts.map((a) => noteKey(practiceId, a.id as string))))
    .filter((n) => n.signed === true && n.clientId === client.id)
    .sort((a, b) => String(a.date).localeCompare(String(b.date)) || String(a.id).localeCompare(String(b.id)));
  if (notes.length === 0) return null;
  const blocks = noteBlocks(client, notes, (n) => (byId.get(n.appointmentId as string)?.clinicianName as string | undefined) ?? null);
  return renderPdf(blocks, { title: 'Progress notes', subject: 'Signed progress notes (data export)', createdAt: new Date(String(notes[notes.length - 1].signedAt ?? notes[0].date)) });
}

export async function writeFiles(practiceId: string, clientId: string | null | undefined, zip: ZipStream, progress: (current: string) => Promise<void>, store: ObjectStore = s3ObjectStore()): Promise<FileCounts> {
  const counts: FileCounts = { notePdfs: 0, consentPdfs: 0, files: 0 };
  // Progress notes: one PDF per client.
  for await (const page of queryPages(partitionOf(practiceId, 'Client#'))) {
    for (const client of page) {
      if (clientId && client.id !== clientId) continue;
      const pdf = await clientNotesPdf(practiceId, client);
      if (!pdf) continue;
      zip.open(`pdf/progress-notes/${String(client.id)}.pdf`, { store: true });
      zip.push(pdf);
      counts.notePdfs++;
      await zip.drain();
    }
    await progress('pdf/progress-notes');
  }
  // Signed consents: the exact version signed.
  const name = (await practiceName(practiceId)) ?? '';
  const versions = new Map<string, Item | null>();
  for await (const page of queryPages(partitionOf(practiceId, clientId ? `ConsentSig#${clientId}#` : 'ConsentSig#'))) {
    for (const sig of page) {
      const vKey = `${String(sig.documentId)}#${String(sig.version)}`;
      if (!versions.has(vKey)) versions.set(vKey, await getItem(PRACTICE(), consentVersionKey(practiceId, sig.documentId as string, sig.version as number)));
      const text = versions.get(vKey);
      if (!text) continue;
      const pdf = await renderSignedConsent({
        practiceName: name, title: str(text.title), details: str(text.details), version: sig.version as number,
        typedName: str(sig.typedName), signedAt: str(sig.signedAt), ip: str(sig.ip), documentId: str(sig.documentId),
      });
      zip.open(`pdf/signed-consents/${String(sig.clientId)}-${String(sig.documentId)}-v${String(sig.version)}.pdf`, { store: true });
      zip.push(pdf);
      counts.consentPdfs++;
      await zip.drain();
    }
  }
  // Objects in the media bucket the records point to.
  for (const prefix of ['CLAIM#', 'ERA#', 'MSGATT#', 'Therapist#']) {
    for await (const page of queryPages(partitionOf(practiceId, prefix))) {
      for (const item of page) {
        if (clientId && !belongsToClient(item, clientId)) continue;
        for (const entry of objectEntries(item, practiceId)) {
          const bytes = await store.read(entry.key, MAX_OBJECT_BYTES);
          if (!bytes || bytes.length > MAX_OBJECT_BYTES) continue;
          zip.open(entry.name, { store: entry.stored });
          zip.push(bytes);
          counts.files++;
          await zip.drain();
        }
      }
      await progress('files');
    }
  }
  return counts;
}
