/**
 * export-worker (issue 18): produces one data export in the background — invoked asynchronously
 * (InvocationType Event) by functions/export when an owner or clinicianAdmin starts it; locally the
 * runtime's Lambda stand-in runs it in process the same way.
 *
 * Resumable (session 8): a Lambda lives 15 minutes at most and a big practice's export takes longer,
 * so each invocation (a leg) works to a budget (EXPORT_BUDGET_SECONDS, 12 minutes; never past the
 * invocation's own remaining time less a margin): unit after unit (units.ts: one Query page of
 * one step), each leaving its piece in the object store (sink.ts pieceStore) and then the state in
 * the export record (a conditional write owned by the leg); past the budget it invokes itself
 * asynchronously with the next leg's number and stops. The last leg's final pass reads the pieces
 * in order into one streaming zip (zip.ts) sent to the object store — flat memory whatever the
 * practice's size. An invocation of a leg that is not the record's (a late duplicate) does
 * nothing; a retried one (Lambda retries a failed asynchronous invocation twice; so does the local
 * stand-in) resumes from the last state saved and writes the same pieces again, so nothing is
 * doubled; the third failure of a leg marks the export FAILED. DONE is a conditional write: the
 * audit entry and the owner's e-mail (no PHI: no name, no count, a link to the console's page)
 * follow it once. Logs: error names only.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { getItem } from '../shared/dynamo-read.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { getMembership } from '../shared/membership.ts';
import { notifier } from '../shared/notifier.ts';
import { s3ObjectStore } from '../shared/object-store.ts';
import { describeFailure } from '../shared/refusal.ts';
import { EXPORT_KEEP_DAYS, exportKey, exportObjectKey, type Item } from '../../domain/admin/export.ts';
import { invokeWorker } from './invoke.ts';
import { objectSink, pieceStore, type PieceStore } from './sink.ts';
import { currentLabel, decodePiece, encodePiece, handOverNow, initialState, type ExportState } from './state.ts';
import { runUnit, type ExportJob, type LegContext } from './units.ts';
import { ZipStream } from './zip.ts';

export type { ExportJob } from './units.ts';
/** The event: the job, and which leg this invocation is (0: the first). */
export interface ExportEvent extends ExportJob {
  leg?: number;
}

/** A leg's budget when EXPORT_BUDGET_SECONDS is not set: 12 of Lambda's 15 minutes. */
export const DEFAULT_BUDGET_SECONDS = 720;
/** Time kept back from the invocation's own limit (the unit under way and the hand-over). */
const MARGIN_MS = 150_000;
/** Attempts of one leg (the first and Lambda's two retries) before the export is FAILED. */
export const MAX_ATTEMPTS = 3;

const PRACTICE = () => table('PRACTICE_TABLE');

async function update(job: ExportJob, set: Item, condition: string, conditionValues: Item = {}): Promise<Item | null> {
  const names: Record<string, string> = { '#status': 'status', '#leg': 'leg' };
  const values: Item = { ...conditionValues };
  const sets = Object.entries(set).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: PRACTICE(), Key: exportKey(job.practiceId, job.exportId), UpdateExpression: 'SET ' + sets.join(', '),
      ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
    }));
    return (out.Attributes as Item | undefined) ?? null;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error)?.name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

/** Takes the leg: the record's next leg (or this leg again: a retry). Null: not this invocation's to run. */
async function claim(job: ExportJob, leg: number, now: Date): Promise<{ state: ExportState; attempt: number } | null> {
  const item = await getItem(PRACTICE(), exportKey(job.practiceId, job.exportId));
  if (!item || (item.status !== 'QUEUED' && item.status !== 'RUNNING')) return null;
  const at = typeof item.leg === 'number' ? item.leg : -1;
  let claimed: Item | null = null;
  if (at === leg) {
    claimed = await update(job, { attempt: Number(item.attempt ?? 0) + 1, invocations: Number(item.invocations ?? 0) + 1 }, '#leg = :leg AND #status = :running AND attempt = :attempt', { ':leg': leg, ':running': 'RUNNING', ':attempt': item.attempt ?? 1 });
  } else if (at === leg - 1) {
    const fields: Item = { leg, attempt: 1, invocations: Number(item.invocations ?? 0) + 1, status: 'RUNNING' };
    if (leg === 0) fields.startedAt = now.toISOString();
    claimed = await update(job, fields, leg === 0 ? 'attribute_not_exists(#leg) AND #status = :queued' : '#leg = :prev AND #status = :running', leg === 0 ? { ':queued': 'QUEUED' } : { ':prev': leg - 1, ':running': 'RUNNING' });
  }
  if (!claimed) return null;
  return { state: typeof claimed.state === 'string' ? (JSON.parse(claimed.state) as ExportState) : initialState(), attempt: Number(claimed.attempt) };
}

/** Saves the state after a unit; false when the leg is no longer this invocation's (another took it). */
async function checkpoint(job: ExportJob, leg: number, before: ExportState, after: ExportState): Promise<boolean> {
  const saved = await update(job, { state: JSON.stringify(after), seq: after.seq, records: after.records, current: currentLabel(after) },
    '#leg = :leg AND #status = :running AND (attribute_not_exists(seq) OR seq = :seq)', { ':leg': leg, ':running': 'RUNNING', ':seq': before.seq });
  return saved !== null;
}

/** The final pass: the pieces in order into one zip, then the manifest. The zip's byte count. */
async function writeZip(job: ExportJob, state: ExportState, pieces: PieceStore, zipKey: string): Promise<number> {
  const sink = objectSink(zipKey, `attachment; filename="practice-export-${job.exportId.slice(0, 8)}.zip"`);
  const zip = new ZipStream(sink);
  try {
    let open: string | null = null;
    for (let seq = 0; seq < state.seq; seq++) {
      for (const frame of decodePiece(await pieces.get(seq))) {
        if (frame.name !== open) zip.open(frame.name, { store: frame.store });
        open = frame.name;
        zip.push(frame.data);
      }
      await zip.drain();
    }
    zip.open('manifest.json');
    zip.push(JSON.stringify({
      practiceId: job.practiceId, clientId: job.clientId ?? null, exportedAt: new Date().toISOString(),
      format: 'JSON Lines per entity (one record a line), CSV for the tabular entities; pdf/: each client\'s signed progress notes and each signed consent; files/: claim files, message attachments and profile images as stored',
      counts: state.counts,
    }, null, 2) + '\n');
    return await zip.finish();
  } catch (err) {
    await sink.abort().catch(() => undefined);
    throw err;
  }
}

async function finish(job: ExportJob, leg: number, state: ExportState, pieces: PieceStore): Promise<void> {
  const zipKey = exportObjectKey(job.practiceId, job.exportId);
  const bytes = await writeZip(job, state, pieces, zipKey);
  const finishedAt = new Date().toISOString();
  const done = await update(job, { status: 'DONE', counts: state.counts, bytes, objectKey: zipKey, finishedAt, records: Object.values(state.counts).reduce((a, b) => a + b, 0), current: '' },
    '#leg = :leg AND #status = :running', { ':leg': leg, ':running': 'RUNNING' });
  if (!done) return;
  // Once: only the invocation whose write made it DONE gets here.
  await writeAudit(job.requestedBy, 'export-worker', [{ practiceId: job.practiceId, action: 'data.export.complete', entityType: job.clientId ? 'Client' : 'Practice', entityId: job.clientId ?? job.practiceId }], finishedAt);
  const owner = await getMembership(job.practiceId);
  const origin = process.env.PORTAL_ORIGIN ?? '';
  if (owner?.email) {
    await notifier().sendEmail(owner.email, 'Your practice data export is ready', `A data export of your practice is ready. Sign in to download it within ${EXPORT_KEEP_DAYS} days: ${origin}/app/data-export\n\nThe download link is shown on that page only to the owner and clinician admins.`);
  }
  await pieces.removeAll(state.seq).catch((err: unknown) => console.error(`export-worker cleanup failed ${describeFailure(err)}`));
}

/** What one invocation did. */
export type LegOutcome = 'handed-over' | 'done' | 'not-mine' | 'failed';

/** Runs one leg of an export; `deadline`: the invocation's own limit (ms since the epoch), if known. Throws to be retried. */
export async function runLeg(event: ExportEvent, deadline?: number): Promise<LegOutcome> {
  const job: ExportJob = { practiceId: event.practiceId, exportId: event.exportId, clientId: event.clientId ?? null, requestedBy: event.requestedBy };
  const leg = event.leg ?? 0;
  const started = Date.now();
  const budgetSeconds = Number(process.env.EXPORT_BUDGET_SECONDS ?? DEFAULT_BUDGET_SECONDS);
  const budgetMs = Math.min(Number.isFinite(budgetSeconds) && budgetSeconds >= 0 ? budgetSeconds * 1000 : DEFAULT_BUDGET_SECONDS * 1000, deadline ? deadline - MARGIN_MS - started : Infinity);
  const claimed = await claim(job, leg, new Date(started));
  if (!claimed) return 'not-mine';
  let state = claimed.state;
  const pieces = pieceStore(exportObjectKey(job.practiceId, job.exportId));
  const ctx: LegContext = { store: s3ObjectStore(), consentVersions: new Map() };
  try {
    for (;;) {
      if (state.step === 'zip') {
        await finish(job, leg, state, pieces);
        return 'done';
      }
      const unit = await runUnit(job, state, ctx);
      await pieces.put(state.seq, encodePiece(unit.frames));
      const after = { ...unit.state, seq: state.seq + 1 };
      if (!(await checkpoint(job, leg, state, after))) return 'not-mine';
      state = after;
      if (handOverNow(state, Date.now(), started, budgetMs)) {
        await invokeWorker({ ...job, leg: leg + 1 });
        return 'handed-over';
      }
    }
  } catch (err) {
    console.error(`export-worker failed ${describeFailure(err)} (attempt ${claimed.attempt} of ${MAX_ATTEMPTS})`);
    if (claimed.attempt < MAX_ATTEMPTS) throw err;
    const failed = await update(job, { status: 'FAILED', finishedAt: new Date().toISOString() }, '#leg = :leg AND #status = :running', { ':leg': leg, ':running': 'RUNNING' });
    if (failed) await pieces.removeAll(state.seq).catch(() => undefined);
    return 'failed';
  }
}

export const handler = async (event: ExportEvent, context?: { getRemainingTimeInMillis?: () => number }): Promise<LegOutcome> => {
  if (!event?.practiceId || !event.exportId || !event.requestedBy || (event.leg !== undefined && !(Number.isInteger(event.leg) && event.leg >= 0))) throw new Error('export-worker: bad event');
  const remaining = context?.getRemainingTimeInMillis?.();
  return runLeg(event, remaining === undefined ? undefined : Date.now() + remaining);
};
