/**
 * Practice administration (issue 18) against the whole local runtime and its demo seed: the
 * clients summary — practice-wide for the owner and clinicianAdmin, own for the Clinician Basic
 * Billing, refused to roles without it; its counts equal what the API lists; bad input refused;
 * audited; another practice sees only its own. The data export, in one pass and in legs (a budget so
 * small that every unit is an invocation of its own, as a big practice's export in AWS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice, signInMembersAndOther } from '../support/practice.ts';
import { unzipSync } from 'fflate';
import { encode } from 'jpeg-js';
import { pdfPageLines } from '../support/pdf-text.ts';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { seedDemoSet } from '../../local/seed-admin.ts';
import { tableName } from '../../domain/tables.ts';
import { exportKey } from '../../domain/admin/export.ts';
import { runScheduledJobs } from '../../functions/appointment-reminders/jobs.ts';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

let runtime: Runtime;
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};
type Body = { data?: Record<string, any>; errors?: { message: string; errorType?: string }[] };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const errorType = (b: Body) => b.errors?.[0]?.errorType;
const OTHER = 'other-admin@elsewhere.practiceportal.test';
const COUNTS = 'active new archived sessions noShows lateCancels noShowRate lateCancelRate';
const SUMMARY = `query ($m: Int, $d: Int) { getClientsSummary(months: $m, inactiveDays: $d) {
  scope from to inactiveDays totals { ${COUNTS} } months { month clientsSeen sessionsPerClient ${COUNTS} }
  byClinician { clinicianId clinicianName ${COUNTS} } byPayer { payerType ${COUNTS} } inactive { clientId clinicianId lastSession daysSince } } }`;

/** Every client the caller lists (active, or archived), through the API's pages. */
async function listed(who: string, status: string | null = null): Promise<{ id: string; therapistId: string }[]> {
  const out: { id: string; therapistId: string }[] = [];
  let token: string | null = null;
  do {
    const page: any = (await call(who, 'query ($n: String, $s: String) { getClients(nextToken: $n, status: $s) { items { id therapistId } nextToken } }', { n: token, s: status })).data!.getClients;
    out.push(...page.items);
    token = page.nextToken;
  } while (token);
  return out;
}

/** The caller's whole audit trail (every page), newest first: its actions. */
async function trailActions(who: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | null = null;
  do {
    const page: any = (await call(who, 'query ($n: String) { listAuditTrail(nextToken: $n) { items { action } nextToken } }', { n: token })).data!.listAuditTrail;
    out.push(...page.items.map((e: any) => e.action));
    token = page.nextToken;
  } while (token);
  return out;
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  const signedIn = await signInMembersAndOther(runtime, { owner: 'owner', admin: 'admin', basicbilling: 'basicbilling', basic: 'basic', scheduler: 'scheduler', biller: 'biller' }, OTHER);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(subs, signedIn.subs);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('clients summary', () => {
  it('practice-wide for the owner: its counts equal the clients the API lists, split by clinician and payer type', async () => {
    const s = (await call('owner', SUMMARY)).data!.getClientsSummary;
    const active = await listed('owner');
    expect(s.scope).toBe('PRACTICE');
    expect(s.months).toHaveLength(12);
    expect(s.totals.active).toBe(active.length);
    expect(s.totals.active).toBeGreaterThan(5);
    const sum = (rows: any[], k: string) => rows.reduce((n, r) => n + r[k], 0);
    expect(sum(s.byPayer, 'active')).toBe(active.length);
    expect(sum(s.byClinician, 'active')).toBe(active.length);
    expect(sum(s.byPayer, 'active') && s.byPayer.find((p: any) => p.payerType === 'INSURANCE').active).toBeGreaterThan(0);
    // The demo practice has attended sessions and no-shows in the last year.
    expect(s.totals.sessions).toBeGreaterThan(0);
    expect(sum(s.months, 'sessions')).toBe(s.totals.sessions);
    expect(s.months.at(-1).active).toBe(active.length);
    for (const row of s.inactive) expect(row.daysSince === null || row.daysSince >= 30).toBe(true);
  });

  it('own for the Clinician Basic Billing: only their clients and sessions', async () => {
    const s = (await call('basicbilling', SUMMARY)).data!.getClientsSummary;
    const own = await listed('basicbilling');
    expect(s.scope).toBe('OWN');
    expect(s.totals.active).toBe(own.length);
    expect(s.byClinician.every((c: any) => c.clinicianId === subs.basicbilling)).toBe(true);
    for (const row of s.inactive) expect(row.clinicianId).toBe(subs.basicbilling);
  });

  it('archiving a client moves it from active to archived at once; the scheduler (every client) sees the practice', async () => {
    const before = (await call('admin', SUMMARY, { m: 3 })).data!.getClientsSummary;
    const id = (await call('owner', 'mutation { addClient(input: { personalDetail: { first: "Summary", last: "Archive" }, dateOfBirth: "01/01/1990" }) { id } }')).data!.addClient.id;
    expect((await call('owner', 'mutation ($id: ID!) { removeClient(id: $id) { status } }', { id })).data!.removeClient.status).toBe('archived');
    const after = (await call('admin', SUMMARY, { m: 3 })).data!.getClientsSummary;
    expect([after.totals.active, after.totals.new, after.totals.archived]).toEqual([before.totals.active, before.totals.new + 1, before.totals.archived + 1]);
    expect(after.months.at(-1).archived).toBe(before.months.at(-1).archived + 1);
    expect((await listed('owner', 'archived')).some((c) => c.id === id)).toBe(true);
    expect((await call('scheduler', SUMMARY, { m: 3 })).data!.getClientsSummary.totals.active).toBe(after.totals.active);
  });

  it('refused to roles without a summary right; bad input refused with its field', async () => {
    for (const w of ['basic', 'biller']) expect(errorType(await call(w, SUMMARY))).toBe('Unauthorized');
    const bad = await call('owner', SUMMARY, { m: 25 });
    expect(errorType(bad)).toBe('ValidationError');
    expect(bad.errors![0].message).toBe('Invalid input: months (1 to 24)');
    expect(errorType(await call('owner', SUMMARY, { d: 3 }))).toBe('ValidationError');
  });

  it('another practice sees only its own (none of the demo practice\'s clients)', async () => {
    const s = (await call('other', SUMMARY)).data!.getClientsSummary;
    expect([s.scope, s.totals.active, s.totals.sessions, s.inactive.length]).toEqual(['PRACTICE', 0, 0, 0]);
  });

  it('each read is audited with the ids of the clients it names, never a name', async () => {
    const s = (await call('owner', SUMMARY, { d: 7 })).data!.getClientsSummary;
    const trail = (await call('owner', '{ listAuditTrail { items { action entityType entityId entityIds } } }')).data!.listAuditTrail.items;
    const entry = trail.find((e: any) => e.action === 'clients.summary.read');
    expect(entry).toBeDefined();
    expect(entry.entityType).toBe('Client');
    expect(JSON.stringify(trail)).not.toContain('Taylor');
    expect(s.inactive.every((r: any) => typeof r.clientId === 'string')).toBe(true);
  });
});

describe('data export', () => {
  const START = 'mutation ($c: ID) { startDataExport(clientId: $c) { id status clientId } }';
  const GET = 'query ($id: ID!) { getDataExport(id: $id) { id status records current counts { entity count } downloadUrl expiresAt } }';

  /** The job once the worker has finished it (the local worker runs in process; each read is one request). */
  async function finished(who: string, id: string): Promise<any> {
    for (let i = 0; i < 600; i++) {
      const job = (await call(who, GET, { id })).data!.getDataExport;
      if (job.status === 'DONE' || job.status === 'FAILED') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('export did not finish');
  }

  it('an admin exports the practice: the zip holds every entity as JSON Lines, the tabular ones as CSV, and its counts equal the API\'s', async () => {
    // A profile image in the media bucket, uploaded as the console does: the export carries it.
    const pixels = Buffer.alloc(16 * 16 * 4, 200);
    const jpeg = encode({ width: 16, height: 16, data: pixels }, 80).data;
    const upload = (await call('owner', 'mutation ($t: String!, $s: Int!) { getProfilePhotoUploadUrl(contentType: $t, size: $s) { key url } }', { t: 'image/jpeg', s: jpeg.length })).data!.getProfilePhotoUploadUrl;
    expect((await fetch(upload.url, { method: 'PUT', body: new Uint8Array(jpeg), headers: { 'content-type': 'image/jpeg' } })).status).toBe(200);
    expect((await call('owner', 'mutation ($k: String!) { confirmProfilePhoto(key: $k) { s3path } }', { k: upload.key })).data?.confirmProfilePhoto.s3path).toBeTruthy();
    const started = (await call('admin', START)).data!.startDataExport;
    expect(started.status).toBe('QUEUED');
    const job = await finished('admin', started.id);
    expect(job.status).toBe('DONE');
    expect(Date.parse(job.expiresAt) - Date.now()).toBeGreaterThan(10 * 60_000);
    const response = await fetch(job.downloadUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const lines = (name: string) => new TextDecoder().decode(files[name]).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const clients = lines('clients.jsonl');
    const listedIds = [...(await listed('owner')), ...(await listed('owner', 'archived'))].map((c) => c.id).sort();
    expect(clients.map((c: any) => c.id).sort()).toEqual(listedIds);
    expect(clients.every((c: any) => !('PK' in c) && !('GSI1PK' in c))).toBe(true);
    // The demo practice's appointments lie within the year around today: the API's widest range (400 days) reads them all.
    const ids: string[] = [];
    let token: string | null = null;
    do {
      const page: any = (await call('owner', 'query ($f: AWSDateTime!, $t: AWSDateTime!, $n: String) { listAppointments(from: $f, to: $t, nextToken: $n) { items { id } nextToken } }', { f: new Date(Date.now() - 200 * 86400000).toISOString(), t: new Date(Date.now() + 199 * 86400000).toISOString(), n: token })).data!.listAppointments;
      ids.push(...page.items.map((a: any) => a.id));
      token = page.nextToken;
    } while (token);
    expect(ids.length).toBeGreaterThan(5);
    expect(lines('appointments.jsonl').map((a: any) => a.id).sort()).toEqual(ids.sort());
    const csv = new TextDecoder().decode(files['clients.csv']).trim().split('\r\n');
    expect(csv[0].startsWith('id,status,therapistId,personalDetail.first')).toBe(true);
    expect(csv).toHaveLength(listedIds.length + 1);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['progress-notes.jsonl', 'audit.jsonl', 'manifest.json', 'appointments.csv']));
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(manifest.counts.clients).toBe(listedIds.length);
    // The PDFs: one per client with signed notes, holding each signed note's text; each signed consent.
    const signed = lines('progress-notes.jsonl').filter((n: any) => n.signed);
    const withNotes = [...new Set(signed.map((n: any) => n.clientId as string))].sort();
    expect(withNotes.length).toBeGreaterThan(0);
    expect(Object.keys(files).filter((f) => f.startsWith('pdf/progress-notes/')).sort()).toEqual(withNotes.map((c) => `pdf/progress-notes/${c}.pdf`));
    const note = signed.find((n: any) => n.sections.some((x: any) => x.text.length > 20));
    const text = (await pdfPageLines(files[`pdf/progress-notes/${note.clientId}.pdf`])).flat().join(' ');
    expect(text).toContain(note.date);
    expect(text.replace(/\s+/g, ' ')).toContain(note.sections.find((x: any) => x.text.length > 20).text.split(' ').slice(0, 4).join(' '));
    const consents = lines('consent-signatures.jsonl');
    expect(consents.length).toBeGreaterThan(0);
    expect(Object.keys(files).filter((f) => f.startsWith('pdf/signed-consents/'))).toHaveLength(consents.length);
    expect((await pdfPageLines(files[`pdf/signed-consents/${consents[0].clientId}-${consents[0].documentId}-v${consents[0].version}.pdf`])).flat().join(' ')).toContain(consents[0].typedName);
    // The files the records point to: the owner's profile image, as stored.
    const image = files[`files/profile-images/${subs.owner}.jpg`];
    expect([...image.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(manifest.counts).toMatchObject({ notePdfs: withNotes.length, consentPdfs: consents.length });
    expect(job.counts.find((c: any) => c.entity === 'clients').count).toBe(listedIds.length);
    // Audited: started and downloaded, ids only; the owner is e-mailed without PHI.
    // Every page: each read of the job while it runs is audited too.
    expect(await trailActions('owner')).toEqual(expect.arrayContaining(['data.export.start', 'data.export.download', 'data.export.complete']));
    const mail = (await (await fetch(`${runtime.url}/_local/outbox`)).json()) as { to: string; subject?: string; body?: string; text?: string }[];
    const sent = mail.filter((m) => JSON.stringify(m).includes('data export is ready'));
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(sent)).not.toMatch(/Avery|Lane|Taylor|clients/);
  });

  it('a records request: one client\'s complete record and nothing of any other client', async () => {
    const client = (await listed('owner'))[0];
    const job = await finished('owner', (await call('owner', START, { c: client.id })).data!.startDataExport.id);
    const files = unzipSync(new Uint8Array(await (await fetch(job.downloadUrl)).arrayBuffer()));
    const lines = (name: string) => (files[name] ? new TextDecoder().decode(files[name]).split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
    expect(lines('clients.jsonl').map((c: any) => c.id)).toEqual([client.id]);
    expect(lines('appointments.jsonl').every((a: any) => a.clientId === client.id)).toBe(true);
    // Its PDFs and files only: no other client's notes, no team member's image.
    expect(Object.keys(files).filter((f) => f.startsWith('pdf/progress-notes/') || f.startsWith('files/profile-images/')).every((f) => f === `pdf/progress-notes/${client.id}.pdf`)).toBe(true);
  });

  it('in legs (a budget so small each unit is an invocation of its own): progress moves on, the zip equals a one-pass export\'s, e-mailed and audited once', async () => {
    const mails = async () => ((await (await fetch(`${runtime.url}/_local/outbox`)).json()) as unknown[]).filter((m) => JSON.stringify(m).includes('data export is ready')).length;
    const completions = async () => (await trailActions('owner')).filter((a) => a === 'data.export.complete').length;
    // The scheduled jobs (reminders, co-signature reminders…) run now, not by the runtime's minute timer between the two exports.
    await runScheduledJobs();
    const [mailBefore, auditBefore] = [await mails(), await completions()];
    process.env.EXPORT_BUDGET_SECONDS = '0';
    const seen: { status: string; records: number }[] = [];
    let legs: any;
    try {
      const id = (await call('admin', START)).data!.startDataExport.id;
      for (let i = 0; i < 1200 && !['DONE', 'FAILED'].includes(legs?.status); i++) {
        legs = (await call('admin', GET, { id })).data!.getDataExport;
        seen.push({ status: legs.status, records: legs.records });
        if (legs.status !== 'DONE') await new Promise((r) => setTimeout(r, 25));
      }
      expect(legs.status).toBe('DONE');
      const record = unmarshall((await runtime.dynamo.client.send(new GetItemCommand({ TableName: tableName('local', 'Practice'), Key: marshall(exportKey(runtime.seed!.practiceId, id)), ConsistentRead: true }))).Item!);
      expect(record.leg + 1).toBeGreaterThanOrEqual(3);
    } finally {
      delete process.env.EXPORT_BUDGET_SECONDS;
    }
    // Progress kept moving across the hand-overs: never back, and seen part-way.
    const running = seen.filter((s) => s.status === 'RUNNING').map((s) => s.records);
    expect(running.some((n) => n > 0 && n < legs.records)).toBe(true);
    expect(seen.map((s) => s.records)).toEqual([...seen.map((s) => s.records)].sort((a, b) => a - b));
    const onePass = await finished('admin', (await call('admin', START)).data!.startDataExport.id);
    const [a, b] = await Promise.all([legs, onePass].map(async (job) => unzipSync(new Uint8Array(await (await fetch(job.downloadUrl)).arrayBuffer()))));
    // The same entries with the same bytes — but the audit trail (the first export's own entries are in the second's) and the manifest's time.
    const names = Object.keys(a).sort();
    expect(names).toEqual(Object.keys(b).sort());
    expect(names.filter((n) => n.startsWith('pdf/progress-notes/')).length).toBeGreaterThan(0);
    // JSON Lines as records (DynamoDB gives an item's attributes in no set order once it is updated); CSV, PDFs and files byte for byte.
    const records = (bytes: Uint8Array) => new TextDecoder().decode(bytes).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    for (const name of names.filter((n) => n !== 'audit.jsonl' && n !== 'manifest.json')) {
      if (name.endsWith('.jsonl')) expect([name, records(a[name])]).toEqual([name, records(b[name])]);
      else expect([name, Buffer.from(a[name]).equals(Buffer.from(b[name]))]).toEqual([name, true]);
    }
    const counts = (f: Record<string, Uint8Array>) => {
      const { audit, ...rest } = JSON.parse(new TextDecoder().decode(f['manifest.json'])).counts;
      return [rest, audit > 0];
    };
    expect(counts(a)).toEqual(counts(b));
    const listedIds = [...(await listed('owner')), ...(await listed('owner', 'archived'))].map((c) => c.id).sort();
    expect(new TextDecoder().decode(a['clients.jsonl']).trim().split('\n').map((l) => JSON.parse(l).id).sort()).toEqual(listedIds);
    expect([await mails(), await completions()]).toEqual([mailBefore + 2, auditBefore + 2]);
  });

  it('only clinicianAdmin and the owner export; another practice\'s client or export is not found', async () => {
    for (const w of ['basicbilling', 'scheduler', 'biller', 'basic']) expect(errorType(await call(w, START))).toBe('Unauthorized');
    const client = (await listed('owner'))[0];
    expect(errorType(await call('other', START, { c: client.id }))).toBe('NotFound');
    const mine = (await call('owner', '{ listDataExports { id } }')).data!.listDataExports;
    expect(mine.length).toBeGreaterThan(0);
    expect(errorType(await call('other', GET, { id: mine[0].id }))).toBe('NotFound');
    expect((await call('other', '{ listDataExports { id } }')).data!.listDataExports).toEqual([]);
  });
});

describe('demo data', () => {
  const STATE = '{ getDemoData { loaded loadedAt clients appointments } }';

  it('loading needs a practice without clients (an archived one counts); a refusal writes nothing', async () => {
    expect((await call('other', STATE)).data!.getDemoData).toEqual({ loaded: false, loadedAt: null, clients: 0, appointments: 0 });
    // A client of their own, made before: loading needs a practice without clients.
    const own = (await call('other', 'mutation { addClient(input: { personalDetail: { first: "Own", last: "Record" }, dateOfBirth: "01/01/1990" }) { id } }')).data!.addClient.id;
    const refused = await call('other', 'mutation { loadDemoData { loaded } }');
    expect([errorType(refused), refused.errors?.[0]?.message]).toEqual(['ConflictError', 'Demo data can only be loaded into a practice that has no clients yet.']);
    expect((await call('other', 'mutation ($id: ID!) { removeClient(id: $id) { status } }', { id: own })).errors).toBeUndefined();
    // An archived client still counts as one of theirs.
    expect(errorType(await call('other', 'mutation { loadDemoData { loaded } }'))).toBe('ConflictError');
    expect((await call('other', STATE)).data!.getDemoData.loaded).toBe(false);
    expect(await listed('other')).toEqual([]);
  });

  it('loads into an empty practice; the summary and the lists show it; removal takes exactly the demo items', async () => {
    const email = 'demo-load@elsewhere.practiceportal.test';
    await addPractice(runtime, email);
    tokens.fresh = (await signInSeeded(runtime.url, email, DEMO_PASSWORD)).accessToken;
    const loaded = (await call('fresh', 'mutation { loadDemoData { loaded clients appointments } }')).data!.loadDemoData;
    expect(loaded).toMatchObject({ loaded: true, clients: 8 });
    expect(loaded.appointments).toBeGreaterThan(50);
    expect(errorType(await call('fresh', 'mutation { loadDemoData { loaded } }'))).toBe('ConflictError');
    const active = await listed('fresh');
    expect(active).toHaveLength(6);
    const summary = (await call('fresh', SUMMARY, { m: 6 })).data!.getClientsSummary;
    expect([summary.totals.active, summary.totals.archived]).toEqual([6, 2]);
    expect(summary.totals.sessions).toBeGreaterThan(20);
    expect(summary.byPayer.find((p: any) => p.payerType === 'INSURANCE').active).toBeGreaterThan(0);
    // Their own client, added after loading: untouched by the removal.
    const own = (await call('fresh', 'mutation { addClient(input: { personalDetail: { first: "Kept", last: "Client" }, dateOfBirth: "02/02/1992" }) { id } }')).data!.addClient.id;
    expect((await call('fresh', 'mutation { removeDemoData { loaded } }')).data!.removeDemoData.loaded).toBe(false);
    expect((await listed('fresh')).map((c) => c.id)).toEqual([own]);
    expect(await listed('fresh', 'archived')).toEqual([]);
    expect((await call('fresh', SUMMARY, { m: 6 })).data!.getClientsSummary.totals.sessions).toBe(0);
    expect(errorType(await call('fresh', 'mutation { removeDemoData { loaded } }'))).toBe('NotFound');
    const trail = (await call('fresh', '{ listAuditTrail { items { action } } }')).data!.listAuditTrail.items.map((e: any) => e.action);
    expect(trail).toEqual(expect.arrayContaining(['demo.load', 'demo.remove']));
  });

  it('npm start\'s seed writes the same set as "Load demo data" (one generator): the page shows it loaded, removal takes it away', async () => {
    const email = 'demo-seed@elsewhere.practiceportal.test';
    await addPractice(runtime, email);
    tokens.seeded = (await signInSeeded(runtime.url, email, DEMO_PASSWORD)).accessToken;
    const sub = JSON.parse(Buffer.from(tokens.seeded.split('.')[1], 'base64url').toString()).sub as string;
    const written = await seedDemoSet(DynamoDBDocumentClient.from(runtime.dynamo.client), tableName('local', 'Practice'), sub, [{ sub, email, givenName: 'Sam', familyName: 'Seed', roles: ['owner'] }]);
    expect((await call('seeded', STATE)).data!.getDemoData).toMatchObject({ loaded: true, clients: 8, appointments: written.appointments });
    expect(await listed('seeded')).toHaveLength(6);
    expect((await call('seeded', 'mutation { removeDemoData { loaded } }')).data!.removeDemoData.loaded).toBe(false);
    expect([await listed('seeded'), await listed('seeded', 'archived')]).toEqual([[], []]);
  });

  it('only the DemoData right (owner, clinicianAdmin) loads or removes', async () => {
    for (const w of ['basicbilling', 'scheduler', 'biller']) expect(errorType(await call(w, 'mutation { removeDemoData { loaded } }'))).toBe('Unauthorized');
  });
});
