/**
 * The monthly billing run (issue 15, session 7), one of the scheduled jobs
 * (functions/appointment-reminders/jobs.ts: EventBridge every 5 minutes in AWS, the local runtime's
 * timer). On a practice's run day (its billing settings: `invoiceSetting.automateOn`, else day 1
 * when monthly documents are on — domain/billing/run.ts), in the practice's zone:
 *   - automatic invoicing (when `automateOn` is set): each client's un-invoiced session lines dated
 *     before the 1st of this month become one invoice, issued (sent) today, due per
 *     `invoicePastDue.days` — 50 lines an invoice at most;
 *   - last month's statement for each client with an account (`monthlyStatements`) and superbill
 *     for each client seen last month (`monthlySuperBills`), as billing documents;
 *   - with `emailNotification`, one e-mail per client who got something and has portal access:
 *     "<practice> has a new billing document for you in your client portal" and the link — no PHI.
 * Practices are found by Queries of the run-day index (never a Scan): the month's days so far, so a
 * run day missed while the job was down is done by the next run, once. Every invoice and document
 * has a deterministic id (month × client), written with attribute_not_exists: a second run, or two
 * runs at once, writes nothing twice. The practice's month is marked done (BRUN#<month>) only when
 * every client went through; a run that meets its time budget stops and the next one carries on.
 * Counts only in the result (the log line): no names, no amounts.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { billingDocItem, billingDocKey, counterKey, invoiceKey, ledgerKey, practiceBucket } from '../../domain/billing/keys.ts';
import { dueDateOf, invoiceTotal } from '../../domain/billing/ledger.ts';
import { autoDocumentId, autoInvoiceId, dueDays, runDayOf, runMarkerKey, runPartition } from '../../domain/billing/run.ts';
import { previousMonth } from '../../domain/billing/statement.ts';
import { clientKey } from '../../domain/client.ts';
import { portalAccessKey } from '../../domain/client-link.ts';
import { dynamo } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { MAX_INVOICE_LINES, invoiceItem } from './invoices.ts';
import { lineItem } from './lines.ts';
import { nameOf, practiceBilling, responsibleClinician, type PracticeBilling } from './practice.ts';
import type { Item } from './request.ts';
import { getItem, getItems, nextNumber, practiceTable, put, transact, update } from './store.ts';
import { sendPortalLink, statementSnapshot, superbillSnapshot } from './statements.ts';

/** A run's wall-clock budget: the scheduled Lambda has 2 minutes for every job (the assessment reminders before this one may take 60 s). */
export const RUN_BUDGET_MS = 40_000;

/** Who the run's documents name as their maker. */
/** Clients processed at once within a practice (each one's writes are its own transactions). */
const CLIENTS_AT_ONCE = 8;

export const RUN_ACTOR = { id: 'system', name: 'Monthly billing run' } as const;

export interface MonthlyRunCounts {
  practices: number;
  invoices: number;
  statements: number;
  superbills: number;
  emails: number;
  /** Units already done by an earlier run (or a concurrent one). */
  skipped: number;
  /** Practices left for the next run (time budget, or a line invoiced meanwhile). */
  unfinished: number;
}

export interface MonthlyRunOptions {
  send?: Notifier;
  /** Wall-clock budget in ms (default RUN_BUDGET_MS); what is left goes to the next run. */
  budgetMs?: number;
}

async function queryAllPages(input: QueryCommandInput): Promise<Item[]> {
  const all: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    all.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  return all;
}

/** The practice's un-invoiced session lines dated before `before` (YYYY-MM-DD), by client. */
async function openLinesBefore(practiceId: string, before: string): Promise<Map<string, Item[]>> {
  const lines = await queryAllPages({
    TableName: practiceTable(), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :before',
    ExpressionAttributeValues: { ':pk': practiceBucket(practiceId, 'SESSION_OPEN'), ':before': before },
  });
  const byClient = new Map<string, Item[]>();
  // A line invoiced before lineItem kept its index keys right (session 8) may still sit in the open bucket: skipped.
  for (const l of lines) if (l.status === 'UNINVOICED') byClient.set(l.clientId, [...(byClient.get(l.clientId) ?? []), l]);
  return byClient;
}

/** Clients with a session dated within [from, to] (invoiced or not). */
async function clientsSeen(practiceId: string, from: string, to: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const bucket of ['SESSION_OPEN', 'SESSION_INVOICED'] as const) {
    const items = await queryAllPages({
      TableName: practiceTable(), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': practiceBucket(practiceId, bucket), ':from': from, ':to': `${to}#~` }, ProjectionExpression: 'clientId',
    });
    for (const i of items) seen.add(i.clientId);
  }
  return seen;
}

/** Clients with an account (a ledger item): a Query of the practice's partition. */
async function clientsWithAccounts(practiceId: string): Promise<Set<string>> {
  const items = await queryAllPages({
    TableName: practiceTable(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':prefix': 'CLEDGER#' }, ProjectionExpression: 'SK',
  });
  return new Set(items.map((i) => String(i.SK).slice('CLEDGER#'.length)));
}

type Outcome = 'written' | 'skipped' | 'retry';

/** One automatic invoice, issued at once (sent): the invoice, its lines, the ledger and its document in one transaction. */
async function autoInvoice(practiceId: string, practice: PracticeBilling, client: Item, lines: Item[], id: string, now: Date): Promise<Outcome> {
  if (await getItem(invoiceKey(practiceId, id))) return 'skipped';
  const seq = await nextNumber(counterKey(practiceId));
  const stamp = now.toISOString();
  const filedUnder = responsibleClinician(client, lines[0].filedUnder);
  const invoiceLines = lines.map((l) => ({ lineId: l.id, date: l.date, serviceCode: l.serviceCode, description: l.serviceName, units: l.units, feeCents: l.feeCents, amountCents: l.units * l.feeCents }));
  const totalCents = invoiceTotal(invoiceLines);
  const number = `INV-${String(seq).padStart(5, '0')}`;
  const invoice = {
    id, number, clientId: client.id, clientName: nameOf(client), filedUnder, status: 'SENT', issueDate: practice.today,
    dueDate: dueDateOf(practice.today, (practice.settings.invoicePastDue as Item)?.days), lines: invoiceLines, totalCents, paidCents: 0,
    note: (practice.settings.invoiceSetting as Item)?.defaultText ?? null, version: 1, automatic: true,
    createdAt: stamp, createdBy: RUN_ACTOR.id, updatedAt: stamp, sentAt: stamp, updatedBy: RUN_ACTOR.id,
  };
  const doc = {
    id: `D${id}`, kind: 'INVOICE', invoiceId: id, clientId: client.id, clientName: invoice.clientName, filedUnder, title: `Invoice ${number}`,
    generatedAt: stamp, generatedBy: RUN_ACTOR.id, generatedByName: RUN_ACTOR.name, sentAt: stamp, sentBy: RUN_ACTOR.id, sentByName: RUN_ACTOR.name,
  };
  const writes: Item[] = [put(invoiceItem(practiceId, invoice), 'attribute_not_exists(PK)')];
  for (const l of lines) {
    writes.push(put(lineItem(practiceId, { ...l, status: 'INVOICED', invoiceId: id }, l.filedUnder, stamp), '#s = :open AND #v = :v', { ':open': 'UNINVOICED', ':v': l.updatedAt }, { '#s': 'status', '#v': 'updatedAt' }));
  }
  writes.push(update(ledgerKey(practiceId, client.id), 'ADD invoicedCents :t', { ':t': totalCents }));
  writes.push(put(billingDocItem(practiceId, doc), 'attribute_not_exists(PK)'));
  const out = await transact(writes);
  if (out.ok) return 'written';
  // Written by a concurrent run, or a line invoiced by hand meanwhile (the next run reads the lines again).
  return out.failed.includes(0) ? 'skipped' : 'retry';
}

/** Last month's statement or superbill of one client as a billing document (none for an account with nothing to show). */
async function monthlyDocument(practiceId: string, practice: PracticeBilling, client: Item, kind: 'STATEMENT' | 'SUPERBILL', now: Date, sent: boolean): Promise<Outcome | 'empty'> {
  const period = previousMonth(practice.today);
  const id = autoDocumentId(kind, period.from.slice(0, 7), client.id);
  if (await getItem(billingDocKey(practiceId, id))) return 'skipped';
  let snapshot: Item;
  if (kind === 'STATEMENT') {
    const statement = await statementSnapshot(practiceId, client.id, practice, period.from, period.to);
    if (statement.lines.length === 0 && statement.previousBalanceCents === 0) return 'empty';
    snapshot = { statement };
  } else {
    snapshot = await superbillSnapshot(practiceId, client, period.from, period.to);
    if ((snapshot.superbill as Item).lines.length === 0) return 'empty';
  }
  const stamp = now.toISOString();
  const doc = {
    id, kind, clientId: client.id, clientName: nameOf(client), filedUnder: responsibleClinician(client, RUN_ACTOR.id), from: period.from, to: period.to,
    title: `${kind === 'STATEMENT' ? 'Statement' : 'Superbill'} ${period.from.slice(0, 7)}`, snapshot, generatedAt: stamp, generatedBy: RUN_ACTOR.id, generatedByName: RUN_ACTOR.name,
    sentAt: sent ? stamp : null, sentBy: sent ? RUN_ACTOR.id : null, sentByName: sent ? RUN_ACTOR.name : null,
  };
  const out = await transact([put(billingDocItem(practiceId, doc), 'attribute_not_exists(PK)')]);
  return out.ok ? 'written' : 'skipped';
}

async function claimEmail(practiceId: string, month: string, clientId: string, now: Date): Promise<boolean> {
  const claim = { ...runMarkerKey(practiceId, `${month}#MAIL#${clientId}`), entity: 'BillingRunEmail', at: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 60 * 86400 };
  return (await transact([put(claim, 'attribute_not_exists(PK)')])).ok;
}

/** One practice's month; true when every client went through (the month is then marked done). */
async function runPractice(practiceId: string, practice: PracticeBilling, now: Date, deadline: number, send: Notifier, counts: MonthlyRunCounts): Promise<boolean> {
  const month = practice.today.slice(0, 7);
  const settings = practice.settings;
  const invoicing = typeof (settings.invoiceSetting as Item)?.automateOn === 'number';
  const docs = (settings.billingClientDocument ?? {}) as Item;
  const last = previousMonth(practice.today);
  const [lines, accounts, seen] = await Promise.all([
    invoicing ? openLinesBefore(practiceId, `${month}-01`) : Promise.resolve(new Map<string, Item[]>()),
    docs.monthlyStatements === true ? clientsWithAccounts(practiceId) : Promise.resolve(new Set<string>()),
    docs.monthlySuperBills === true ? clientsSeen(practiceId, last.from, last.to) : Promise.resolve(new Set<string>()),
  ]);
  const clientIds = [...new Set([...lines.keys(), ...accounts, ...seen])].sort();
  let complete = true;
  /** One client's month: its invoices, documents and e-mail; false when something is left for the next run. */
  const runClient = async (client: Item): Promise<boolean> => {
    let whole = true;
    let fresh = false;
    const own = (lines.get(client.id) ?? []).sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date.localeCompare(b.date)));
    for (let c = 0; c * MAX_INVOICE_LINES < own.length; c++) {
      const outcome = await autoInvoice(practiceId, practice, client, own.slice(c * MAX_INVOICE_LINES, (c + 1) * MAX_INVOICE_LINES), autoInvoiceId(month, client.id, c), now);
      if (outcome === 'written') counts.invoices += 1;
      if (outcome === 'skipped') counts.skipped += 1;
      if (outcome === 'retry') whole = false;
      fresh = fresh || outcome === 'written';
    }
    const portal = docs.emailNotification === true ? await getItem(portalAccessKey(practiceId, client.id)) : null;
    const canSend = !!portal && (portal.state === 'invited' || portal.state === 'active') && !!portal.email;
    for (const [kind, wanted] of [['STATEMENT', accounts.has(client.id)], ['SUPERBILL', seen.has(client.id)]] as const) {
      if (!wanted) continue;
      const outcome = await monthlyDocument(practiceId, practice, client, kind, now, canSend);
      if (outcome === 'written') counts[kind === 'STATEMENT' ? 'statements' : 'superbills'] += 1;
      if (outcome === 'skipped') counts.skipped += 1;
      fresh = fresh || outcome === 'written';
    }
    // One e-mail per client and month, claimed before it goes (two runs at once may each write a part).
    if (fresh && canSend && (await claimEmail(practiceId, month, client.id, now)) && (await sendPortalLink(practiceId, client.id, practice, send))) counts.emails += 1;
    return whole;
  };
  for (let i = 0; i < clientIds.length; i += CLIENTS_AT_ONCE) {
    if (Date.now() > deadline) return false;
    const clients = await getItems(clientIds.slice(i, i + CLIENTS_AT_ONCE).map((id) => clientKey(practiceId, id)));
    const done = await Promise.all(clients.map((client) => runClient(client)));
    complete = complete && done.every(Boolean);
  }
  return complete;
}

/** The run at `now`: every practice whose run day it is (or was, this month, without the month done) in its own zone. */
export async function runMonthlyBilling(now = new Date(), options: MonthlyRunOptions = {}): Promise<MonthlyRunCounts> {
  const counts: MonthlyRunCounts = { practices: 0, invoices: 0, statements: 0, superbills: 0, emails: 0, skipped: 0, unfinished: 0 };
  const deadline = Date.now() + (options.budgetMs ?? RUN_BUDGET_MS);
  const send = options.send ?? defaultNotifier();
  const practiceIds = new Set<string>();
  for (const day of dueDays(now)) {
    const entries = await queryAllPages({ TableName: practiceTable(), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': runPartition(day) } });
    for (const e of entries) if (typeof e.GSI3SK === 'string') practiceIds.add(e.GSI3SK);
  }
  for (const practiceId of practiceIds) {
    const practice = await practiceBilling(practiceId, now);
    const day = runDayOf(practice.settings);
    // On the run day, or after it when this month's run has not finished (the job was down that day: caught up once).
    if (day === null || Number(practice.today.slice(8, 10)) < day) continue;
    const marker = runMarkerKey(practiceId, practice.today.slice(0, 7));
    if (await getItem(marker)) continue;
    counts.practices += 1;
    if (Date.now() > deadline || !(await runPractice(practiceId, practice, now, deadline, send, counts))) {
      counts.unfinished += 1;
      continue;
    }
    await transact([put({ ...marker, entity: 'BillingRun', finishedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 400 * 86400 }, 'attribute_not_exists(PK)')]);
  }
  return counts;
}
