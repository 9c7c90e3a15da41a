/**
 * Clients at scale (issue 5's benchmark): an in-memory runtime, the demo practice with 10 000
 * clients written straight into DynamoDB Local as the items addClient writes (domain/client.ts
 * clientItems: the client and its two name-search entries), then through GraphQL as the owner:
 *   - getClients first page, following pages (nextToken), a name search (first or last name), and getClient:
 *     p50/p95 over a few hundred calls each;
 *   - DynamoDB requests per call, every pipeline step counted (countDynamoRequests: authorize's
 *     Directory GetItem, the data step's Practice request, audit's Audit PutItem).
 * Targets (the data step): 1 request for a get, 1 per page for a list, no Scan anywhere — a miss
 * throws, so the bench cannot print a figure that breaks them.
 *
 *   node --import tsx test/bench/clients.ts     (alone; `npm run bench` calls benchClients())
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { CLIENT_STATUS, clientItems, validateClientInput } from '../../domain/client.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { batchWrite, percentile } from './measure.ts';

const CLIENTS = 10_000;
const CALLS = 300;
const FIELDS = `id therapistId username status active gender dateOfBirth sendEmailReminder contact { phone type email }
  personalDetail { first middle last suffix nickname } address { city line1 line2 state zip } communicationSetting { email } version createdAt updatedAt`;
const LIST = `query ($search: String, $nextToken: String) { getClients(search: $search, nextToken: $nextToken) { items { ${FIELDS} } nextToken } }`;
const GET = `query ($id: ID!) { getClient(id: $id) { ${FIELDS} } }`;

const FIRST = ['Ana', 'Ben', 'Carla', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jamal', 'Kira', 'Luis', 'Maya', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tariq'];
const LAST = ['Lopez', 'Smith', 'Nguyen', 'Okafor', 'Garcia', 'Kim', 'Novak', 'Haddad', 'Rossi', 'Schmidt', 'Tanaka', 'Silva', 'Murphy', 'Cohen', 'Patel', 'Dubois', 'Ivanova', 'Moreau', 'Jensen', 'Walsh'];
const SEARCHES = ['ana', 'lopez', 'smith, b', 'maya n', 'kim', 'rossi quinn', 'pri', 'walsh, t', 'garcia', 'el'];


/** Writes `count` clients of the practice (therapist: the owner) as addClient would, 25 items a BatchWrite, a few at a time. */
async function seedClients(runtime: Awaited<ReturnType<typeof startRuntime>>, practiceId: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  const items: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const input = {
      personalDetail: { first: `${FIRST[i % FIRST.length]}${i % 7 ? '' : 'a'}`, last: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${Math.floor(i / 400) || ''}` },
      dateOfBirth: `0${(i % 9) + 1}/1${i % 10}/19${50 + (i % 50)}`,
      contact: { phone: `+1512555${String(i % 10_000).padStart(4, '0')}`, email: `client${i}@example.org`, type: 'mobile' },
      address: { line1: `${i} Main St`, city: 'Austin', state: 'TX', zip: '78701' },
    };
    const { problems, data } = validateClientInput(input);
    if (problems.length) throw new Error(`bench client ${i} is invalid: ${JSON.stringify(problems)}`);
    items.push(...clientItems(practiceId, randomUUID(), practiceId, data, { status: CLIENT_STATUS.active, version: 1, createdAt: now, updatedAt: now, createdBy: practiceId, updatedBy: practiceId }));
  }
  await batchWrite(runtime, tableName('local', 'Practice'), items);
}


export async function benchClients(log: (line: string) => void = () => undefined): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null, countDynamoRequests: true });
  try {
    const practiceId = runtime.seed!.practiceId;
    const seeding = performance.now();
    await seedClients(runtime, practiceId, CLIENTS);
    const seedSeconds = (performance.now() - seeding) / 1000;
    log(`seeded ${CLIENTS} clients in ${seedSeconds.toFixed(1)} s`);
    const { accessToken } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    const counter = runtime.dynamoRequests!;
    const counts = new Map<string, Set<string>>();

    const timed = async (label: string, query: string, variables: Record<string, unknown>) => {
      counter.take();
      const t = performance.now();
      const { body } = await graphql(`${runtime.url}/graphql`, accessToken, query, variables);
      const ms = performance.now() - t;
      if (body.errors?.length || !body.data) throw new Error(`${label} failed during the benchmark: ${body.errors?.[0]?.errorType ?? 'no data'}`);
      const taken = counter.take();
      const seen = counts.get(label) ?? new Set<string>();
      seen.add(Object.entries(taken).map(([k, n]) => `${k} ${n}`).join(', '));
      counts.set(label, seen);
      if (Object.keys(taken).some((k) => k.endsWith(':Scan'))) throw new Error(`${label} sent a Scan`);
      const data = Object.entries(taken).filter(([k]) => k.startsWith('Practice:')).reduce((sum, [, n]) => sum + n, 0);
      if (data !== 1) throw new Error(`${label} sent ${data} Practice-table requests (target 1)`);
      return { ms, data: body.data };
    };

    const series: Record<string, number[]> = { 'first page': [], 'next pages': [], 'name search': [], getClient: [] };
    for (let i = 0; i < 20; i++) await timed('first page', LIST, {}); // warm-up
    const ids: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    for (let i = 0; i < CALLS; i++) {
      series['first page'].push((await timed('first page', LIST, {})).ms);
      const next = await timed('next pages', LIST, { nextToken });
      if (nextToken) series['next pages'].push(next.ms);
      const page = next.data.getClients;
      if (page.items.length !== 20 && page.nextToken) throw new Error(`a page of ${page.items.length} with more to come`);
      ids.push(page.items[i % page.items.length].id);
      pages += 1;
      nextToken = page.nextToken;
      const found = await timed('name search', LIST, { search: SEARCHES[i % SEARCHES.length] });
      if (!found.data.getClients.items.length) throw new Error(`search "${SEARCHES[i % SEARCHES.length]}" found nobody`);
      series['name search'].push(found.ms);
      series.getClient.push((await timed('getClient', GET, { id: ids[i] })).ms);
    }
    log(`walked ${pages} pages`);
    const rows: Array<[string, string]> = [[`Clients: seed ${CLIENTS} (BatchWrite, 3 items each)`, `${seedSeconds.toFixed(1)} s`]];
    for (const [label, times] of Object.entries(series)) {
      const sorted = [...times].sort((a, b) => a - b);
      rows.push([`Clients (${CLIENTS}): ${label} p50 / p95 (${sorted.length} calls)`, `${percentile(sorted, 50).toFixed(1)} ms / ${percentile(sorted, 95).toFixed(1)} ms`]);
      rows.push([`Clients: ${label} DynamoDB requests per call`, [...(counts.get(label) ?? [])].join(' | ')]);
    }
    return rows;
  } finally {
    await runtime.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const rows = await benchClients((line) => console.log(line));
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
}
