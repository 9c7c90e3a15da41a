/**
 * Client billing at the issue's size (issue 15's bench, session 8): "the billing list for a practice
 * with a year of 20 clinicians' sessions (≈ 26 000 lines): p95 per page and DynamoDB requests per
 * call (no Scan); a month's statements for 1 000 clients generated in the background with progress
 * shown, time per statement". An in-memory runtime; the demo practice grown to 1 000 clients over 20
 * clinicians (clinician 0 is the demo's clinicianFullClient, an own-records caller), each client
 * seen every other week for a year: 26 sessions → ≈ 26 000 session lines, invoiced month by month
 * (≈ 12 000 invoices: paid with a payment each, last month's unpaid, this month's lines open) and
 * an insurance payment a month for every fifth client — written straight into DynamoDB Local in the
 * shapes the billing Lambda writes (lineItem, invoiceItem, paymentItem, the claims' IPAY item).
 *   - the billing list (`listBilling`, the page's query) for every filter key, as the owner and as
 *     the own-records clinician, following nextToken for up to 30 pages: p50/p95 per page and the
 *     Practice-table requests per call (counted on the shared client; a Scan throws);
 *   - last month's statements for the 1 000 clients as the page starts them (startStatementRun),
 *     worked by the scheduled job's slices (runStatementJobs, its 40 s budget per slice, the
 *     progress read with getStatementRun after each): total time, time per statement, slices; a
 *     second start of the finished month adds nothing.
 *
 *   node --import tsx test/bench/billing-year.ts     (alone; `npm run bench` calls benchBillingYear())
 */
import { pathToFileURL } from 'node:url';
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { clientItems, validateClientInput } from '../../domain/client.ts';
import { catalogOf } from '../../domain/billing/catalog.ts';
import { billingIndexKeys, ledgerKey, BILLING_FILTERS } from '../../domain/billing/keys.ts';
import { invoiceTotal } from '../../domain/billing/ledger.ts';
import { clientFeesOf, lineFor } from '../../domain/billing/session-line.ts';
import { lineItem } from '../../functions/billing/lines.ts';
import { invoiceItem } from '../../functions/billing/invoices.ts';
import { paymentItem } from '../../functions/billing/payments.ts';
import { runStatementJobs, STATEMENT_SLICE_MS } from '../../functions/billing/statement-run.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { batchWrite, percentile } from './measure.ts';

const CLIENTS = Number(process.env.BENCH_BILLING_YEAR_CLIENTS ?? 1000);
const CLINICIANS = 20;
const SESSIONS = 26;
const PAGES = 30;
const FULL_CLIENT = 'fullclient@demo.practiceportal.test';
const LIST = 'query ($f: BillingFilter!, $n: String) { listBilling(filter: $f, nextToken: $n) { items { kind id date clientId amountCents status } nextToken } }';
const START = 'mutation ($m: String!) { startStatementRun(month: $m) { status total done } }';
const PROGRESS = 'query ($m: String!) { getStatementRun(month: $m) { status total done percent statements msPerStatement } }';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function benchBillingYear(log: (line: string) => void = () => undefined): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  const rows: Array<[string, string]> = [];
  try {
    const practiceId = runtime.seed!.practiceId;
    const table = tableName('local', 'Practice');
    const clinicianSub = (await runtime.cognito.admin.getUser(FULL_CLIENT))!.sub;
    const seeding = performance.now();
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const lastMonth = lastMonthStart.toISOString().slice(0, 7);
    const catalog = catalogOf(null);
    const stamp = now.toISOString();
    const meta = { status: 'active', version: 1, createdAt: stamp, createdBy: practiceId, updatedBy: practiceId };
    const items: Record<string, unknown>[] = [];
    let lines = 0;
    let invoices = 0;
    let seq = 0;
    for (let c = 0; c < CLIENTS; c += 1) {
      const clientId = `year-client-${c}`;
      const clinicianId = c % CLINICIANS === 0 ? clinicianSub : `year-clinician-${c % CLINICIANS}`;
      const { data } = validateClientInput({ personalDetail: { first: `Client${c}`, last: 'Year' }, dateOfBirth: '01/01/1990' });
      items.push(clientItems(practiceId, clientId, clinicianId, data, { ...meta, updatedAt: stamp })[0]);
      const byMonth = new Map<string, ReturnType<typeof lineFor>[]>();
      for (let s = 0; s < SESSIONS; s += 1) {
        const date = day(now.getTime() - (1 + (c % 14) + s * 14) * 86_400_000);
        const appointment = { id: `year-appt-${c}-${s}`, clientId, clientName: `Client${c} Year`, clinicianId, clinicianName: 'Year Clinician', serviceCode: s % 2 ? '90837' : '90834', locationType: s % 2 ? 'OFFICE' : 'TELEHEALTH', status: 'ATTENDED' };
        const line = lineFor(appointment, date, catalog, clientFeesOf(null));
        if (!line) throw new Error('no line');
        lines += 1;
        const month = date.slice(0, 7);
        if (month === thisMonth) items.push({ ...lineItem(practiceId, line, clinicianId, stamp), createdAt: stamp });
        else byMonth.set(month, [...(byMonth.get(month) ?? []), line]);
      }
      const ledger = { invoicedCents: 0, paidCents: 0, creditCents: 0, refundedCents: 0 };
      for (const [month, monthLines] of byMonth) {
        const id = `year-inv-${c}-${month}`;
        seq += 1;
        invoices += 1;
        const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
        const issueDate = day(next.getTime());
        const invoiceLines = monthLines.map((l) => ({ lineId: l!.id, date: l!.date, serviceCode: l!.serviceCode, description: l!.serviceName, units: l!.units, feeCents: l!.feeCents, amountCents: l!.units * l!.feeCents }));
        const totalCents = invoiceTotal(invoiceLines);
        const paid = month >= lastMonth ? 0 : totalCents;
        items.push(invoiceItem(practiceId, {
          id, number: `INV-${String(seq).padStart(6, '0')}`, clientId, clientName: `Client${c} Year`, filedUnder: clinicianId, status: paid ? 'PAID' : 'SENT', issueDate, dueDate: day(next.getTime() + 30 * 86_400_000),
          lines: invoiceLines, totalCents, paidCents: paid, note: null, version: 1, createdAt: stamp, createdBy: practiceId, sentAt: stamp, updatedAt: stamp,
        }));
        for (const l of monthLines) items.push({ ...lineItem(practiceId, { ...l!, status: 'INVOICED', invoiceId: id }, clinicianId, stamp), createdAt: stamp });
        ledger.invoicedCents += totalCents;
        if (paid) {
          items.push(paymentItem(practiceId, {
            id: `year-pay-${c}-${month}`, clientId, clientName: `Client${c} Year`, filedUnder: clinicianId, date: day(next.getTime() + 10 * 86_400_000), method: 'CHECK', reference: null,
            amountCents: paid, appliedCents: paid, refundedCents: 0, applications: [{ invoiceId: id, invoiceNumber: `INV-${seq}`, amountCents: paid }], version: 1, createdAt: stamp, createdBy: practiceId,
          }));
          ledger.paidCents += paid;
        }
        if (c % 5 === 0) {
          const ipay = `year-ipay-${c}-${month}`;
          items.push({
            PK: `P#${practiceId}`, SK: `IPAY#${ipay}`, ...billingIndexKeys(practiceId, 'INSURANCE_PAYMENT', { clientId, clinicianId, date: issueDate, id: ipay }),
            entity: 'InsurancePayment', id: ipay, clientId, clientName: `Client${c} Year`, filedUnder: clinicianId, date: issueDate, amountCents: 4200, payerName: 'Bench Health', claimId: `C${c}${month}`, kind: 'payment', createdAt: stamp, createdBy: practiceId,
          });
        }
      }
      items.push({ ...ledgerKey(practiceId, clientId), entity: 'ClientLedger', ...ledger });
    }
    await batchWrite(runtime, table, items);
    log(`wrote ${items.length} items (${CLIENTS} clients, ${lines} session lines, ${invoices} invoices) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    rows.push([`Billing at the issue's size: seeded`, `${CLIENTS} clients, ${CLINICIANS} clinicians, ${lines} session lines, ${invoices} invoices, ${items.length} items`]);

    let sent: string[] = [];
    dynamo().middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { TableName?: string; RequestItems?: Record<string, unknown>; TransactItems?: unknown[] };
      const tableOf = (input.TableName ?? Object.keys(input.RequestItems ?? {})[0] ?? (input.TransactItems ? 'Practice' : '?')).replace(/^portal-local-/, '');
      sent.push(`${tableOf}:${String(context.commandName).replace(/Command$/, '')}`);
      return next(args);
    }, { step: 'initialize', name: 'benchBillingYearRequests' });

    const tokens = {
      owner: (await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD)).accessToken,
      clinician: (await signInSeeded(runtime.url, FULL_CLIENT, DEMO_PASSWORD)).accessToken,
    };
    for (const who of ['owner', 'clinician'] as const) {
      for (const filter of BILLING_FILTERS) {
        const times: number[] = [];
        const requests: number[] = [];
        const seen = new Set<string>();
        let token: string | null = null;
        for (let page = 0; page < PAGES; page += 1) {
          sent = [];
          const t = performance.now();
          const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], LIST, { f: filter, n: token });
          times.push(performance.now() - t);
          if (body.errors?.length || !body.data) throw new Error(`listBilling (${who}, ${filter}) failed: ${body.errors?.[0]?.errorType ?? 'no data'}`);
          if (sent.some((s) => s.endsWith(':Scan'))) throw new Error('a Scan');
          requests.push(sent.filter((s) => s.startsWith('Practice:')).length);
          const got = body.data.listBilling.items as { id: string }[];
          for (const i of got) {
            if (seen.has(i.id)) throw new Error(`listBilling (${who}, ${filter}) answered ${i.id} twice`);
            seen.add(i.id);
          }
          token = body.data.listBilling.nextToken;
          if (token && got.length < 20) throw new Error(`listBilling (${who}, ${filter}) answered a short page before the end`);
          if (!token) break;
        }
        times.sort((a, b) => a - b);
        requests.sort((a, b) => a - b);
        rows.push([`Billing list, year (${who}, ${filter}, ${times.length} pages): p50 / p95 per page; Practice requests per call`, `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} ms; ${requests[0]}–${requests[requests.length - 1]}`]);
      }
    }

    // Last month's statements, started as the page starts them, worked by the scheduled job's slices.
    const call = async (query: string, variables: Record<string, unknown>) => {
      const { body } = await graphql(`${runtime.url}/graphql`, tokens.owner, query, variables);
      if (body.errors?.length) throw new Error(`${body.errors[0].errorType}: ${body.errors[0].message}`);
      return body.data;
    };
    const started = await call(START, { m: lastMonth });
    if (started.startStatementRun.total < CLIENTS) throw new Error(`the statements run counts ${started.startStatementRun.total} clients`);
    const t0 = performance.now();
    let slices = 0;
    let progress = started.startStatementRun;
    while (progress.status !== 'DONE' && slices < 50) {
      await runStatementJobs(new Date());
      slices += 1;
      progress = (await call(PROGRESS, { m: lastMonth })).getStatementRun;
      log(`statements: ${progress.done} / ${progress.total}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    if (progress.status !== 'DONE' || progress.statements < CLIENTS) throw new Error(`statements run: ${JSON.stringify(progress)}`);
    await call(START, { m: lastMonth });
    await runStatementJobs(new Date());
    const again = (await call(PROGRESS, { m: lastMonth })).getStatementRun;
    if (again.status !== 'DONE' || again.statements !== 0) throw new Error(`a second run of the month wrote ${again.statements}`);
    rows.push([`Statements for ${CLIENTS} clients in the background: total (slices of ≤ ${STATEMENT_SLICE_MS / 1000} s)`, `${seconds.toFixed(1)} s in ${slices} slice(s)`]);
    rows.push(['Statements: per statement (wall clock; the job\'s own work figure)', `${((seconds * 1000) / progress.statements).toFixed(1)} ms; ${progress.msPerStatement} ms`]);
  } finally {
    await runtime.stop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const rows = await benchBillingYear((line) => console.log(line));
  for (const [k, v] of rows) console.log(`${k}: ${v}`);
}
