/**
 * Client billing at scale (issue 15's bench, session 7): an in-memory runtime, the demo practice
 * grown to 2 000 clients over 20 clinicians, each with four attended sessions this month — 8 000
 * un-invoiced session lines written straight into DynamoDB Local as syncSessionLine writes them
 * (functions/billing/lines.ts lineItem, with lineFor's line). Then:
 *   - the billing list (`listBilling`, the page's own query) as the owner — all, UnInvoicedSession and
 *     one client — following nextToken for 40 pages each: p50/p95 per page and the billing Lambda's
 *     DynamoDB requests per call (no Scan: a miss throws);
 *   - the monthly run (functions/billing/monthly-run.ts) on next month's run day with automatic
 *     invoices, statements and superbills on, run as the scheduled Lambda runs it (its 40 s budget
 *     per run, again until nothing is unfinished): seconds in all, ms and DynamoDB requests per client,
 *     runs needed — and checked: 2 000 invoices of four lines, none twice (a second run writes nothing).
 *
 *   node --import tsx test/bench/billing.ts     (alone; `npm run bench` calls benchBilling())
 */
import { pathToFileURL } from 'node:url';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { clientItems, validateClientInput } from '../../domain/client.ts';
import { catalogOf } from '../../domain/billing/catalog.ts';
import { clientFeesOf, lineFor } from '../../domain/billing/session-line.ts';
import { runIndexKeys } from '../../domain/billing/run.ts';
import { settingsKey, validateBillingSettings } from '../../domain/practice.ts';
import { lineItem } from '../../functions/billing/lines.ts';
import { RUN_BUDGET_MS, runMonthlyBilling, type MonthlyRunCounts } from '../../functions/billing/monthly-run.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { batchWrite, percentile } from './measure.ts';

const CLIENTS = Number(process.env.BENCH_BILLING_CLIENTS ?? 2000);
const CLINICIANS = 20;
const SESSIONS = 4;
const PAGES = 40;
const RUN_DAY = 5;
const LIST = 'query ($f: BillingFilter!, $c: ID, $n: String) { listBilling(filter: $f, clientId: $c, nextToken: $n) { items { kind id date clientId clientName clinicianId description amountCents balanceCents status pastDue } nextToken } }';

export async function benchBilling(log: (line: string) => void = () => undefined): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  const rows: Array<[string, string]> = [];
  try {
    const practiceId = runtime.seed!.practiceId;
    const table = tableName('local', 'Practice');
    const seeding = performance.now();
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const catalog = catalogOf(null);
    const items: Record<string, unknown>[] = [];
    const stamp = now.toISOString();
    const meta = { status: 'active', version: 1, createdAt: stamp, updatedAt: stamp, createdBy: practiceId, updatedBy: practiceId };
    for (let c = 0; c < CLIENTS; c += 1) {
      const clientId = `bench-client-${c}`;
      const clinicianId = `bench-clinician-${c % CLINICIANS}`;
      const { data } = validateClientInput({ personalDetail: { first: `Client${c}`, last: 'Bench' }, dateOfBirth: '01/01/1990' });
      items.push(clientItems(practiceId, clientId, clinicianId, data, meta)[0]);
      for (let s = 0; s < SESSIONS; s += 1) {
        const date = `${month}-${String(1 + s * 6 + (c % 5)).padStart(2, '0')}`;
        const appointment = { id: `bench-appt-${c}-${s}`, clientId, clientName: `Client${c} Bench`, clinicianId, clinicianName: 'Bench Clinician', serviceCode: s % 2 ? '90837' : '90834', locationType: s % 2 ? 'OFFICE' : 'TELEHEALTH', status: 'ATTENDED' };
        const line = lineFor(appointment, date, catalog, clientFeesOf(null));
        if (!line) throw new Error('no line');
        items.push({ ...lineItem(practiceId, line, clinicianId, stamp), createdAt: stamp });
      }
    }
    await batchWrite(runtime, table, items);
    log(`wrote ${items.length} items (${CLIENTS} clients, ${CLIENTS * SESSIONS} session lines) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    // The billing Lambda runs in this process on the shared client: count what it sends.
    let sent: string[] = [];
    dynamo().middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { TableName?: string; RequestItems?: Record<string, unknown>; TransactItems?: unknown[] };
      const tableOf = (input.TableName ?? Object.keys(input.RequestItems ?? {})[0] ?? (input.TransactItems ? 'Practice' : '?')).replace(/^portal-local-/, '');
      sent.push(`${tableOf}:${String(context.commandName).replace(/Command$/, '')}`);
      return next(args);
    }, { step: 'initialize', name: 'benchBillingRequests' });

    const { accessToken } = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    for (const [label, variables] of [['all', { f: 'all' }], ['UnInvoicedSession', { f: 'UnInvoicedSession' }], ['one client', { f: 'all', c: 'bench-client-7' }]] as const) {
      const times: number[] = [];
      const requests: number[] = [];
      let token: string | null = null;
      const seen = new Set<string>();
      for (let page = 0; page < PAGES; page += 1) {
        sent = [];
        const t = performance.now();
        const { body } = await graphql(`${runtime.url}/graphql`, accessToken, LIST, { ...variables, n: token });
        times.push(performance.now() - t);
        if (body.errors?.length || !body.data) throw new Error(`listBilling failed during the benchmark: ${body.errors?.[0]?.errorType ?? 'no data'}`);
        if (sent.some((s) => s.endsWith(':Scan'))) throw new Error('a Scan');
        requests.push(sent.filter((s) => s.startsWith('Practice:')).length);
        for (const i of body.data.listBilling.items as { id: string }[]) {
          if (seen.has(i.id)) throw new Error(`listBilling (${label}) answered ${i.id} twice`);
          seen.add(i.id);
        }
        token = body.data.listBilling.nextToken;
        if (!token) break;
      }
      times.sort((a, b) => a - b);
      requests.sort((a, b) => a - b);
      rows.push([`Billing list (${label}, 20 a page, ${times.length} pages): p50 / p95 per page`, `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`]);
      rows.push([`Billing list (${label}): Practice-table requests per page`, `${requests[0]}–${requests[requests.length - 1]}`]);
    }

    // The monthly run on next month's 5th (noon Pacific), invoices + statements + superbills on.
    const settings = validateBillingSettings({ invoicePastDue: { days: 30, sendEmail: true }, invoiceSetting: { automateOn: RUN_DAY }, billingClientDocument: { monthlyStatements: true, monthlySuperBills: true, emailNotification: false } }).data;
    await runtime.dynamo.client.send(new PutItemCommand({ TableName: table, Item: marshall({ ...settingsKey(practiceId, 'BillingSettings'), kind: 'BillingSettings', data: settings, ...runIndexKeys(practiceId, settings), version: 9, updatedAt: stamp, updatedBy: practiceId }) }));
    const runAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, RUN_DAY, 20, 0, 0));
    sent = [];
    const total: MonthlyRunCounts = { practices: 0, invoices: 0, statements: 0, superbills: 0, emails: 0, skipped: 0, unfinished: 0 };
    let runs = 0;
    const started = performance.now();
    for (;;) {
      const counts = await runMonthlyBilling(runAt);
      runs += 1;
      for (const k of Object.keys(total) as (keyof MonthlyRunCounts)[]) if (k !== 'unfinished' && k !== 'practices') total[k] += counts[k];
      if (counts.unfinished === 0 || runs > 20) break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (sent.some((s) => s.endsWith(':Scan'))) throw new Error('a Scan');
    if (total.invoices < CLIENTS || total.superbills < CLIENTS) throw new Error(`the run wrote ${total.invoices} invoices and ${total.superbills} superbills for ${CLIENTS} clients`);
    const requests = sent.length;
    sent = [];
    const again = await runMonthlyBilling(runAt);
    if (again.invoices + again.statements + again.superbills !== 0) throw new Error('a second run wrote again');
    log(`monthly run: ${JSON.stringify(total)} in ${runs} run(s), ${seconds.toFixed(1)} s`);
    rows.push([`Monthly run, ${CLIENTS} clients (invoice + superbill each; statements checked): total`, `${seconds.toFixed(1)} s in ${runs} run(s) of ≤ ${RUN_BUDGET_MS / 1000} s`]);
    rows.push(['Monthly run: per client', `${((seconds * 1000) / CLIENTS).toFixed(1)} ms, ${(requests / CLIENTS).toFixed(1)} DynamoDB requests`]);
  } finally {
    await runtime.stop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const rows = await benchBilling((line) => console.log(line));
  for (const [k, v] of rows) console.log(`${k}: ${v}`);
}
