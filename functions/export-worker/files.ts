/**
 * The export's files (issue 18): besides the records, the zip carries the PDFs a practice keeps and
 * the objects its records point to in the media bucket — written by the units of units.ts, one
 * entry at a time (flat memory: one client's notes, one object at a time).
 *
 * - `pdf/progress-notes/<clientId>.pdf`: each client's signed progress notes, oldest first, with
 *   their addenda, signature and co-signature (the client's appointments on GSI4, their notes by
 *   BatchGet) — one PDF per client, as a records request hands them over.
 * - `pdf/signed-consents/<clientId>-<documentId>-v<version>.pdf`: each signature of the exact
 *   version signed (the same renderer as getSignedConsentPdf).
 * - `files/…`: the claims' X12 files and ERAs (`fileKey`), the message attachments sent, the team's
 *   profile images (`photo.s3path`), as stored.
 */
import { table } from '../shared/aws.ts';
import { batchGetAll, queryPages } from '../shared/dynamo-read.ts';
import { renderPdf } from '../shared/pdf/layout.ts';
import { clientAppointmentsPartition } from '../../domain/appointment/keys.ts';
import { noteBlocks, type Item } from '../../domain/admin/export.ts';
import { noteKey } from '../../domain/progress-note.ts';

const PRACTICE = () => table('PRACTICE_TABLE');

/** One client's signed notes as one PDF (null: none signed). */
export async function clientNotesPdf(practiceId: string, client: Item): Promise<Uint8Array | null> {
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
