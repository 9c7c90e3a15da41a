/**
 * Companion apps at scale (issue 14's benchmark): an in-memory runtime; the demo practice gets 500
 * more clients sharing DBT Coach (client records and the practice's shares, as acceptance writes
 * them, "needs attention" kept on the share) and one client with two years of daily diary cards
 * (730 entries in their own partition). Then, through GraphQL as the owner:
 *   - the app page's list (listCompanionClients over ≈ 500 shares),
 *   - the client's entries, first page and following pages (20 a page),
 *   - the client's stats over 90 days (the page's default) and over the whole two years,
 * p50/p95 over repeated calls, and DynamoDB requests per call: the resolvers' (authorize, audit) and the
 * companion Lambda's (it runs in this process on the shared client) by table and operation. No Scan —
 * a Scan throws, so the bench cannot print a figure that breaks it.
 *
 *   node --import tsx test/bench/companion.ts     (alone; `npm run bench` calls benchCompanion())
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { CLIENT_STATUS, clientItems, validateClientInput } from '../../domain/client.ts';
import { entryKey, entryTypeIndex, newEntryId, practiceShareIndex, practiceShareKey } from '../../domain/companion/sharing.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { batchWrite, percentile } from './measure.ts';

const SHARING = 500;
const DAYS = 730;
const CALLS = 60;
const LIST = '{ listCompanionClients(app: DBT_COACH) { clientId clientName state lastEntryDate lastHighUrgeDate } }';
const ENTRIES = 'query ($c: ID!, $n: String) { getClientCompanionEntries(clientId: $c, app: DBT_COACH, nextToken: $n) { items { id type date data } nextToken } }';
const STATS = 'query ($c: ID!, $f: AWSDate) { getClientCompanionStats(clientId: $c, app: DBT_COACH, from: $f) { entryCount currentStreak days { date } skills { name count } highUrgeDates } }';

const dayOf = (offset: number) => new Date(Date.now() - offset * 86400000).toISOString().slice(0, 10);

export async function benchCompanion(log: (line: string) => void = () => undefined): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null, countDynamoRequests: true });
  try {
    const practiceId = runtime.seed!.practiceId;
    const seeding = performance.now();
    const now = new Date().toISOString();
    const practiceItems: Array<Record<string, unknown>> = [];
    const clientIds: string[] = [];
    for (let i = 0; i < SHARING; i++) {
      const { problems, data } = validateClientInput({ personalDetail: { first: `Share${i}`, last: 'Bench' }, dateOfBirth: '02/02/1990' });
      if (problems.length) throw new Error('bench client invalid');
      const clientId = randomUUID();
      clientIds.push(clientId);
      practiceItems.push(...clientItems(practiceId, clientId, practiceId, data, { status: CLIENT_STATUS.active, version: 1, createdAt: now, updatedAt: now, createdBy: practiceId, updatedBy: practiceId }));
      practiceItems.push({
        ...practiceShareKey(practiceId, 'DBT_COACH', clientId), ...practiceShareIndex(practiceId, 'DBT_COACH', clientId), entity: 'CompanionShare', practiceId, clientId, app: 'DBT_COACH',
        state: 'sharing', clientSub: `bench-sub-${i}`, invitedAt: now, sharedAt: now, lastEntryDate: dayOf(i % 30), entryCount: DAYS, ...(i % 10 === 0 ? { lastHighUrgeDate: dayOf(i % 7) } : {}),
      });
    }
    await batchWrite(runtime, tableName('local', 'Practice'), practiceItems);
    // The first bench client's two years of daily diary cards, in their own partition.
    const sub = 'bench-sub-0';
    const entries = Array.from({ length: DAYS }, (_, d) => {
      const date = dayOf(d);
      const id = newEntryId(Date.parse(date + 'T20:00:00Z'), randomBytes(4).toString('hex'));
      return {
        ...entryKey(sub, 'DBT_COACH', date, id), ...entryTypeIndex(sub, 'DBT_COACH', 'DIARY_CARD', date, id), entity: 'CompanionEntry', id, app: 'DBT_COACH', type: 'DIARY_CARD', date, recordedAt: date + 'T20:00:00.000Z',
        data: { emotions: { sadness: d % 6, anger: (d * 3) % 6, joy: (d * 5) % 6 }, urges: { selfHarm: d % 17 === 0 ? 4 : d % 3 }, skillsUsed: ['Wise mind', 'TIPP', 'Opposite action'].slice(0, 1 + (d % 3)), notes: 'A day like the others; practised the skills after dinner.' },
      };
    });
    await batchWrite(runtime, tableName('local', 'Directory'), entries);
    const seedSeconds = (performance.now() - seeding) / 1000;
    log(`seeded ${SHARING} sharing clients and ${DAYS} diary cards in ${seedSeconds.toFixed(1)} s`);

    // The companion Lambda runs in this process on the shared client: count what it sends.
    let sent: string[] = [];
    dynamo().middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { TableName?: string; RequestItems?: Record<string, unknown>; TransactItems?: unknown[] };
      const tableOf = (input.TableName ?? Object.keys(input.RequestItems ?? {})[0] ?? '?').replace(/^portal-local-/, '');
      sent.push(`${tableOf}:${String(context.commandName).replace(/Command$/, '')}`);
      return next(args);
    }, { step: 'initialize', name: 'benchCompanionRequests' });

    const { accessToken } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const counter = runtime.dynamoRequests!;
    const counts = new Map<string, Set<string>>();
    const series: Record<string, number[]> = {};
    const timed = async (label: string, query: string, variables: Record<string, unknown>) => {
      counter.take();
      sent = [];
      const t = performance.now();
      const { body } = await graphql(`${runtime.url}/graphql`, accessToken, query, variables);
      const ms = performance.now() - t;
      if (body.errors?.length || !body.data) throw new Error(`${label} failed during the benchmark: ${body.errors?.[0]?.errorType ?? 'no data'}`);
      const resolvers = Object.entries(counter.take()).map(([k, n]) => `${k} ${n}`);
      const lambda = new Map<string, number>();
      for (const k of sent) lambda.set(k, (lambda.get(k) ?? 0) + 1);
      const all = [...resolvers, ...[...lambda.entries()].map(([k, n]) => `λ ${k} ${n}`)];
      if (all.some((k) => k.includes(':Scan'))) throw new Error(`${label} sent a Scan`);
      const seen = counts.get(label) ?? new Set<string>();
      seen.add(all.join(', '));
      counts.set(label, seen);
      (series[label] ??= []).push(ms);
      return body.data as Record<string, any>;
    };

    for (let i = 0; i < 5; i++) await timed('warm-up', LIST, {});
    const first = clientIds[0];
    for (let i = 0; i < CALLS; i++) {
      const listed = (await timed(`app page list (${SHARING} sharing clients)`, LIST, {})).listCompanionClients as unknown[];
      if (listed.length < SHARING) throw new Error(`the app page listed ${listed.length}`);
      let token: string | null = null;
      for (let p = 0; p < 3; p++) {
        const page: { items: unknown[]; nextToken: string | null } = (await timed(p === 0 ? 'entries, first page' : 'entries, next pages', ENTRIES, { c: first, n: token })).getClientCompanionEntries;
        if (page.items.length !== 20) throw new Error(`an entries page of ${page.items.length}`);
        token = page.nextToken;
      }
      const stats90 = (await timed('stats, 90 days', STATS, { c: first, f: null })).getClientCompanionStats as { entryCount: number };
      if (stats90.entryCount !== 90) throw new Error(`90 days of stats counted ${stats90.entryCount}`);
      const stats2y = (await timed(`stats, two years (${DAYS} entries)`, STATS, { c: first, f: dayOf(DAYS - 1) })).getClientCompanionStats as { entryCount: number };
      if (stats2y.entryCount !== DAYS) throw new Error(`two years of stats counted ${stats2y.entryCount}`);
    }
    const rows: Array<[string, string]> = [[`Companion: seed ${SHARING} sharing clients + ${DAYS} diary cards (BatchWrite)`, `${seedSeconds.toFixed(1)} s`]];
    for (const [label, times] of Object.entries(series)) {
      if (label === 'warm-up') continue;
      const sorted = [...times].sort((a, b) => a - b);
      rows.push([`Companion: ${label} p50 / p95 (${sorted.length} calls)`, `${percentile(sorted, 50).toFixed(1)} ms / ${percentile(sorted, 95).toFixed(1)} ms`]);
      rows.push([`Companion: ${label} DynamoDB requests per call`, [...(counts.get(label) ?? [])].join(' | ')]);
    }
    return rows;
  } finally {
    await runtime.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const rows = await benchCompanion((line) => console.log(line));
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
}
