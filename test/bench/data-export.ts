/**
 * The data export at scale (issue 18's bench): an in-memory runtime, the demo practice grown by
 * 2 000 clients shared among its clinicians, each with a year of fortnightly sessions (26: four of
 * six attended, the others no-show or late-cancelled) and a signed SOAP note for every attended one
 * — items as the API writes them (clientItems, occurrenceItem, the note resolver's shape), written
 * straight into DynamoDB Local 25 a BatchWrite. Then the export worker's own pass
 * (functions/export-worker, in process as the local Lambda stand-in runs it, each leg working to
 * the 12-minute budget of AWS — EXPORT_BUDGET_SECONDS — and handing over to the next through the
 * stand-in's Invoke): the whole practice into one zip — JSON Lines, CSV, the audit trail, one PDF of
 * signed notes per client.
 *
 * Figures: time, the zip's size, records and PDFs; memory — the heap and RSS sampled every 100 ms
 * during the pass, the peak in its first quarter against the peak over all of it (streamed: flat,
 * not growing with the practice), and the peak heap of each leg (invocation). The zip is read back and its counts checked against what was
 * written, so a fast wrong export cannot print a figure.
 *
 *   node --import tsx test/bench/data-export.ts     (alone; `npm run bench` calls benchDataExport())
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GetItemCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { unzipSync } from 'fflate';
import { startRuntime } from '../../local/runtime.ts';
import { SHARED_DYNAMODB_ENV, startSharedDynamoDbServer } from '../../local/dynamodb.ts';
import { tableName } from '../../domain/tables.ts';
import { CLIENT_STATUS, clientItems, validateClientInput } from '../../domain/client.ts';
import { isClinician } from '../../domain/permissions.ts';
import { validateAppointmentInput } from '../../domain/appointment/input.ts';
import { noteIdOf, noteKey } from '../../domain/progress-note.ts';
import { exportKey, exportObjectKey } from '../../domain/admin/export.ts';
import { occurrenceItem } from '../../functions/appointments/occurrence.ts';
import { DEFAULT_BUDGET_SECONDS, handler as exportWorker } from '../../functions/export-worker/index.ts';
import { batchWrite } from './measure.ts';

const CLIENTS = Number(process.env.BENCH_EXPORT_CLIENTS ?? 2000);
const SESSIONS = 26;
const DAY = 86_400_000;
const FIRST = ['Avery', 'Blake', 'Cameron', 'Dana', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jules'];
const SOAP = {
  subjective: 'Client reports sleeping better since starting the wind-down routine; work stress remains high.',
  objective: 'Alert, engaged, affect congruent. No safety concerns voiced.',
  assessment: 'Generalized anxiety improving with behavioural strategies.',
  plan: 'Continue worry postponement; introduce cognitive restructuring next session.',
};

type Runtime = Awaited<ReturnType<typeof startRuntime>>;

async function team(runtime: Runtime, practiceId: string): Promise<{ sub: string; name: string }[]> {
  const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: tableName('local', 'Directory'), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: marshall({ ':pk': `P#${practiceId}` }) }));
  return (out.Items ?? []).map((i) => unmarshall(i)).filter((m) => m.SK === 'MEMBERSHIP' && isClinician(m.roles as string[]))
    .map((m) => ({ sub: String(m.PK).slice('USER#'.length), name: `${String(m.firstName ?? '')} ${String(m.lastName ?? '')}`.trim() }));
}

/** The clients, a year of their sessions and the signed notes; the counts written. */
async function seed(runtime: Runtime, practiceId: string): Promise<{ clients: number; appointments: number; notes: number }> {
  const clinicians = await team(runtime, practiceId);
  const stamp = new Date().toISOString();
  const nowMs = Date.now();
  const items: Record<string, unknown>[] = [];
  let appointments = 0;
  let notes = 0;
  for (let c = 0; c < CLIENTS; c++) {
    const clinician = clinicians[c % clinicians.length];
    const id = randomUUID();
    const first = FIRST[c % FIRST.length];
    const last = `Bench${String(c).padStart(4, '0')}`;
    const client = validateClientInput({ personalDetail: { first, last }, dateOfBirth: `0${(c % 9) + 1}/15/1985`, contact: { email: `bench-${c}@example.org` } });
    if (client.problems.length) throw new Error(`bench client is invalid: ${JSON.stringify(client.problems)}`);
    items.push(...clientItems(practiceId, id, clinician.sub, client.data, { status: CLIENT_STATUS.active, version: 1, createdAt: stamp, updatedAt: stamp, createdBy: practiceId, updatedBy: practiceId }));
    for (let s = 0; s < SESSIONS; s++) {
      const startMs = Math.floor((nowMs - (365 - s * 14) * DAY) / 3_600_000) * 3_600_000 + (c % 8) * 3_600_000;
      const appt = validateAppointmentInput({ clientId: id, serviceCode: '90834', locationType: 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: 45, sendEmailReminder: false });
      if (appt.problems.length) throw new Error(`bench appointment is invalid: ${JSON.stringify(appt.problems)}`);
      const apptId = randomUUID();
      const status = ['ATTENDED', 'ATTENDED', 'NO_SHOW', 'ATTENDED', 'LATE_CANCELLED', 'ATTENDED'][(c + s) % 6];
      const attended = status === 'ATTENDED';
      items.push(occurrenceItem(practiceId, apptId, appt.data, startMs, {
        clinicianId: clinician.sub, clientName: `${first} ${last}`, clinicianName: clinician.name, seriesId: null, recurrence: null, videoRoomId: null,
        status, version: 1, createdAt: stamp, createdBy: practiceId, updatedAt: stamp, updatedBy: practiceId, progressNoteId: attended ? noteIdOf(apptId) : null,
      }));
      appointments++;
      if (!attended) continue;
      const signedAt = new Date(startMs + 2 * 3_600_000).toISOString();
      items.push({
        ...noteKey(practiceId, apptId), entity: 'ProgressNote', id: noteIdOf(apptId), practiceId, appointmentId: apptId, clientId: id, clinicianId: clinician.sub,
        date: signedAt.slice(0, 10), template: 'SOAP', sections: Object.entries(SOAP).map(([key, text]) => ({ key, text })), signed: true, signedAt, addenda: [], version: 2,
        createdAt: signedAt, updatedAt: signedAt, createdBy: clinician.sub, updatedBy: clinician.sub,
      });
      notes++;
    }
  }
  await batchWrite(runtime, tableName('local', 'Practice'), items);
  return { clients: CLIENTS, appointments, notes };
}

export async function benchDataExport(log: (line: string) => void = () => undefined): Promise<Array<[string, string]>> {
  // A DynamoDB Local of its own with a 4 GB heap: the runtime's default (512 MB, in memory) is
  // outgrown by a practice of this size and its four index copies — it answered InternalFailure
  // mid-export; on disk it is far too slow to seed.
  const dynamo = await startSharedDynamoDbServer('4g');
  const before = process.env[SHARED_DYNAMODB_ENV];
  process.env[SHARED_DYNAMODB_ENV] = dynamo.endpoint;
  const runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  try {
    const practiceId = runtime.seed!.practiceId;
    const seedStarted = Date.now();
    const written = await seed(runtime, practiceId);
    log(`seeded ${written.clients} clients, ${written.appointments} appointments, ${written.notes} signed notes in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    global.gc?.();
    const base = process.memoryUsage();
    const samples: { at: number; heap: number; rss: number; leg: number }[] = [];
    const exportId = `${Date.now()}-${randomUUID().slice(0, 8)}`;
    const key = marshall(exportKey(practiceId, exportId));
    const PRACTICE = tableName('local', 'Practice');
    // The job as functions/export records it; then its first leg, as the stand-in's Invoke runs it.
    await runtime.dynamo.client.send(new PutItemCommand({ TableName: PRACTICE, Item: marshall({ ...exportKey(practiceId, exportId), entity: 'DataExport', id: exportId, status: 'QUEUED', clientId: null, requestedBy: practiceId, createdAt: new Date().toISOString(), records: 0 }) }));
    let leg = 0;
    let job: Record<string, unknown> = {};
    const started = Date.now();
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      samples.push({ at: Date.now() - started, heap: m.heapUsed, rss: m.rss, leg });
    }, 100);
    await exportWorker({ practiceId, exportId, requestedBy: practiceId, leg: 0 });
    for (;;) {
      job = unmarshall((await runtime.dynamo.client.send(new GetItemCommand({ TableName: PRACTICE, Key: key, ConsistentRead: true }))).Item ?? {});
      leg = Number(job.leg ?? 0);
      if (job.status === 'DONE' || job.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    clearInterval(sampler);
    if (job.status !== 'DONE') throw new Error('the export failed');
    const seconds = (Date.now() - started) / 1000;
    const file = join(process.env.LOCAL_S3_ROOT ?? '', process.env.BUCKET ?? '', ...exportObjectKey(practiceId, exportId).split('/'));
    const zipBytes = readFileSync(file);
    const files = unzipSync(new Uint8Array(zipBytes), { filter: (f) => f.name === 'manifest.json' || f.name === 'clients.csv' });
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as { counts: Record<string, number> };
    const c = manifest.counts;
    if (c.clients < written.clients || c.appointments < written.appointments || c['progress-notes'] < written.notes || c.notePdfs < written.clients) {
      throw new Error(`the export is incomplete: ${JSON.stringify(c)}`);
    }
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    const quarter = samples.filter((s) => s.at <= (seconds * 1000) / 4);
    const peak = (list: typeof samples, k: 'heap' | 'rss') => Math.max(...list.map((s) => s[k]));
    const records = Object.entries(c).filter(([k]) => !['notePdfs', 'consentPdfs', 'files'].includes(k)).reduce((n, [, v]) => n + v, 0);
    return [
      ['practice', `${written.clients} clients, ${written.appointments} appointments, ${written.notes} signed notes (a year)`],
      ['export time', `${seconds.toFixed(1)} s (${Math.round(records / seconds)} records/s with ${c.notePdfs} note PDFs)`],
      ['zip size', `${mb(zipBytes.length)} MB (${records} records, ${c.notePdfs} PDFs)`],
      ['heap during the pass', `peak ${mb(peak(samples, 'heap'))} MB (first quarter ${mb(peak(quarter, 'heap'))} MB; before ${mb(base.heapUsed)} MB)`],
      ['RSS during the pass', `peak ${mb(peak(samples, 'rss'))} MB (first quarter ${mb(peak(quarter, 'rss'))} MB; before ${mb(base.rss)} MB)`],
      ['invocations', `${Number(job.leg) + 1} legs at a ${Number(process.env.EXPORT_BUDGET_SECONDS ?? DEFAULT_BUDGET_SECONDS)} s budget (${String(job.invocations)} invocations with retries)`],
      ['heap per invocation', Array.from({ length: Number(job.leg) + 1 }, (_, l) => {
        const mine = samples.filter((x) => x.leg === l);
        return `leg ${l}: ${mine.length ? mb(peak(mine, 'heap')) : '?'} MB over ${mine.length ? ((mine[mine.length - 1].at - mine[0].at) / 1000).toFixed(0) : 0} s`;
      }).join('; ')],
    ];
  } finally {
    await runtime.stop();
    await dynamo.stop();
    if (before === undefined) delete process.env[SHARED_DYNAMODB_ENV];
    else process.env[SHARED_DYNAMODB_ENV] = before;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const rows = await benchDataExport((line) => console.log(line));
  for (const [k, v] of rows) console.log(`${k.padEnd(22)} ${v}`);
  process.exit(0);
}
