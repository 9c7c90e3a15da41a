/**
 * The appointment list at scale (issue 7's benchmark): an in-memory runtime, the demo practice grown
 * to 20 clinicians (the five demo clinicians plus 15 memberships written straight into the
 * Directory table as the seed writes them) and a year of their appointments — 12 months of practice
 * time around today, five a weekday each — written straight into DynamoDB Local as the items
 * createAppointment writes (functions/appointments occurrenceItem), 25 a BatchWrite. Then through
 * GraphQL, the calendar's own query and fields (web/src/appointments/api.ts):
 *   - as the owner (practice-wide, GSI1): a month, a week, and a month filtered to one clinician (GSI2);
 *   - as the demo clinicianBasic (own scope, GSI2): a month and a week;
 * following nextToken until a range is done, a few hundred GraphQL calls (pages) per kind →
 * p50/p95 per page and per whole range, and the DynamoDB requests per call, every pipeline step
 * counted (authorize's Directory GetItem, the data step, audit's Audit PutItem).
 * Targets: the data step sends one Query per page, nothing else to the Practice table, and no Scan
 * anywhere — a miss throws. Every walked range is also checked against what was seeded (count,
 * start order, no duplicates, own scope only), so a fast wrong answer cannot print a figure.
 *
 *   node --import tsx test/bench/appointments-list.ts     (alone; `npm run bench` calls benchAppointmentsList())
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_ACCOUNTS, DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { CLIENT_STATUS, clientItems, validateClientInput } from '../../domain/client.ts';
import { isClinician } from '../../domain/permissions.ts';
import { APPOINTMENT_PAGE_SIZE } from '../../domain/appointment/api.ts';
import { endOf, validateAppointmentInput } from '../../domain/appointment/input.ts';
import { DEFAULT_TIMEZONE } from '../../domain/field-readers.ts';
import { fromFloating, toFloating } from '../../domain/recurrence.ts';
import { occurrenceItem } from '../../functions/appointments/occurrence.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { batchWrite, percentile } from './measure.ts';

const CLINICIANS = 20;
const CLIENTS_PER_CLINICIAN = 10;
/** GraphQL calls (pages) per kind, at least; a range in progress is finished. */
const CALLS = 300;
const ZONE = DEFAULT_TIMEZONE;
const DAY = 86_400_000;
const FIELDS = `id seriesId clientId clientName clinicianId clinicianName serviceCode locationType locationName
  start end durationMinutes recurrence { frequency interval until count rrule } status sendEmailReminder
  videoRoomId clientVideoPath readOnly progressNoteId version createdAt updatedAt`;
const LIST = `query ($from: AWSDateTime!, $to: AWSDateTime!, $clinicianId: ID, $nextToken: String) {
  listAppointments(from: $from, to: $to, clinicianId: $clinicianId, nextToken: $nextToken) { items { ${FIELDS} } nextToken } }`;

/** Local start hour and minutes (service) of a clinician's five daily slots; clinicians start at 8, 9 or 10. */
const SLOTS = [
  { hour: 0, service: '90834', minutes: 45 },
  { hour: 1, service: '90837', minutes: 60 },
  { hour: 2, service: '90832', minutes: 30 },
  { hour: 4, service: '90834', minutes: 50 },
  { hour: 5, service: '90791', minutes: 60 },
];
const EXTRA_NAMES = ['Nora Hale', 'Omar Diaz', 'Lena Park', 'Theo Grant', 'Mina Sato', 'Ivan Petrov', 'Zoe Carter', 'Raj Mehta', 'Ella Brooks', 'Kofi Mensah', 'Ruth Adams', 'Leo Marsh', 'Ava Quinn', 'Hugo Lind', 'Tess Moran'];

type Runtime = Awaited<ReturnType<typeof startRuntime>>;
interface Clinician { sub: string; email: string; name: string }
interface Seeded { id: string; clinicianId: string; start: string; end: string }
interface Range { from: string; to: string }


/** UTC ISO of a practice wall-clock time (floating ms: the local time read as UTC). */
function instant(floatingMs: number): string {
  return new Date(fromFloating(floatingMs, ZONE)).toISOString();
}


/** The demo practice's clinicians (from its memberships) plus extra clinicianBasic/… members up to `count`. */
async function clinicians(runtime: Runtime, practiceId: string, count: number): Promise<Clinician[]> {
  const directory = tableName('local', 'Directory');
  const out = await runtime.dynamo.client.send(
    new QueryCommand({ TableName: directory, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: marshall({ ':pk': `P#${practiceId}` }) }),
  );
  const members = (out.Items ?? []).map((item) => unmarshall(item)).filter((m) => isClinician(m.roles as string[]));
  const byEmail = new Map(members.map((m) => [m.email as string, m]));
  // In the demo accounts' order, so the owner comes first; a membership's key is USER#<sub>.
  const list: Clinician[] = DEMO_ACCOUNTS.filter((a) => byEmail.has(a.email)).map((a) => ({
    sub: String(byEmail.get(a.email)!.PK).slice('USER#'.length), email: a.email, name: `${a.givenName} ${a.familyName}`,
  }));
  const now = new Date().toISOString();
  const extra: Array<Record<string, unknown>> = [];
  const roles = ['clinicianBasic', 'clinicianBasicBilling', 'clinicianFullClient'];
  for (let i = 0; list.length < count; i++) {
    const sub = randomUUID();
    const [firstName, lastName] = EXTRA_NAMES[i % EXTRA_NAMES.length].split(' ');
    const email = `bench-clinician-${i}@example.org`;
    extra.push({
      ...membershipKey(sub), GSI1PK: `P#${practiceId}`, GSI1SK: `USER#${sub}`, practiceId, roles: [roles[i % roles.length]], groups: ['TeamMembers'],
      plan: 'professional', planName: 'PROFESSIONAL', email, firstName, lastName, createdAt: now,
    });
    list.push({ sub, email, name: `${firstName} ${lastName}` });
  }
  await batchWrite(runtime, directory, extra);
  return list;
}

/**
 * Twelve months of practice time from the first of the month six months back: each clinician's
 * clients, and five appointments a weekday per clinician (past ones with an outcome), as the API
 * writes them. Returns the months and weeks (practice time) and what was written.
 */
async function seedYear(runtime: Runtime, practiceId: string, team: Clinician[]): Promise<{ months: Range[]; weeks: Range[]; seeded: Seeded[]; items: number }> {
  const stamp = new Date().toISOString();
  const nowMs = Date.now();
  const today = new Date(toFloating(nowMs, ZONE));
  const firstMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 6, 1);
  const months: Range[] = Array.from({ length: 12 }, (_, i) => {
    const start = new Date(firstMonth);
    return { from: instant(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)), to: instant(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i + 1, 1)) };
  });
  const lastDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 6, 1);
  const firstMonday = firstMonth + ((8 - new Date(firstMonth).getUTCDay()) % 7) * DAY;
  const weeks: Range[] = [];
  for (let d = firstMonday; d + 7 * DAY <= lastDay; d += 7 * DAY) weeks.push({ from: instant(d), to: instant(d + 7 * DAY) });

  const items: Array<Record<string, unknown>> = [];
  const clients = team.map((clinician) =>
    Array.from({ length: CLIENTS_PER_CLINICIAN }, (_, i) => {
      const id = randomUUID();
      const first = ['Avery', 'Blake', 'Cameron', 'Dana', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jules'][i];
      const last = `Bench${clinician.sub.slice(0, 4)}`;
      const { problems, data } = validateClientInput({ personalDetail: { first, last }, dateOfBirth: `0${(i % 9) + 1}/15/1985` });
      if (problems.length) throw new Error(`bench client is invalid: ${JSON.stringify(problems)}`);
      items.push(...clientItems(practiceId, id, clinician.sub, data, { status: CLIENT_STATUS.active, version: 1, createdAt: stamp, updatedAt: stamp, createdBy: practiceId, updatedBy: practiceId }));
      return { id, name: `${first} ${last}` };
    }),
  );
  const seeded: Seeded[] = [];
  let n = 0;
  for (let day = firstMonth; day < lastDay; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    team.forEach((clinician, c) => {
      SLOTS.forEach((slot, s) => {
        const startMs = fromFloating(day + (8 + (c % 3) + slot.hour) * 3_600_000, ZONE);
        const client = clients[c][(n + s) % CLIENTS_PER_CLINICIAN];
        const telehealth = n % 5 === 0;
        const { problems, data } = validateAppointmentInput({
          clientId: client.id, serviceCode: slot.service, locationType: telehealth ? 'TELEHEALTH' : 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: slot.minutes, sendEmailReminder: false,
        });
        if (problems.length) throw new Error(`bench appointment is invalid: ${JSON.stringify(problems)}`);
        const past = endOf(startMs, slot.minutes) < nowMs;
        const item = occurrenceItem(practiceId, randomUUID(), data, startMs, {
          clinicianId: clinician.sub, clientName: client.name, clinicianName: clinician.name, seriesId: null, recurrence: null, videoRoomId: null,
          status: past ? ['ATTENDED', 'ATTENDED', 'ATTENDED', 'NO_SHOW', 'LATE_CANCELLED', 'CANCELLED'][n % 6] : 'SCHEDULED',
          version: 1, createdAt: stamp, createdBy: practiceId, updatedAt: stamp, updatedBy: practiceId,
        });
        items.push(item);
        seeded.push({ id: item.id as string, clinicianId: clinician.sub, start: item.start as string, end: item.end as string });
        n += 1;
      });
    });
  }
  await batchWrite(runtime, tableName('local', 'Practice'), items);
  return { months, weeks, seeded, items: items.length };
}

export async function benchAppointmentsList(log: (line: string) => void = () => undefined): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null, countDynamoRequests: true, reminderIntervalMs: 0 });
  try {
    const practiceId = runtime.seed!.practiceId;
    const owner = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const basicAccount = DEMO_ACCOUNTS.find((a) => a.roles.includes('clinicianBasic'))!;
    const basic = await signInSeeded(runtime.url, basicAccount.email, DEMO_PASSWORD);
    const call = async (token: string, variables: Record<string, unknown>) => {
      const { body } = await graphql(`${runtime.url}/graphql`, token, LIST, variables);
      if (body.errors?.length || !body.data) throw new Error(`listAppointments failed during the benchmark: ${body.errors?.[0]?.errorType ?? 'no data'}`);
      return body.data.listAppointments as { items: Array<{ id: string; clinicianId: string; start: string; end: string }>; nextToken: string | null };
    };

    const seeding = performance.now();
    const team = await clinicians(runtime, practiceId, CLINICIANS);
    const basicSub = team.find((c) => c.email === basicAccount.email)?.sub;
    if (!basicSub) throw new Error('the demo clinicianBasic is not among the clinicians');
    // What the demo calendar already holds (this month), so each range's expected count is exact.
    const yearAround = { from: new Date(Date.now() - 200 * DAY).toISOString(), to: new Date(Date.now() + 199 * DAY).toISOString() };
    const demo: Seeded[] = [];
    for (let token: string | null = null, first = true; first || token; first = false) {
      const page = await call(owner.accessToken, { ...yearAround, nextToken: token });
      demo.push(...page.items);
      token = page.nextToken;
    }
    const { months, weeks, seeded, items } = await seedYear(runtime, practiceId, team);
    const seedSeconds = (performance.now() - seeding) / 1000;
    log(`seeded ${seeded.length} appointments (${items} items with the clients) for ${team.length} clinicians in ${seedSeconds.toFixed(1)} s`);
    const all = [...demo, ...seeded];
    const expected = (range: Range, clinicianId: string | null) => all.filter((a) => a.start < range.to && a.end > range.from && (clinicianId === null || a.clinicianId === clinicianId)).length;

    const counter = runtime.dynamoRequests!;
    const counts = new Map<string, Set<string>>();
    const pageTimes = new Map<string, number[]>();
    const rangeTimes = new Map<string, number[]>();
    const pagesPerRange = new Map<string, number[]>();
    const itemsPerRange = new Map<string, number[]>();
    const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

    /** Every page of one range, timed and counted; checks the whole against what was seeded. */
    const walk = async (label: string, token: string, range: Range, clinicianId: string | null, ownOnly: string | null) => {
      const got: Array<{ id: string; clinicianId: string; start: string }> = [];
      let nextToken: string | null = null;
      let pages = 0;
      let total = 0;
      do {
        counter.take();
        const t = performance.now();
        const page = await call(token, { ...range, clinicianId, nextToken });
        const ms = performance.now() - t;
        const taken = counter.take();
        total += ms;
        pages += 1;
        push(pageTimes, label, ms);
        const seen = counts.get(label) ?? new Set<string>();
        seen.add(Object.entries(taken).map(([k, v]) => `${k} ${v}`).join(', '));
        counts.set(label, seen);
        if (Object.keys(taken).some((k) => k.endsWith(':Scan'))) throw new Error(`${label} sent a Scan`);
        const practice = Object.entries(taken).filter(([k]) => k.startsWith('Practice:'));
        if (practice.length !== 1 || practice[0][0] !== 'Practice:Query' || practice[0][1] !== 1) throw new Error(`${label}: the data step sent ${JSON.stringify(Object.fromEntries(practice))} for one page (target: one Query)`);
        if (page.items.length > APPOINTMENT_PAGE_SIZE) throw new Error(`${label}: a page of ${page.items.length}`);
        got.push(...page.items);
        nextToken = page.nextToken;
      } while (nextToken);
      push(rangeTimes, label, total);
      push(pagesPerRange, label, pages);
      push(itemsPerRange, label, got.length);
      const want = expected(range, ownOnly ?? clinicianId);
      if (got.length !== want) throw new Error(`${label} ${range.from}–${range.to}: ${got.length} appointments listed, ${want} seeded`);
      if (new Set(got.map((a) => a.id)).size !== got.length) throw new Error(`${label}: an appointment listed twice`);
      if (got.some((a, i) => i > 0 && a.start < got[i - 1].start)) throw new Error(`${label}: not in start order`);
      if (ownOnly && got.some((a) => a.clinicianId !== ownOnly)) throw new Error(`${label}: another clinician's appointment in an own-scope list`);
    };
    const run = async (label: string, token: string, ranges: Range[], clinicianOf: (i: number) => string | null, ownOnly: string | null) => {
      for (let i = 0; (pageTimes.get(label)?.length ?? 0) < CALLS; i++) await walk(label, token, ranges[i % ranges.length], clinicianOf(i), ownOnly);
    };

    // Warm-up: one pass over every month as the owner, unmeasured.
    for (const month of months) await walk('warm-up', owner.accessToken, month, null, null);
    const kinds: Array<[string, string]> = [
      ['owner, month', 'practice-wide (GSI1)'],
      ['owner, week', 'practice-wide (GSI1)'],
      ['owner, one clinician\'s month', 'clinicianId filter (GSI2)'],
      ['clinicianBasic, own month', 'own scope (GSI2)'],
      ['clinicianBasic, own week', 'own scope (GSI2)'],
    ];
    await run(kinds[0][0], owner.accessToken, months, () => null, null);
    await run(kinds[1][0], owner.accessToken, weeks, () => null, null);
    await run(kinds[2][0], owner.accessToken, months, (i) => team[i % team.length].sub, null);
    await run(kinds[3][0], basic.accessToken, months, () => null, basicSub);
    await run(kinds[4][0], basic.accessToken, weeks, () => null, basicSub);

    const stat = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${percentile(sorted, 50).toFixed(1)} ms / ${percentile(sorted, 95).toFixed(1)} ms`;
    };
    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const rows: Array<[string, string]> = [[`Appointments list: seed a year, ${CLINICIANS} clinicians (${seeded.length} appointments, BatchWrite)`, `${seedSeconds.toFixed(1)} s`]];
    for (const [label, how] of kinds) {
      const pages = pagesPerRange.get(label)!;
      rows.push([`Appointments list (${label}, ${how}): per page p50 / p95 (${pageTimes.get(label)!.length} calls)`, stat(pageTimes.get(label)!)]);
      rows.push([
        `Appointments list (${label}): whole range p50 / p95 (${pages.length} ranges, ${mean(itemsPerRange.get(label)!).toFixed(0)} appointments and ${mean(pages).toFixed(1)} pages each)`,
        stat(rangeTimes.get(label)!),
      ]);
      rows.push([`Appointments list (${label}): DynamoDB requests per call`, [...(counts.get(label) ?? [])].join(' | ')]);
    }
    return rows;
  } finally {
    await runtime.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const rows = await benchAppointmentsList((line) => console.log(line));
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
}
