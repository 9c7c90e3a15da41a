/**
 * One unit of a data export (issue 18, session 8): one Query page of the step the state is at,
 * turned into the zip entries' bytes (frames) — the records as JSON Lines, a tabular entity's CSV
 * rows, the audit trail, each client's signed notes as a PDF, each signed consent's PDF, the files
 * the records point to — and the state after it (state.ts). Deterministic for a given state and
 * data: a unit run again after a crash writes the same piece.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { getItem } from '../shared/dynamo-read.ts';
import type { ObjectStore } from '../shared/object-store.ts';
import { renderSignedConsent } from '../shared/pdf/signed-consent.ts';
import { practiceName } from '../shared/practice-name.ts';
import { CSV_COLUMNS, belongsToClient, csvHeader, csvRow, entityFileOf, exportedRecord, jsonLine, objectEntries, prefixOf } from '../../domain/admin/export.ts';
import { consentVersionKey } from '../../domain/documents/consent.ts';
import { practicePartition } from '../../domain/tables.ts';
import { clientNotesPdf } from './files.ts';
import { ATTACHMENT_PAGE, FILE_PREFIXES, PDF_PAGE, advance, frameList, recordEntry, type ExportState, type Frame, type Item } from './state.ts';

export interface ExportJob {
  practiceId: string;
  exportId: string;
  clientId?: string | null;
  requestedBy: string;
}

/** What a leg keeps between its units (caches only: a fresh leg rebuilds them). */
export interface LegContext {
  store: ObjectStore;
  consentVersions: Map<string, Item | null>;
  practiceName?: string;
}

/** The largest object copied into the zip (message attachments and photos are far smaller). */
const MAX_OBJECT_BYTES = 50 * 1024 * 1024;
const PRACTICE = () => table('PRACTICE_TABLE');
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

async function page(input: QueryCommandInput, key: Item | null): Promise<{ items: Item[]; last: Item | undefined }> {
  const out = await dynamo().send(new QueryCommand({ ...input, ...(key ? { ExclusiveStartKey: key } : {}) }));
  return { items: (out.Items ?? []) as Item[], last: out.LastEvaluatedKey as Item | undefined };
}

const partition = (job: ExportJob, prefix?: string, limit?: number): QueryCommandInput => ({
  TableName: PRACTICE(),
  KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
  ExpressionAttributeValues: { ':pk': practicePartition(job.practiceId), ...(prefix ? { ':p': prefix } : {}) },
  ...(limit ? { Limit: limit } : {}),
});

/** Runs the unit the state is at (not `zip`: that is the final pass); its frames and the state after it. */
export async function runUnit(job: ExportJob, state: ExportState, ctx: LegContext): Promise<{ frames: Frame[]; state: ExportState }> {
  const out = frameList();
  const keep = (item: Item) => !job.clientId || belongsToClient(item, job.clientId);
  if (state.step === 'records') {
    const { items, last } = await page(partition(job), state.key);
    let next: ExportState = { ...state, counts: { ...state.counts }, csv: [...state.csv] };
    for (const item of items) {
      const file = entityFileOf(item.SK);
      if (!file || !keep(item)) continue;
      const moved = recordEntry(next, prefixOf(item.SK), file);
      next = moved.state;
      if (CSV_COLUMNS[file] && !next.csv.some(([f]) => f === file)) next.csv.push([file, prefixOf(item.SK)]);
      out.add(`${moved.entry}.jsonl`, jsonLine(exportedRecord(item)));
      next.counts[moved.entry]++;
      next.records++;
    }
    return { frames: out.done(), state: advance(next, last) };
  }
  if (state.step === 'csv') {
    const [file, prefix] = state.csv[state.index];
    if (!state.key) out.add(`${file}.csv`, csvHeader(file)!);
    const { items, last } = await page(partition(job, prefix + '#'), state.key);
    for (const item of items) if (keep(item)) out.add(`${file}.csv`, csvRow(file, exportedRecord(item)));
    return { frames: out.done(), state: advance(state, last) };
  }
  if (state.step === 'audit') {
    const counts = { ...state.counts, audit: state.counts.audit ?? 0 };
    let records = state.records;
    out.add('audit.jsonl', '');
    const { items, last } = await page({ TableName: table('AUDIT_TABLE'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': practicePartition(job.practiceId) } }, state.key);
    for (const entry of items) {
      const ids = (entry.entityIds as string[] | null) ?? [];
      if (job.clientId && entry.entityId !== job.clientId && !ids.includes(job.clientId)) continue;
      out.add('audit.jsonl', jsonLine(exportedRecord(entry)));
      counts.audit++;
      records++;
    }
    return { frames: out.done(), state: advance({ ...state, counts, records }, last) };
  }
  if (state.step === 'notePdfs') {
    // Progress notes: one PDF per client with signed notes.
    const counts = { ...state.counts };
    const { items, last } = await page(partition(job, 'Client#', PDF_PAGE), state.key);
    for (const client of items) {
      if (job.clientId && client.id !== job.clientId) continue;
      const pdf = await clientNotesPdf(job.practiceId, client);
      if (!pdf) continue;
      out.add(`pdf/progress-notes/${String(client.id)}.pdf`, pdf, true);
      counts.notePdfs++;
    }
    return { frames: out.done(), state: advance({ ...state, counts }, last) };
  }
  if (state.step === 'consentPdfs') {
    // Signed consents: the exact version signed.
    const counts = { ...state.counts };
    ctx.practiceName ??= (await practiceName(job.practiceId)) ?? '';
    const { items, last } = await page(partition(job, job.clientId ? `ConsentSig#${job.clientId}#` : 'ConsentSig#', PDF_PAGE), state.key);
    for (const sig of items) {
      const vKey = `${String(sig.documentId)}#${String(sig.version)}`;
      if (!ctx.consentVersions.has(vKey)) ctx.consentVersions.set(vKey, await getItem(PRACTICE(), consentVersionKey(job.practiceId, sig.documentId as string, sig.version as number)));
      const text = ctx.consentVersions.get(vKey);
      if (!text) continue;
      const pdf = await renderSignedConsent({
        practiceName: ctx.practiceName, title: str(text.title), details: str(text.details), version: sig.version as number,
        typedName: str(sig.typedName), signedAt: str(sig.signedAt), ip: str(sig.ip), documentId: str(sig.documentId),
      });
      out.add(`pdf/signed-consents/${String(sig.clientId)}-${String(sig.documentId)}-v${String(sig.version)}.pdf`, pdf, true);
      counts.consentPdfs++;
    }
    return { frames: out.done(), state: advance({ ...state, counts }, last) };
  }
  if (state.step === 'files') {
    // Objects in the media bucket the records point to.
    const counts = { ...state.counts };
    const prefix = FILE_PREFIXES[state.index];
    const { items, last } = await page(partition(job, prefix, prefix === 'MSGATT#' ? ATTACHMENT_PAGE : PDF_PAGE), state.key);
    for (const item of items) {
      if (!keep(item)) continue;
      for (const entry of objectEntries(item, job.practiceId)) {
        const bytes = await ctx.store.read(entry.key, MAX_OBJECT_BYTES);
        if (!bytes || bytes.length > MAX_OBJECT_BYTES) continue;
        out.add(entry.name, bytes, entry.stored);
        counts.files++;
      }
    }
    return { frames: out.done(), state: advance({ ...state, counts }, last) };
  }
  throw new Error(`export: no unit for step ${state.step}`);
}
