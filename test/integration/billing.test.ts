/**
 * Client billing (issue 15) against the whole local runtime: appointments become session lines
 * (attended at the rate, no-show at the policy fee, idempotent, gone when set back to scheduled),
 * invoices from lines (draft → sent → partially paid → paid, void frees the lines and makes the paid
 * part credit), payments oldest first or chosen, refunds out of credit, the billing list by filter
 * key with bound page tokens, the client's balance, roles (own clients for the clinician roles),
 * another practice, double submit, paying a void invoice and absurd amounts — clear errors, nothing
 * stored twice. Card payments in the client portal (the local processor's test-card page and the
 * signed webhook route): applied like a manual payment, once; bad signatures and replays; refunds.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { signWebhook } from '../../functions/shared/payment-processor.ts';

type Body = { data?: any; errors?: Array<{ message: string; errorType?: string }> };
let runtime: Runtime;
const tokens: Record<string, string> = {};
const call = async (who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> => (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
const data = async (who: string, query: string, variables: Record<string, unknown> = {}) => {
  const body = await call(who, query, variables);
  if (body.errors) throw new Error(body.errors.map((e) => `${e.errorType}: ${e.message}`).join('; '));
  return body.data;
};

const INVOICE = 'id number status totalCents paidCents balanceCents dueDate issueDate pastDue version lines { lineId amountCents }';
const BILLING = `query ($c: ID!) { getClientBilling(clientId: $c) { balance { invoicedCents paidCents balanceCents creditCents uninvoicedCents } lines { id status feeCents reason placeOfService invoiceId date } invoices { ${INVOICE} } payments { id amountCents appliedCents refundedCents applications { invoiceId amountCents } } } }`;
const CREATE = `mutation ($c: ID!, $l: [ID!]!, $r: ID!) { createInvoice(clientId: $c, lineIds: $l, requestId: $r) { ${INVOICE} } }`;
const SEND = `mutation ($c: ID!, $id: ID!, $v: Int!) { sendInvoice(clientId: $c, id: $id, version: $v) { ${INVOICE} } }`;
const VOID = `mutation ($c: ID!, $id: ID!, $v: Int!) { voidInvoice(clientId: $c, id: $id, version: $v) { ${INVOICE} } }`;
const PAY = 'mutation ($c: ID!, $r: ID!, $a: Int!, $m: PaymentMethod!, $d: AWSDate!, $i: [ID!]) { recordPayment(clientId: $c, requestId: $r, amountCents: $a, method: $m, date: $d, invoiceIds: $i) { id amountCents appliedCents applications { invoiceId amountCents } } }';
const REFUND = 'mutation ($c: ID!, $p: ID!, $r: ID!, $a: Int!) { refundPayment(clientId: $c, paymentId: $p, requestId: $r, amountCents: $a) { id refundedCents } }';
const LIST = 'query ($f: BillingFilter!, $c: ID, $u: ID, $from: AWSDate, $to: AWSDate, $n: String) { listBilling(filter: $f, clientId: $c, clinicianId: $u, from: $from, to: $to, nextToken: $n) { items { kind id date clientId amountCents status pastDue } nextToken } }';
const CATALOG = '{ getBillingCatalog { services { code rateCents isDefault description defaultMinutes } decimals lateCancelFeeCents noShowFeeCents version } }';
const EDIT_CATALOG = 'mutation ($v: Int!, $i: BillingCatalogInput!) { editBillingCatalog(version: $v, input: $i) { services { code rateCents } decimals noShowFeeCents version } }';
const APPT = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version status } }';
const STATUS = 'mutation ($id: ID!, $v: Int!, $s: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $v, status: $s) { id version status } }';

let clientId = '';
let today = '';
const appts: { id: string; version: number }[] = [];

async function storedBilling(): Promise<Record<string, any>[]> {
  const out = await runtime.dynamo.client.send(new QueryCommand({
    TableName: tableName('local', 'Practice'), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: marshall({ ':pk': `P#${runtime.seed!.practiceId}#C#${clientId}#BILL#INVOICE_DRAFT` }),
  }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  await addPractice(runtime, 'billing-other@elsewhere.practiceportal.test');
  await Promise.all([
    ...['owner', 'biller', 'scheduler', 'fullclient', 'basicbilling', 'basic'].map(async (who) => (tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken)),
    signInSeeded(runtime.url, 'billing-other@elsewhere.practiceportal.test', DEMO_PASSWORD).then((t) => (tokens.other = t.accessToken)),
    signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD).then((t) => (tokens.client = t.accessToken)),
  ]);
  clientId = (await data('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Bill', last: 'Payer' }, dateOfBirth: '02/02/1982' } })).addClient.id;
  // Five weekly telehealth sessions, 10 to 6 weeks ago at 07:00 Pacific (before the demo calendar).
  for (let week = 10; week >= 6; week--) {
    const start = new Date(Date.now() - week * 7 * 86400000);
    start.setUTCHours(15, 0, 0, 0);
    appts.push((await data('owner', APPT, { input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start: start.toISOString(), durationMinutes: 45 } })).createAppointment[0]);
  }
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(new Date());
}, 90_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('services and fees', () => {
  it('the practice starts with the common codes; the biller edits rates and policy fees; absurd ones are refused and nothing is stored', async () => {
    const catalog = (await data('biller', CATALOG)).getBillingCatalog;
    expect(catalog.services.map((s: any) => s.code)).toEqual(expect.arrayContaining(['90791', '90834', '90837', '90839', '90840', '90785']));
    expect(catalog).toMatchObject({ decimals: 0, noShowFeeCents: 7500, lateCancelFeeCents: 5000 });
    const input = { services: catalog.services.map((s: any) => ({ ...s, rateCents: s.code === '90834' ? 15000 : s.rateCents })), decimals: 0, lateCancelFeeCents: 5000, noShowFeeCents: 8000 };
    const absurd = await call('biller', EDIT_CATALOG, { v: catalog.version, i: { ...input, services: [{ ...input.services[0], rateCents: 2_000_000_000 }, ...input.services.slice(1)] } });
    expect(absurd.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A rate is between $0 and $100,000.' });
    expect((await data('biller', CATALOG)).getBillingCatalog.version).toBe(catalog.version);
    const edited = (await data('biller', EDIT_CATALOG, { v: catalog.version, i: input })).editBillingCatalog;
    expect(edited).toMatchObject({ noShowFeeCents: 8000, version: catalog.version + 1 });
    expect((await call('scheduler', EDIT_CATALOG, { v: edited.version, i: input })).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('from session to money', () => {
  it('attended sessions and a no-show become lines once; back to scheduled removes one', async () => {
    for (const [i, a] of appts.entries()) {
      const out = (await data('owner', STATUS, { id: a.id, v: a.version, s: i === 4 ? 'NO_SHOW' : 'ATTENDED' })).setAppointmentStatus;
      appts[i] = out;
    }
    // Setting the same status again writes no second line.
    appts[0] = (await data('owner', STATUS, { id: appts[0].id, v: appts[0].version, s: 'ATTENDED' })).setAppointmentStatus;
    let billing = (await data('biller', BILLING, { c: clientId })).getClientBilling;
    expect(billing.lines).toHaveLength(5);
    expect(billing.lines.filter((l: any) => l.reason === 'SESSION').every((l: any) => l.feeCents === 15000 && l.placeOfService === '10' && l.status === 'UNINVOICED')).toBe(true);
    expect(billing.lines.find((l: any) => l.reason === 'NO_SHOW').feeCents).toBe(8000);
    expect(billing.balance).toMatchObject({ uninvoicedCents: 4 * 15000 + 8000, balanceCents: 0 });
    appts[3] = (await data('owner', STATUS, { id: appts[3].id, v: appts[3].version, s: 'SCHEDULED' })).setAppointmentStatus;
    billing = (await data('biller', BILLING, { c: clientId })).getClientBilling;
    expect(billing.lines.map((l: any) => l.id)).not.toContain(appts[3].id);
  });

  it('an invoice from lines; a double submit stores it once; an invoiced line cannot go on a second one', async () => {
    const lines = [appts[0].id, appts[1].id];
    const first = (await data('biller', CREATE, { c: clientId, l: lines, r: 'req-invoice-1' })).createInvoice;
    const again = (await data('biller', CREATE, { c: clientId, l: lines, r: 'req-invoice-1' })).createInvoice;
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'DRAFT', totalCents: 30000, balanceCents: 0 });
    expect(await storedBilling()).toHaveLength(1);
    const taken = await call('biller', CREATE, { c: clientId, l: [appts[1].id, appts[2].id], r: 'req-invoice-2' });
    expect(taken.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A session you chose is already on an invoice, or no longer billable. Reload the sessions and try again.' });
    expect(await storedBilling()).toHaveLength(1);
    const unpayable = await call('biller', PAY, { c: clientId, r: 'req-pay-draft', a: 1000, m: 'CASH', d: today, i: [first.id] });
    expect(unpayable.errors?.[0].message).toBe('Send this invoice before recording a payment on it.');
    const sent = (await data('biller', SEND, { c: clientId, id: first.id, v: first.version })).sendInvoice;
    expect(sent).toMatchObject({ status: 'SENT', issueDate: today, balanceCents: 30000, pastDue: false });
    expect(sent.dueDate > today).toBe(true);
  });

  it('payments: partial, double submit once, the rest with credit; a void invoice is not payable and its paid part becomes credit; refunds out of credit', async () => {
    let billing = (await data('biller', BILLING, { c: clientId })).getClientBilling;
    const invoice = billing.invoices[0];
    const partial = (await data('biller', PAY, { c: clientId, r: 'req-pay-1', a: 10000, m: 'CHECK', d: today })).recordPayment;
    expect((await data('biller', PAY, { c: clientId, r: 'req-pay-1', a: 10000, m: 'CHECK', d: today })).recordPayment.id).toBe(partial.id);
    expect(partial.applications).toEqual([{ invoiceId: invoice.id, amountCents: 10000 }]);
    billing = (await data('biller', BILLING, { c: clientId })).getClientBilling;
    expect(billing.invoices[0]).toMatchObject({ status: 'PARTIALLY_PAID', paidCents: 10000, balanceCents: 20000 });
    expect(billing.payments).toHaveLength(1);
    const rest = (await data('biller', PAY, { c: clientId, r: 'req-pay-2', a: 25000, m: 'CASH', d: today })).recordPayment;
    expect(rest).toMatchObject({ appliedCents: 20000 });
    billing = (await data('biller', BILLING, { c: clientId })).getClientBilling;
    expect(billing.invoices[0]).toMatchObject({ status: 'PAID', balanceCents: 0 });
    expect(billing.balance).toMatchObject({ invoicedCents: 30000, paidCents: 30000, balanceCents: 0, creditCents: 5000 });
    // Absurd or bad amounts and dates: clear errors, nothing stored.
    for (const [a, d, message] of [[0, today, 'Enter an amount between $0.01 and $100,000.'], [2_000_000_000, today, 'Enter an amount between $0.01 and $100,000.'], [1000, '2999-01-01', 'Enter the payment date (not in the future).']] as const) {
      const bad = await call('biller', PAY, { c: clientId, r: `req-bad-${a}-${d}`, a, m: 'CASH', d });
      expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
    }
    expect((await call('biller', REFUND, { c: clientId, p: rest.id, r: 'req-refund-1', a: 6000 })).errors?.[0].message).toBe("A refund can return at most what this payment left as the client's credit.");
    expect((await data('biller', REFUND, { c: clientId, p: rest.id, r: 'req-refund-2', a: 5000 })).refundPayment.refundedCents).toBe(5000);
    // Void: the lines are free again, what was paid is credit; a void invoice cannot be paid or voided again.
    const paid = (await data('biller', BILLING, { c: clientId })).getClientBilling.invoices[0];
    const voided = (await data('owner', VOID, { c: clientId, id: paid.id, v: paid.version })).voidInvoice;
    expect(voided).toMatchObject({ status: 'VOID', balanceCents: 0 });
    const onVoid = await call('biller', PAY, { c: clientId, r: 'req-pay-void', a: 1000, m: 'CASH', d: today, i: [paid.id] });
    expect(onVoid.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This invoice is void and cannot be paid.' });
    billing = (await data('biller', BILLING, { c: clientId })).getClientBilling;
    expect(billing.balance).toMatchObject({ invoicedCents: 0, paidCents: 0, balanceCents: 0, creditCents: 30000 });
    expect(billing.lines.filter((l: any) => l.status === 'UNINVOICED')).toHaveLength(4);
    expect(billing.payments).toHaveLength(2);
  });

  it('the billing list: filter keys, client, clinician and date range, 20 a page, newest first, tokens bound to the caller', async () => {
    const open = (await data('biller', LIST, { f: 'UnInvoicedSession', c: clientId })).listBilling;
    expect(open.items.map((i: any) => i.kind)).toEqual(['SESSION', 'SESSION', 'SESSION', 'SESSION']);
    expect(open.nextToken).toBeNull();
    expect((await data('biller', LIST, { f: 'BillingPayment', c: clientId })).listBilling.items).toHaveLength(2);
    // The whole practice (the demo's months of billing): pages of 20, newest first, no repeats.
    const seen = new Set<string>();
    let token: string | null = null;
    let previous = '9999-12-31';
    for (let page = 0; page < 4; page++) {
      const out: any = (await data('biller', LIST, { f: 'all', n: token })).listBilling;
      expect(out.items.length).toBe(20);
      for (const item of out.items) {
        expect(item.date <= previous).toBe(true);
        previous = item.date;
        expect(seen.has(item.kind + item.id)).toBe(false);
        seen.add(item.kind + item.id);
      }
      token = out.nextToken;
      expect(token).toBeTruthy();
    }
    expect((await call('owner', LIST, { f: 'all', n: token })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid page token' });
    expect((await call('biller', LIST, { f: 'Session', n: token })).errors?.[0].message).toBe('Invalid page token');
    const unpaid = (await data('biller', LIST, { f: 'UnpaidInvoice' })).listBilling.items;
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((i: any) => i.kind === 'INVOICE' && ['SENT', 'PARTIALLY_PAID'].includes(i.status))).toBe(true);
    expect(unpaid.some((i: any) => i.pastDue)).toBe(true);
    const ranged = (await data('biller', LIST, { f: 'Session', from: today.slice(0, 8) + '01', to: today })).listBilling.items;
    expect(ranged.every((i: any) => i.date >= today.slice(0, 8) + '01' && i.date <= today)).toBe(true);
  });
});

describe('who reaches which billing', () => {
  it('own-client roles reach only their clients; clinicianBasic none; another practice finds nothing', async () => {
    const invoice = (await data('biller', BILLING, { c: clientId })).getClientBilling.invoices[0];
    const GET = 'query ($c: ID!, $id: ID!) { getInvoiceById(clientId: $c, id: $id) { id } }';
    expect((await data('scheduler', GET, { c: clientId, id: invoice.id })).getInvoiceById.id).toBe(invoice.id);
    for (const who of ['fullclient', 'basicbilling', 'other']) expect((await call(who, GET, { c: clientId, id: invoice.id })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Client not found' });
    expect((await call('basic', GET, { c: clientId, id: invoice.id })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('other', PAY, { c: clientId, r: 'req-other', a: 1000, m: 'CASH', d: today })).errors?.[0].errorType).toBe('NotFound');
    // clinicianBasicBilling's list holds only their own clients' billing.
    const own = (await data('basicbilling', LIST, { f: 'all' })).listBilling.items;
    const riley = (await data('basicbilling', '{ getClients { items { id } } }')).getClients.items.map((c: any) => c.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((i: any) => riley.includes(i.clientId))).toBe(true);
  });
});

describe('card payments in the client portal', () => {
  const MINE = '{ clientInvoices { practiceId balanceCents creditCents invoices { id number clientId status balanceCents } } }';
  const PAY_CARD = 'mutation ($p: ID!, $i: [ID!], $r: ID!) { clientPayInvoices(practiceId: $p, invoiceIds: $i, requestId: $r) { id url amountCents } }';
  const CARD_PAYMENTS = `query ($c: ID!) { getClientBilling(clientId: $c) { balance { creditCents refundedCents } invoices { id status version balanceCents } payments { id method reference amountCents appliedCents refundedCents applications { invoiceId amountCents } } } }`;
  const mine = async () => (await data('client', MINE)).clientInvoices[0];
  const form = (url: string, card: string) => fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: runtime.url }, body: `card=${card}` });
  const hook = async (payload: string, signature: string) => {
    const res = await fetch(`${runtime.url}/api/paymentWebhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** A sent invoice of the demo client for one attended session a few weeks ago. */
  async function sentInvoiceOfDemoClient(demoClientId: string, weeksAgo: number): Promise<{ id: string; totalCents: number }> {
    const start = new Date(Date.now() - weeksAgo * 7 * 86400000);
    start.setUTCHours(4, 30, 0, 0); // 20:30 or 21:30 Pacific: clear of the demo calendar's sessions
    const appt = (await data('owner', APPT, { input: { clientId: demoClientId, serviceCode: '90834', locationType: 'TELEHEALTH', start: start.toISOString(), durationMinutes: 45 } })).createAppointment[0];
    await data('owner', STATUS, { id: appt.id, v: appt.version, s: 'ATTENDED' });
    const draft = (await data('biller', CREATE, { c: demoClientId, l: [appt.id], r: randomUUID() })).createInvoice;
    return (await data('biller', SEND, { c: demoClientId, id: draft.id, v: draft.version })).sendInvoice;
  }

  it('the client pays an open invoice by card on the test-card page: applied to it like a manual payment, once; a retried submit opens the same checkout', async () => {
    const before = await mine();
    const open = before.invoices.find((i: any) => (i.status === 'SENT' || i.status === 'PARTIALLY_PAID') && i.balanceCents > 0);
    const requestId = randomUUID();
    const first = (await data('client', PAY_CARD, { p: before.practiceId, i: [open.id], r: requestId })).clientPayInvoices;
    expect((await data('client', PAY_CARD, { p: before.practiceId, i: [open.id], r: requestId })).clientPayInvoices).toEqual(first);
    expect(first).toMatchObject({ amountCents: open.balanceCents, url: `${runtime.url}/_local/pay/${before.practiceId}/${first.id}` });
    // The test-card page has no card field: only test cards to choose.
    const html = await (await fetch(first.url)).text();
    expect(html).toContain('No real card is used or accepted here.');
    expect(html).not.toMatch(/<input/i);
    // A declined test card: the page says so, nothing is applied.
    const declined = await form(first.url, 'declined');
    expect([declined.status, await declined.text()]).toEqual([200, expect.stringContaining('Your card was declined.')]);
    expect((await mine()).balanceCents).toBe(before.balanceCents);
    const paid = await form(first.url, 'visa');
    expect([paid.status, paid.headers.get('location')]).toEqual([303, `${runtime.url}/portal/billing?card=done`]);
    const after = await mine();
    expect(after.invoices.find((i: any) => i.id === open.id)).toMatchObject({ status: 'PAID', balanceCents: 0 });
    expect(after.balanceCents).toBe(before.balanceCents - open.balanceCents);
    // The biller sees a card payment, applied to that invoice.
    const billing = (await data('biller', CARD_PAYMENTS, { c: open.clientId })).getClientBilling;
    // (The demo seed has card payments of its own on some months: only this invoice's count.)
    expect(billing.payments.filter((p: any) => p.method === 'CARD' && p.applications.some((a: any) => a.invoiceId === open.id))).toEqual([
      expect.objectContaining({ amountCents: open.balanceCents, appliedCents: open.balanceCents, reference: expect.stringMatching(/^pi_local_/), applications: [{ invoiceId: open.id, amountCents: open.balanceCents }] }),
    ]);
    // The page of a paid card payment says so, and paying it again is refused.
    expect(await (await form(first.url, 'visa')).text()).toContain('Already paid');
    expect((await call('client', PAY_CARD, { p: before.practiceId, i: [open.id], r: randomUUID() })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This invoice is already paid.' });
    // Another client's invoice is not found; a practice the client is not linked to is refused.
    const other = (await data('biller', BILLING, { c: clientId })).getClientBilling.invoices[0];
    expect((await call('client', PAY_CARD, { p: before.practiceId, i: [other.id], r: randomUUID() })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Invoice not found' });
    expect((await call('client', PAY_CARD, { p: 'another-practice', i: [open.id], r: randomUUID() })).errors?.[0].errorType).toBe('Unauthorized');
  });

  it('the webhook: a bad or stale signature is refused and writes nothing; a replayed event is answered and applied once', async () => {
    const { practiceId, invoices } = await mine();
    const demoClientId = invoices[0].clientId;
    const invoice = await sentInvoiceOfDemoClient(demoClientId, 12);
    const cp = (await data('client', PAY_CARD, { p: practiceId, i: [invoice.id], r: randomUUID() })).clientPayInvoices;
    const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: `pi_test_${cp.id.replaceAll('-', '')}`, object: 'payment_intent', amount: cp.amountCents, amount_received: cp.amountCents, metadata: { practice_id: practiceId, card_payment_id: cp.id } } } });
    const payload = event(`evt_test_${randomBytes(8).toString('hex')}`);
    const secret = process.env.PAYMENT_WEBHOOK_SECRET!;
    const cardPayments = async () => (await data('biller', CARD_PAYMENTS, { c: demoClientId })).getClientBilling.payments.filter((p: any) => p.applications.some((a: any) => a.invoiceId === invoice.id));
    expect(await hook(payload, signWebhook(payload, 'whsec_not_ours'))).toEqual({ status: 400, body: { message: 'Invalid signature' } });
    expect(await hook(payload.replace(String(cp.amountCents), '1'), signWebhook(payload, secret))).toMatchObject({ status: 400 });
    expect(await hook(payload, signWebhook(payload, secret, Math.floor(Date.now() / 1000) - 600))).toMatchObject({ status: 400 });
    expect(await cardPayments()).toEqual([]);
    expect(await hook(payload, signWebhook(payload, secret))).toEqual({ status: 200, body: { received: true, handled: true, replayed: false } });
    expect(await hook(payload, signWebhook(payload, secret))).toEqual({ status: 200, body: { received: true, handled: true, replayed: true } });
    // Another delivery of the same outcome under a new event id is applied once too.
    const twin = event(`evt_test_${randomBytes(8).toString('hex')}`);
    expect((await hook(twin, signWebhook(twin, secret))).status).toBe(200);
    expect(await cardPayments()).toEqual([expect.objectContaining({ method: 'CARD', amountCents: invoice.totalCents })]);
    // An event that is not ours (no metadata) is acknowledged and ignored.
    const foreign = JSON.stringify({ id: 'evt_test_foreign', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect(await hook(foreign, signWebhook(foreign, secret))).toEqual({ status: 200, body: { received: true, handled: false, replayed: false } });
  });

  it('a card payment is refunded through the processor: the paid invoice voided (its paid part becomes credit), then the refund out of that credit', async () => {
    const { practiceId, invoices } = await mine();
    const demoClientId = invoices[0].clientId;
    const invoice = await sentInvoiceOfDemoClient(demoClientId, 13);
    const cp = (await data('client', PAY_CARD, { p: practiceId, i: [invoice.id], r: randomUUID() })).clientPayInvoices;
    await form(cp.url, 'visa');
    let billing = (await data('biller', CARD_PAYMENTS, { c: demoClientId })).getClientBilling;
    const payment = billing.payments.find((p: any) => p.applications.some((a: any) => a.invoiceId === invoice.id));
    const creditBefore = billing.balance.creditCents;
    const paidInvoice = billing.invoices.find((i: any) => i.id === invoice.id);
    await data('biller', VOID, { c: demoClientId, id: invoice.id, v: paidInvoice.version });
    const refunded = (await data('biller', REFUND, { c: demoClientId, p: payment.id, r: randomUUID(), a: invoice.totalCents })).refundPayment;
    expect(refunded.refundedCents).toBe(invoice.totalCents);
    billing = (await data('biller', CARD_PAYMENTS, { c: demoClientId })).getClientBilling;
    expect(billing.balance.creditCents).toBe(creditBefore);
  });
});

describe('statements, superbills and the billing documents', () => {
  const GENERATE = 'mutation ($c: ID!, $k: BillingDocumentKind!, $m: String, $r: ID!, $s: Boolean) { generateBillingDocument(clientId: $c, kind: $k, month: $m, requestId: $r, send: $s) { id kind title from to clientId generatedByName sentAt sentByName } }';
  const DOCS = 'query ($k: BillingDocumentKind, $c: ID, $n: String) { listBillingDocuments(kind: $k, clientId: $c, nextToken: $n) { items { id kind title clientId invoiceId generatedByName sentByName sentAt } nextToken } }';
  const PDF = 'query ($id: ID!) { getBillingDocumentPdf(id: $id) { fileName contentType base64 } }';

  it('a statement and a superbill of a month, kept with who generated them; a sent invoice is a document too; double submit stores one', async () => {
    const month = today.slice(0, 7);
    const r = randomUUID();
    const statement = (await data('biller', GENERATE, { c: clientId, k: 'STATEMENT', m: month, r })).generateBillingDocument;
    expect((await data('biller', GENERATE, { c: clientId, k: 'STATEMENT', m: month, r })).generateBillingDocument.id).toBe(statement.id);
    expect(statement).toMatchObject({ kind: 'STATEMENT', title: `Statement ${month}`, from: `${month}-01`, clientId, sentAt: null, generatedByName: expect.any(String) });
    const firstLine = (await data('biller', BILLING, { c: clientId })).getClientBilling.lines.map((l: any) => l.date).sort()[0];
    const superbill = (await data('owner', GENERATE, { c: clientId, k: 'SUPERBILL', m: firstLine.slice(0, 7), r: randomUUID() })).generateBillingDocument;
    expect(superbill).toMatchObject({ kind: 'SUPERBILL', title: `Superbill ${firstLine.slice(0, 7)}` });
    const mine = (await data('biller', DOCS, { c: clientId })).listBillingDocuments.items;
    expect(mine.map((d: any) => d.id)).toEqual(expect.arrayContaining([statement.id, superbill.id]));
    // The invoice sent earlier in this file: who made it and who sent it.
    expect(mine.find((d: any) => d.kind === 'INVOICE')).toMatchObject({ invoiceId: expect.any(String), sentAt: expect.any(String), sentByName: expect.any(String) });
    expect((await data('biller', DOCS, { k: 'SUPERBILL', c: clientId })).listBillingDocuments.items.map((d: any) => d.id)).toEqual([superbill.id]);
    for (const id of [statement.id, superbill.id]) {
      const pdf = (await data('scheduler', PDF, { id })).getBillingDocumentPdf;
      expect(pdf.contentType).toBe('application/pdf');
      expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.fileName).not.toContain('Payer');
    }
    // Bad input and other callers: clear errors, nothing stored.
    expect((await call('biller', GENERATE, { c: clientId, k: 'INVOICE', r: randomUUID() })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Choose a superbill or a statement.' });
    expect((await call('biller', GENERATE, { c: clientId, k: 'STATEMENT', m: '2999-01', r: randomUUID() })).errors?.[0].message).toBe('Choose a month (YYYY-MM) that has begun.');
    expect((await call('biller', GENERATE, { c: clientId, k: 'STATEMENT', s: true, r: randomUUID() })).errors?.[0].message).toBe('Invite the client to the client portal before sending them documents.');
    expect((await call('fullclient', PDF, { id: statement.id })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('other', PDF, { id: statement.id })).errors?.[0].errorType).toBe('NotFound');
    expect((await data('biller', DOCS, { c: clientId })).listBillingDocuments.items).toHaveLength(mine.length);
  });

  it('sent to the client as a portal link only; the client reads their own statement in the portal', async () => {
    const { practiceId, invoices } = (await data('client', '{ clientInvoices { practiceId invoices { clientId } } }')).clientInvoices[0];
    const demoClientId = invoices[0].clientId;
    const sent = (await data('biller', GENERATE, { c: demoClientId, k: 'STATEMENT', r: randomUUID(), s: true })).generateBillingDocument;
    expect(sent).toMatchObject({ sentAt: expect.any(String), sentByName: expect.any(String) });
    const mail = runtime.outbox.latestTo(DEMO_CLIENT.email, 'email');
    expect(mail?.body).toContain(`${runtime.url}/portal/billing`);
    expect(mail?.body).not.toMatch(/\$|Statement \d|Brooks/);
    const portal = (await data('client', '{ clientInvoices { practiceId documents { id kind title } } }')).clientInvoices[0];
    expect(portal.documents.map((d: any) => d.id)).toContain(sent.id);
    expect(portal.documents.every((d: any) => d.kind !== 'INVOICE')).toBe(true);
    const pdf = (await data('client', 'query ($p: ID!, $id: ID!) { clientBillingDocumentPdf(practiceId: $p, id: $id) { fileName base64 } }', { p: practiceId, id: sent.id })).clientBillingDocumentPdf;
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const others = (await data('biller', DOCS, { c: clientId })).listBillingDocuments.items[0];
    expect((await call('client', 'query ($p: ID!, $id: ID!) { clientBillingDocumentPdf(practiceId: $p, id: $id) { fileName } }', { p: practiceId, id: others.id })).errors?.[0]).toMatchObject({ errorType: 'NotFound' });
  });

  it('the documents list: 20 a page, newest first, its token bound to the caller and the filter', async () => {
    for (let i = 0; i < 21; i++) await data('biller', GENERATE, { c: clientId, k: 'STATEMENT', r: randomUUID() });
    const first = (await data('biller', DOCS, { c: clientId })).listBillingDocuments;
    expect(first.items).toHaveLength(20);
    expect(first.nextToken).toEqual(expect.any(String));
    const second = (await data('biller', DOCS, { c: clientId, n: first.nextToken })).listBillingDocuments;
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((d: any) => first.items.some((f: any) => f.id === d.id))).toBe(false);
    expect((await call('scheduler', DOCS, { c: clientId, n: first.nextToken })).errors?.[0].message).toBe('Invalid page token');
    expect((await call('biller', DOCS, { c: clientId, k: 'STATEMENT', n: first.nextToken })).errors?.[0].message).toBe('Invalid page token');
  });
});
