/**
 * export-worker (issue 18): produces one data export in the background — invoked asynchronously
 * (InvocationType Event) by functions/export when an owner or clinicianAdmin starts it; locally the
 * runtime's Lambda stand-in runs it in process the same way. Reads the practice's partition of the
 * Practice table with one paged Query (each entity's items arrive together, domain/admin/export.ts),
 * writes `<entity>.jsonl` as it goes and a CSV of the tabular entities (a second Query of their SK
 * range), the audit trail (Audit table) and a manifest of the counts, into a streaming zip sent to
 * the object store (sink.ts) — flat memory whatever the practice's size. The job record shows the
 * progress; at the end it holds the counts and the object's key; the export is audited and the
 * owner e-mailed (no PHI: no name, no count, a link to the console's page). Logs: error names only.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { queryPages } from '../shared/dynamo-read.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { getMembership } from '../shared/membership.ts';
import { notifier } from '../shared/notifier.ts';
import { describeFailure } from '../shared/refusal.ts';
import { CSV_COLUMNS, EXPORT_KEEP_DAYS, belongsToClient, csvHeader, csvRow, entityFileOf, exportKey, exportObjectKey, exportedRecord, jsonLine, prefixOf, type Item } from '../../domain/admin/export.ts';
import { practicePartition } from '../../domain/tables.ts';
import { writeFiles } from './files.ts';
import { objectSink } from './sink.ts';
import { ZipStream } from './zip.ts';

export interface ExportJob {
  practiceId: string;
  exportId: string;
  clientId?: string | null;
  requestedBy: string;
}

async function update(job: ExportJob, fields: Item): Promise<void> {
  const names: Record<string, string> = {};
  const values: Item = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  await dynamo().send(new UpdateCommand({ TableName: table('PRACTICE_TABLE'), Key: exportKey(job.practiceId, job.exportId), UpdateExpression: 'SET ' + sets.join(', '), ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
}

/** Writes the zip; the records written per file. */
export async function writeExport(job: ExportJob, zip: ZipStream, progress: (records: number, current: string) => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const prefixes = new Map<string, string>();
  const pk = practicePartition(job.practiceId);
  let current: string | null = null;
  let entry = '';
  let records = 0;
  for await (const page of queryPages({ TableName: table('PRACTICE_TABLE'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } })) {
    for (const item of page) {
      const file = entityFileOf(item.SK);
      if (!file || (job.clientId && !belongsToClient(item, job.clientId))) continue;
      const prefix = prefixOf(item.SK);
      if (prefix !== current) {
        // Two prefixes of one entity (or a name met again) get their own entry: zip names stay unique.
        const name = counts[file] === undefined ? file : `${file}-${prefix.toLowerCase()}`;
        zip.open(`${name}.jsonl`);
        current = prefix;
        entry = name;
        counts[name] ??= 0;
      }
      if (CSV_COLUMNS[file] && !prefixes.has(file)) prefixes.set(file, prefix);
      zip.push(jsonLine(exportedRecord(item)));
      counts[entry]++;
      records++;
    }
    await zip.drain();
    await progress(records, entry);
  }
  for (const [file, prefix] of prefixes) {
    zip.open(`${file}.csv`);
    zip.push(csvHeader(file)!);
    for await (const page of queryPages({ TableName: table('PRACTICE_TABLE'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': prefix + '#' } })) {
      for (const item of page) if (!job.clientId || belongsToClient(item, job.clientId)) zip.push(csvRow(file, exportedRecord(item)));
      await zip.drain();
    }
  }
  zip.open('audit.jsonl');
  counts.audit = 0;
  for await (const page of queryPages({ TableName: table('AUDIT_TABLE'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } })) {
    for (const entry of page) {
      const ids = (entry.entityIds as string[] | null) ?? [];
      if (job.clientId && entry.entityId !== job.clientId && !ids.includes(job.clientId)) continue;
      zip.push(jsonLine(exportedRecord(entry)));
      counts.audit++;
    }
    await zip.drain();
    await progress(records + counts.audit, 'audit');
  }
  const files = await writeFiles(job.practiceId, job.clientId, zip, (current) => progress(records + counts.audit, current));
  Object.assign(counts, files);
  zip.open('manifest.json');
  zip.push(JSON.stringify({
    practiceId: job.practiceId, clientId: job.clientId ?? null, exportedAt: new Date().toISOString(),
    format: 'JSON Lines per entity (one record a line), CSV for the tabular entities; pdf/: each client\'s signed progress notes and each signed consent; files/: claim files, message attachments and profile images as stored',
    counts,
  }, null, 2) + '\n');
  return counts;
}

export async function runExport(job: ExportJob): Promise<void> {
  const key = exportObjectKey(job.practiceId, job.exportId);
  const sink = objectSink(key, `attachment; filename="practice-export-${job.exportId.slice(0, 8)}.zip"`);
  const zip = new ZipStream(sink);
  try {
    await update(job, { status: 'RUNNING', startedAt: new Date().toISOString() });
    const counts = await writeExport(job, zip, (records, current) => update(job, { records, current }));
    const bytes = await zip.finish();
    const finishedAt = new Date().toISOString();
    await update(job, { status: 'DONE', counts, bytes, objectKey: key, finishedAt, records: Object.values(counts).reduce((a, b) => a + b, 0), current: '' });
    await writeAudit(job.requestedBy, 'export-worker', [{ practiceId: job.practiceId, action: 'data.export.complete', entityType: job.clientId ? 'Client' : 'Practice', entityId: job.clientId ?? job.practiceId }], finishedAt);
    const owner = await getMembership(job.practiceId);
    const origin = process.env.PORTAL_ORIGIN ?? '';
    if (owner?.email) {
      await notifier().sendEmail(owner.email, 'Your practice data export is ready', `A data export of your practice is ready. Sign in to download it within ${EXPORT_KEEP_DAYS} days: ${origin}/app/data-export\n\nThe download link is shown on that page only to the owner and clinician admins.`);
    }
  } catch (err) {
    console.error(`export-worker failed ${describeFailure(err)}`);
    await sink.abort().catch(() => undefined);
    await update(job, { status: 'FAILED', finishedAt: new Date().toISOString() });
  }
}

export const handler = async (event: ExportJob): Promise<void> => {
  if (!event?.practiceId || !event.exportId || !event.requestedBy) throw new Error('export-worker: bad event');
  await runExport(event);
};
