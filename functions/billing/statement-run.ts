/**
 * A month's statements in the background (issue 15, session 8): "Generate statements for <month>"
 * on /app/billings/documents.
 *
 *   startStatementRun(month)   owner, clinicianAdmin, biller (the billing right): records the job
 *                              (domain/billing/statement-run.ts) with the number of clients with an
 *                              account as its total — refused while one runs for that month; a
 *                              finished month may run again (it adds nothing already made).
 *   getStatementRun(month)     the job's progress (done / total, ms per statement), or null.
 *   runStatementJobs(now)      one of the scheduled jobs (functions/appointment-reminders/jobs.ts:
 *                              every 5 minutes in AWS, the local runtime's timer): each running job
 *                              is taken under a lease, its clients' ledgers read after the cursor a
 *                              batch at a time, one statement per client with activity written with
 *                              the monthly run's fixed id, the progress saved after every batch. At
 *                              the budget the slice stops and frees the lease: the next scheduled
 *                              run carries on from the cursor (a job of any size outlives the Lambda's
 *                              15 minutes this way; each slice is far shorter).
 * E-mails as the monthly run: with `emailNotification` and portal access, once per client and month
 * (claimed), "<practice> has a new billing document for you in your client portal" — no PHI.
 * Each batch's statements are audited (ids only); the log line carries counts only.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { billingDocItem, billingDocKey } from '../../domain/billing/keys.ts';
import { autoDocumentId } from '../../domain/billing/run.ts';
import { monthOf } from '../../domain/billing/statement.ts';
import {
  STATEMENT_RUN_MESSAGES, STATEMENT_RUN_PARTITION, advance, canStart, checkStatementMonth, leaseFree, newStatementRun, progressOf, statementMailKey, statementRunKey, type StatementRun,
} from '../../domain/billing/statement-run.ts';
import { clientKey } from '../../domain/client.ts';
import { portalAccessKey } from '../../domain/client-link.ts';
import { dynamo } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { Refusal } from '../shared/refusal.ts';
import { nameOf, practiceBilling, responsibleClinician, type PracticeBilling } from './practice.ts';
import { billingScope, invalid, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, getItems, practiceTable, put, transact } from './store.ts';
import { memberName, sendPortalLink, statementSnapshot } from './statements.ts';

/** A slice's wall-clock budget in a scheduled run (the Lambda's 2 minutes are shared with every job). */
export const STATEMENT_SLICE_MS = 40_000;
/** Clients read and written at once. */
export const STATEMENT_BATCH = 10;
export const STATEMENT_RUN_ACTOR = { id: 'system', name: 'Statements run' } as const;

const LEDGER = 'CLEDGER#';

/** The job as the page reads it. */
export function toStatementRun(job: Item): Item {
  const p = progressOf(job as StatementRun);
  return {
    month: job.month, status: job.status, total: p.total, done: p.done, percent: p.percent, statements: job.statements ?? 0, msPerStatement: p.msPerStatement,
    startedAt: job.startedAt, startedByName: job.startedByName ?? null, finishedAt: job.finishedAt ?? null,
  };
}

function jobItem(practiceId: string, job: StatementRun): Item {
  const running = job.status === 'RUNNING' ? { GSI3PK: STATEMENT_RUN_PARTITION, GSI3SK: `${practiceId}#${job.month}` } : {};
  return { ...job, ...statementRunKey(practiceId, job.month), entity: 'StatementRun', ...running };
}

/** Clients with an account (a ledger item): the job's total. */
async function countAccounts(practiceId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: practiceTable(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':prefix': LEDGER }, Select: 'COUNT', ExclusiveStartKey: start,
    }));
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  return count;
}

function mayRun(caller: Caller): void {
  if (billingScope(caller.roles) !== 'all') throw new Refusal('Not Authorized', 'Unauthorized');
}

export async function startStatementRun(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  mayRun(caller);
  const pid = caller.practiceId;
  const practice = await practiceBilling(pid, now);
  const checked = checkStatementMonth(args.month, practice.today);
  if ('error' in checked) throw invalid(checked.error, [{ field: 'month', reason: 'format' }]);
  const existing = await getItem(statementRunKey(pid, checked.month));
  if (!canStart(existing)) throw new Refusal(STATEMENT_RUN_MESSAGES.running, 'ConflictError');
  const job = newStatementRun(checked.month, await countAccounts(pid), { id: caller.sub, name: await memberName(caller.sub) }, now.toISOString());
  const condition = existing ? '#status = :done AND startedAt = :was' : 'attribute_not_exists(PK)';
  const out = await transact([put(jobItem(pid, job), condition, existing ? { ':done': 'DONE', ':was': existing.startedAt } : undefined, existing ? { '#status': 'status' } : undefined)]);
  // Two starts at once: the later one finds the first running.
  if (!out.ok) throw new Refusal(STATEMENT_RUN_MESSAGES.running, 'ConflictError');
  return { data: toStatementRun(job), audit: { action: 'billing.statements.start', entityType: 'StatementRun', entityId: checked.month } };
}

export async function getStatementRun(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  mayRun(caller);
  const practice = await practiceBilling(caller.practiceId, now);
  const checked = checkStatementMonth(args.month, practice.today);
  if ('error' in checked) throw invalid(checked.error, [{ field: 'month', reason: 'format' }]);
  const job = await getItem(statementRunKey(caller.practiceId, checked.month));
  return { data: job ? toStatementRun(job) : null, audit: { action: 'billing.statements.progress', entityType: 'StatementRun', entityId: checked.month } };
}

/** One client's statement of the month (none when the account shows nothing): written, already there, or empty. */
async function statementOf(practiceId: string, practice: PracticeBilling, client: Item, month: string, now: Date, sent: boolean): Promise<'written' | 'skipped' | 'empty'> {
  const id = autoDocumentId('STATEMENT', month, client.id);
  if (await getItem(billingDocKey(practiceId, id))) return 'skipped';
  const period = monthOf(`${month}-01`);
  const statement = await statementSnapshot(practiceId, client.id, practice, period.from, period.to);
  if (statement.lines.length === 0 && statement.previousBalanceCents === 0) return 'empty';
  const stamp = now.toISOString();
  const doc = {
    id, kind: 'STATEMENT', clientId: client.id, clientName: nameOf(client), filedUnder: responsibleClinician(client, STATEMENT_RUN_ACTOR.id), from: period.from, to: period.to,
    title: `Statement ${month}`, snapshot: { statement }, generatedAt: stamp, generatedBy: STATEMENT_RUN_ACTOR.id, generatedByName: STATEMENT_RUN_ACTOR.name,
    sentAt: sent ? stamp : null, sentBy: sent ? STATEMENT_RUN_ACTOR.id : null, sentByName: sent ? STATEMENT_RUN_ACTOR.name : null,
  };
  return (await transact([put(billingDocItem(practiceId, doc), 'attribute_not_exists(PK)')])).ok ? 'written' : 'skipped';
}

export interface StatementJobCounts {
  jobs: number;
  clients: number;
  statements: number;
  emails: number;
  /** Jobs left for the next run (the budget). */
  unfinished: number;
}

export interface StatementJobOptions {
  send?: Notifier;
  budgetMs?: number;
  batchSize?: number;
}

/** Takes the job for one slice: a conditional update of its lease; null when another slice holds it (or it finished). */
async function takeLease(practiceId: string, month: string, now: Date, until: string): Promise<Item | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: practiceTable(), Key: statementRunKey(practiceId, month), UpdateExpression: 'SET leaseUntil = :until',
      ConditionExpression: '#status = :running AND (attribute_not_exists(leaseUntil) OR leaseUntil = :none OR leaseUntil <= :now)',
      ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':until': until, ':running': 'RUNNING', ':none': null, ':now': now.toISOString() }, ReturnValues: 'ALL_NEW',
    }));
    return (out.Attributes as Item | undefined) ?? null;
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

/** One slice of one job; true when the job finished. */
async function runSlice(practiceId: string, month: string, now: Date, deadline: number, options: Required<Pick<StatementJobOptions, 'batchSize'>> & { send: Notifier; leaseMs: number }, counts: StatementJobCounts): Promise<boolean> {
  const lease = new Date(now.getTime() + options.leaseMs).toISOString();
  const taken = await takeLease(practiceId, month, now, lease);
  if (!taken) return false;
  counts.jobs += 1;
  let job = taken as unknown as StatementRun;
  const practice = await practiceBilling(practiceId, now);
  const docs = (practice.settings.billingClientDocument ?? {}) as Item;
  const mine = { ':lease': lease };
  for (;;) {
    const started = Date.now();
    const page = await dynamo().send(new QueryCommand({
      TableName: practiceTable(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':prefix': LEDGER },
      ProjectionExpression: 'PK, SK', Limit: options.batchSize, ExclusiveStartKey: job.after ? { PK: `P#${practiceId}`, SK: job.after } : undefined,
    }));
    const ledgers = (page.Items ?? []) as Item[];
    const clients = await getItems(ledgers.map((l) => clientKey(practiceId, String(l.SK).slice(LEDGER.length))));
    const written: string[] = [];
    await Promise.all(clients.map(async (client) => {
      const access = docs.emailNotification === true ? await getItem(portalAccessKey(practiceId, client.id)) : null;
      const canSend = !!access && (access.state === 'invited' || access.state === 'active') && !!access.email;
      const outcome = await statementOf(practiceId, practice, client, month, now, canSend);
      if (outcome !== 'written') return;
      written.push(autoDocumentId('STATEMENT', month, client.id));
      const claim = { ...statementMailKey(practiceId, month, client.id), entity: 'StatementRunEmail', at: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 60 * 86400 };
      if (canSend && (await transact([put(claim, 'attribute_not_exists(PK)')])).ok && (await sendPortalLink(practiceId, client.id, practice, options.send))) counts.emails += 1;
    }));
    const last = ledgers.length > 0 ? String(ledgers[ledgers.length - 1].SK) : null;
    job = advance(job, { clients: ledgers.length, written: written.length, after: last, more: !!page.LastEvaluatedKey, ms: Date.now() - started }, now.toISOString());
    counts.clients += ledgers.length;
    counts.statements += written.length;
    if (written.length > 0) await writeAudit(STATEMENT_RUN_ACTOR.id, 'startStatementRun', [{ practiceId, action: 'billing.statements.generate', entityType: 'BillingDocument', entityIds: written }], now.toISOString());
    const done = job.status === 'DONE';
    // The progress (and, at the end, the release from the running index), only while this slice holds the lease.
    const out = await transact([put(jobItem(practiceId, done ? job : { ...job, leaseUntil: lease }), 'leaseUntil = :lease', mine)]);
    if (!out.ok) return false;
    if (done) return true;
    if (Date.now() > deadline) break;
  }
  // Hand over: free the lease so the next scheduled run carries on from the cursor at once.
  await transact([put(jobItem(practiceId, { ...job, leaseUntil: null }), 'leaseUntil = :lease', mine)]);
  return false;
}

/** The scheduled job: a slice of every running statements job (each batch at least once, then until the budget). */
export async function runStatementJobs(now = new Date(), options: StatementJobOptions = {}): Promise<StatementJobCounts> {
  const counts: StatementJobCounts = { jobs: 0, clients: 0, statements: 0, emails: 0, unfinished: 0 };
  const budget = options.budgetMs ?? STATEMENT_SLICE_MS;
  const deadline = Date.now() + budget;
  const running: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ TableName: practiceTable(), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': STATEMENT_RUN_PARTITION }, ExclusiveStartKey: start }));
    running.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (start);
  const slice = { batchSize: options.batchSize ?? STATEMENT_BATCH, send: options.send ?? defaultNotifier(), leaseMs: budget + 60_000 };
  for (const entry of running) {
    const practiceId = String(entry.PK).slice(2);
    // Held by a slice still working (another run at once): left to it.
    if (!leaseFree(entry, now.toISOString())) continue;
    // The first job always gets a batch (progress whatever the budget); the others while time is left.
    if ((counts.jobs > 0 && Date.now() > deadline) || !(await runSlice(practiceId, String(entry.month), now, deadline, slice, counts))) counts.unfinished += 1;
  }
  return counts;
}
