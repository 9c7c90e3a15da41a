/**
 * The billing scheduled jobs (issue 15, session 7) against the local runtime, driven with a chosen
 * clock: on the practice's run day (billing settings `invoiceSetting.automateOn`) each client's
 * un-invoiced sessions of earlier months become one sent invoice — once, however often (or however
 * concurrently) the run goes — with last month's statement and superbill, and one e-mail without
 * PHI; an invoice past its due date with a balance gets one reminder ("You have a balance due with
 * <practice>" + the portal link), never before its due date has passed, never twice, none once paid.
 * Client subscriptions: an app's plans and the practice's purchases; assigning a client takes a seat
 * once (again: moves the start date), a date outside the purchase is refused and stores nothing;
 * clinicianBasic sees only their own clients' names and cannot assign another's; the biller has no
 * Subscription gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { runMonthlyBilling } from '../../functions/billing/monthly-run.ts';
import { sendPastDueReminders } from '../../functions/billing/past-due.ts';
import { runStatementJobs } from '../../functions/billing/statement-run.ts';
import { dynamo } from '../../functions/shared/aws.ts';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { billingIndexKeys, lineKey } from '../../domain/billing/keys.ts';
import { backfillInvoicedLineIndex } from '../../local/billing-invoiced-line-backfill.ts';
import { tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { DEMO_SUBSCRIPTION_PURCHASE } from '../../local/seed-billing.ts';

let runtime: Runtime;
let token = '';
const tokens: Record<string, string> = {};
const data = async (query: string, variables: Record<string, unknown> = {}) => {
  const { body } = await graphql(`${runtime.url}/graphql`, token, query, variables);
  if (body.errors) throw new Error(body.errors.map((e: { message: string }) => e.message).join('; '));
  return body.data;
};
const callAs = async (who: string, query: string, variables: Record<string, unknown> = {}) => (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;

const BILLING = 'query ($c: ID!) { getClientBilling(clientId: $c) { balance { invoicedCents uninvoicedCents } lines { id status invoiceId } invoices { id number status totalCents dueDate pastDue version } } }';
const DOCS = 'query ($c: ID) { listBillingDocuments(clientId: $c) { items { kind title generatedByName sentAt } } }';
const APPT = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version } }';
const STATUS = 'mutation ($id: ID!, $v: Int!) { setAppointmentStatus(id: $id, version: $v, status: ATTENDED) { id } }';
const PAY = 'mutation ($c: ID!, $r: ID!, $a: Int!, $d: AWSDate!) { recordPayment(clientId: $c, requestId: $r, amountCents: $a, method: CASH, date: $d) { id } }';

const clients: Record<'ada' | 'ben', { id: string; email: string }> = { ada: { id: '', email: 'ada.auto@client.example' }, ben: { id: '', email: 'ben.auto@client.example' } };
/** The chosen clock: the run day (the 5th) of the month after the sessions, noon in the practice's zone (US/Pacific). */
let runAt = new Date();
let sessionMonth = '';

const billingOf = async (clientId: string) => (await data(BILLING, { c: clientId })).getClientBilling;
/** What the jobs e-mailed `email` (from `since`, an outbox length: not the invitation or the booking confirmations before it). */
const mailTo = (email: string, since = 0) => runtime.outbox.list().slice(since).filter((m) => m.to === email);
let outboxBefore = 0;

async function addSessions(first: string, email: string, utcHour: number): Promise<string> {
  const clientId = (await data('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', {
    input: { personalDetail: { first, last: 'Autobill' }, dateOfBirth: '05/06/1987', contact: { email }, communicationSetting: { email: true } },
  })).addClient.id as string;
  await data('mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c: clientId });
  // Two attended evening sessions (Pacific) 70 and 65 days ago (always a month at least before the run's month, never the current one).
  for (const daysAgo of [70, 65]) {
    const start = new Date(Date.now() - daysAgo * 86_400_000);
    start.setUTCHours(utcHour, 0, 0, 0);
    const [appt] = (await data(APPT, { input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start: start.toISOString(), durationMinutes: 45 } })).createAppointment;
    await data(STATUS, { id: appt.id, v: appt.version });
  }
  return clientId;
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  token = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  for (const who of ['basic', 'biller']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
  clients.ada.id = await addSessions('Ada', clients.ada.email, 3);
  clients.ben.id = await addSessions('Ben', clients.ben.email, 4);
  const later = new Date(Date.now() - 65 * 86_400_000);
  sessionMonth = later.toISOString().slice(0, 7);
  runAt = new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth() + 1, 5, 20, 0, 0));
  const { getBillingSettings } = await data('{ getBillingSettings { version } }');
  await data('mutation ($v: Int!, $i: BillingSettingsInput!) { editBillingSettings(version: $v, input: $i) { version } }', {
    v: getBillingSettings.version,
    i: { invoicePastDue: { days: 10, sendEmail: true }, invoiceSetting: { automateOn: 5 }, billingClientDocument: { monthlyStatements: true, monthlySuperBills: true, emailNotification: true } },
  });
}, 120_000);
afterAll(async () => runtime?.stop());

describe('monthly billing run', () => {
  it('does nothing the day before the run day', async () => {
    const counts = await runMonthlyBilling(new Date(runAt.getTime() - 86_400_000));
    expect(counts.practices).toBe(0);
    expect((await billingOf(clients.ada.id)).invoices).toHaveLength(0);
  });

  it('on the run day invoices each client\'s earlier sessions once, however often or concurrently it runs, with the month\'s documents and one e-mail without PHI', async () => {
    outboxBefore = runtime.outbox.list().length;
    const [a, b] = await Promise.all([runMonthlyBilling(runAt), runMonthlyBilling(runAt)]);
    expect(a.invoices + b.invoices).toBeGreaterThanOrEqual(2);
    const again = await runMonthlyBilling(new Date(runAt.getTime() + 3_600_000));
    expect(again).toMatchObject({ practices: 0, invoices: 0 });

    const ada = await billingOf(clients.ada.id);
    expect(ada.invoices).toHaveLength(1);
    expect(ada.invoices[0]).toMatchObject({ status: 'SENT', totalCents: ada.balance.invoicedCents, dueDate: `${runAt.toISOString().slice(0, 7)}-15` });
    expect(ada.invoices[0].totalCents).toBeGreaterThan(0);
    expect(ada.lines.filter((l: { status: string }) => l.status === 'INVOICED')).toHaveLength(2);
    expect(ada.balance.uninvoicedCents).toBe(0);
    // The invoiced lines left the un-invoiced list (their index keys moved with the status).
    expect((await data('query ($c: ID) { listBilling(filter: UnInvoicedSession, clientId: $c) { items { id } } }', { c: clients.ada.id })).listBilling.items).toEqual([]);

    const docs = (await data(DOCS, { c: clients.ada.id })).listBillingDocuments.items;
    expect(docs.map((d: { kind: string }) => d.kind).sort()).toEqual(['INVOICE', 'SUPERBILL']);
    expect(docs.find((d: { kind: string }) => d.kind === 'SUPERBILL')).toMatchObject({ title: `Superbill ${sessionMonth}`, generatedByName: 'Monthly billing run' });

    const mails = mailTo(clients.ada.email, outboxBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('/portal/billing');
    expect(mails[0].body).toContain('Owens Family Therapy');
    expect(`${mails[0].subject} ${mails[0].body}`).not.toMatch(/Ada|Autobill|INV-|\$|90834/);
  });
});

describe('monthly billing run: a missed run day', () => {
  it('when the job did not run on the run day (down), the next run does that month\'s work once', async () => {
    // Next month (no run marker yet): the job "was down" from its 1st to its 8th; the run day is the 5th.
    const now = new Date();
    const month = (d: number, h = 20) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, d, h, 0, 0));
    expect((await runMonthlyBilling(month(4))).practices).toBe(0);
    const caughtUp = await runMonthlyBilling(month(9));
    expect(caughtUp.practices).toBe(1);
    expect(caughtUp.unfinished).toBe(0);
    expect(caughtUp.invoices + caughtUp.statements + caughtUp.superbills).toBeGreaterThan(0);
    const again = await runMonthlyBilling(month(10));
    expect(again).toMatchObject({ practices: 0, invoices: 0, statements: 0, superbills: 0 });
  });
});

describe('a month\'s statements in the background', () => {
  const START = 'mutation ($m: String!) { startStatementRun(month: $m) { month status total done percent statements } }';
  const PROGRESS = 'query ($m: String!) { getStatementRun(month: $m) { status total done percent statements msPerStatement startedByName finishedAt } }';
  /** The month the run day's invoices were issued in (statements of it were never made: the monthly run makes last month's). */
  const month = () => runAt.toISOString().slice(0, 7);
  const statementsOf = async (m: string) => ((await dynamo().send(new QueryCommand({
    TableName: tableName('local', 'Practice'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': `P#${runtime.seed!.practiceId}`, ':sk': `BDOC#S${m.replace('-', '')}_` }, ProjectionExpression: 'SK, clientId',
  }))).Items ?? []) as { SK: string; clientId: string }[];
  /** Slices of the scheduled job with a tiny budget (one batch of two clients each) until the job is done. */
  const work = async () => {
    let slices = 0;
    const seen: number[] = [];
    for (;;) {
      const counts = await runStatementJobs(runAt, { budgetMs: 1, batchSize: 2 });
      slices += 1;
      const p = (await callAs('biller', PROGRESS, { m: month() })).data.getStatementRun;
      seen.push(p.done);
      if (p.status === 'DONE' || slices > 100) return { slices, seen, progress: p, counts };
      expect(counts.unfinished).toBe(1);
    }
  };

  it('a biller starts it; a second start is refused while it runs; slices hand over until every client is done, one statement each', async () => {
    outboxBefore = runtime.outbox.list().length;
    const started = (await callAs('biller', START, { m: month() })).data.startStatementRun;
    expect(started).toMatchObject({ month: month(), status: 'RUNNING', done: 0, statements: 0 });
    expect(started.total).toBeGreaterThanOrEqual(5);
    const twice = await callAs('biller', START, { m: month() });
    expect(twice.errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: 'Statements for this month are being generated. Wait until they finish.' });
    const bad = await callAs('biller', START, { m: '2999-01' });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Choose a month (YYYY-MM) that has begun.' });

    const { slices, seen, progress } = await work();
    expect(slices).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(progress).toMatchObject({ status: 'DONE', done: started.total, total: started.total, percent: 100, startedByName: 'Bill Byrne' });
    const docs = await statementsOf(month());
    expect(docs).toHaveLength(progress.statements);
    expect(new Set(docs.map((d) => d.clientId)).size).toBe(docs.length);
    expect(docs.map((d) => d.clientId)).toEqual(expect.arrayContaining([clients.ada.id, clients.ben.id]));
    expect(progress.msPerStatement).toBeGreaterThan(0);
    const listed = (await data(DOCS, { c: clients.ada.id })).listBillingDocuments.items.filter((d: { title: string }) => d.title === `Statement ${month()}`);
    expect(listed).toEqual([expect.objectContaining({ kind: 'STATEMENT', generatedByName: 'Statements run' })]);
    // E-mailed as the monthly run does: the portal link, no PHI.
    const mails = mailTo(clients.ada.email, outboxBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('/portal/billing');
    expect(`${mails[0].subject} ${mails[0].body}`).not.toMatch(/Ada|Autobill|INV-|\$|Statement/);
  });

  it('running a finished month again adds nothing (no statement, no e-mail)', async () => {
    const before = await statementsOf(month());
    outboxBefore = runtime.outbox.list().length;
    expect((await callAs('biller', START, { m: month() })).data.startStatementRun).toMatchObject({ status: 'RUNNING', done: 0 });
    const { progress } = await work();
    expect(progress).toMatchObject({ status: 'DONE', statements: 0 });
    expect(await statementsOf(month())).toHaveLength(before.length);
    expect(runtime.outbox.list().length).toBe(outboxBefore);
  });
});

describe('past-due reminder', () => {
  it('reminds an unpaid invoice once after its due date, without PHI; a paid one never', async () => {
    const ben = await billingOf(clients.ben.id);
    const [invoice] = ben.invoices;
    await data(PAY, { c: clients.ben.id, r: `pay-${clients.ben.id}`, a: invoice.totalCents, d: new Date().toISOString().slice(0, 10) });

    const dueDay = Date.parse(`${invoice.dueDate}T20:00:00Z`);
    outboxBefore = runtime.outbox.list().length;
    await sendPastDueReminders(new Date(dueDay));
    expect(mailTo(clients.ada.email, outboxBefore)).toHaveLength(0);

    await sendPastDueReminders(new Date(dueDay + 86_400_000));
    await sendPastDueReminders(new Date(dueDay + 2 * 86_400_000));
    const reminders = mailTo(clients.ada.email, outboxBefore);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].body).toMatch(/^You have a balance due with Owens Family Therapy\./);
    expect(reminders[0].body).toContain('/portal/billing');
    expect(`${reminders[0].subject} ${reminders[0].body}`).not.toMatch(/Ada|Autobill|INV-|\$|\d+\.\d\d/);
    expect(mailTo(clients.ben.email, outboxBefore)).toHaveLength(0);
  });
});

describe('client subscriptions', () => {
  const GET = '{ getClientSubscription(appId: "ACT") { appId plans { id interval priceCents } purchases { id seats used periodStart renewsOn assigned { clientId clientName startDate } } } }';
  const ASSIGN = 'mutation ($p: ID!, $c: ID!, $d: AWSDate!) { assignClientSubscription(purchaseId: $p, clientId: $c, startDate: $d) { id used assigned { clientId startDate } } }';

  it('assigns a client to a seat once, moves the start date on a second assignment, refuses a date outside the purchase', async () => {
    const before = (await data(GET)).getClientSubscription;
    expect(before.plans.map((p: { id: string }) => p.id)).toEqual(['ACT-MONTH', 'ACT-YEAR']);
    const [purchase] = before.purchases;
    expect(purchase).toMatchObject({ id: DEMO_SUBSCRIPTION_PURCHASE, seats: 25, used: 3 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await data(ASSIGN, { p: purchase.id, c: clients.ada.id, d: today })).assignClientSubscription.used).toBe(4);
    const moved = (await data(ASSIGN, { p: purchase.id, c: clients.ada.id, d: purchase.periodStart })).assignClientSubscription;
    expect(moved.used).toBe(4);
    expect(moved.assigned.find((a: { clientId: string }) => a.clientId === clients.ada.id).startDate).toBe(purchase.periodStart);

    const early = await callAs('basic', ASSIGN, { p: purchase.id, c: clients.ben.id, d: today });
    expect(early.errors?.[0].errorType).toBe('NotFound');
    tokens.owner = token;
    const outside = await callAs('owner', ASSIGN, { p: purchase.id, c: clients.ben.id, d: purchase.renewsOn });
    expect(outside.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: "Choose a start date within the purchase's period (YYYY-MM-DD)." });
    const unknown = await callAs('owner', ASSIGN, { p: 'ACT_nothing', c: clients.ben.id, d: today });
    expect(unknown.errors?.[0].errorType).toBe('NotFound');
    expect((await data(GET)).getClientSubscription.purchases[0].used).toBe(4);
  });

  it('clinicianBasic sees the seats but only their own clients by name; the biller has no Subscription gate', async () => {
    const basic = (await callAs('basic', GET)).data.getClientSubscription;
    expect(basic.purchases[0].used).toBe(4);
    expect(basic.purchases[0].assigned.map((a: { clientId: string }) => a.clientId)).not.toContain(clients.ada.id);
    expect((await callAs('biller', GET)).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('invoiced lines written before the index fix (local/billing-invoiced-line-backfill.ts)', () => {
  it('an invoiced line still filed as un-invoiced is moved to the invoiced bucket once, and lists as invoiced', async () => {
    const db = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const practice = tableName('local', 'Practice');
    const directory = tableName('local', 'Directory');
    const { practiceId } = (await data('{ me { practiceId } }')).me;
    const invoiced = (await billingOf(clients.ada.id)).lines.filter((l: { status: string }) => l.status === 'INVOICED');
    expect(invoiced.length).toBe(2);
    const uninvoiced = async () => (await data('query ($c: ID) { listBilling(filter: UnInvoicedSession, clientId: $c) { items { id } } }', { c: clients.ada.id })).listBilling.items.length;
    expect(await uninvoiced()).toBe(0);
    // The data as the monthly run left it before the fix: invoiced lines with the open bucket's keys; no marker.
    for (const line of invoiced) {
      const item = (await db.send(new GetCommand({ TableName: practice, Key: lineKey(practiceId, line.id) }))).Item as Record<string, string>;
      const open = billingIndexKeys(practiceId, 'SESSION_OPEN', { clientId: item.clientId, clinicianId: item.filedUnder, date: item.date, id: item.id });
      await db.send(new UpdateCommand({
        TableName: practice, Key: lineKey(practiceId, line.id),
        UpdateExpression: 'SET #b = :b, GSI1PK = :g1, GSI2PK = :g2, GSI3PK = :g3', ExpressionAttributeNames: { '#b': 'bucket' },
        ExpressionAttributeValues: { ':b': open.bucket, ':g1': open.GSI1PK, ':g2': open.GSI2PK, ':g3': open.GSI3PK },
      }));
    }
    await db.send(new DeleteCommand({ TableName: directory, Key: { PK: 'SEED', SK: 'BILLING_INVOICED_LINE_INDEX_V1' } }));
    expect(await uninvoiced()).toBe(2);
    expect(await backfillInvoicedLineIndex(db, practice, directory)).toBe(2);
    expect(await uninvoiced()).toBe(0);
    const sessions = (await data('query ($c: ID) { listBilling(filter: Session, clientId: $c) { items { id } } }', { c: clients.ada.id })).listBilling.items.map((i: { id: string }) => i.id);
    for (const line of invoiced) expect(sessions.some((id: string) => id.includes(line.id))).toBe(true);
    expect(await backfillInvoicedLineIndex(db, practice, directory)).toBe(0);
  });
});
