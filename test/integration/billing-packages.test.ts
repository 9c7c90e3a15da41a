/**
 * Session packages (issue 15, session 8) against the local runtime: the practice defines a package
 * (bad input refused, nothing stored; an own-client clinician may not set prices), assigns it to a
 * client from a start date; the client's session lines inside the period draw it down — the first
 * N charge nothing and say "Package: <name> (k of N)", the (N+1)th is billed at the fee; a session
 * set back to scheduled gives its unit back; two sessions at once never take the same unit. The
 * demo client (seeded on "4 sessions a month", two drawn) starts paying by card in the portal (the
 * local test-card page posts Stripe's invoice.paid, signed, to the webhook): the period is paid, a
 * paid invoice and card payment recorded; a replay writes nothing more, a bad signature nothing at
 * all; invoice.payment_failed makes it past due; customer.subscription.deleted ends it and a later
 * session is billed normally. The biller ends a package (session 9): at the period's end (ENDED at
 * once, endedOn ahead, the days before it still covered) or today (a session today billed at its
 * fee); ended already, a stale version, another clinician's or another practice's client refused
 * and nothing written; a package renewed by card has its card subscription cancelled first (the
 * local processor's page then offers no renewal; its failure writes nothing) and the processor's
 * later customer.subscription.deleted keeps the biller's endedOn.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { DEMO_PACKAGE_PLAN } from '../../local/seed-packages.ts';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { CARD_MESSAGES, signWebhook, unavailablePaymentProcessor } from '../../functions/shared/payment-processor.ts';
import { endClientPackage } from '../../functions/billing/package-end.ts';
import { practicePartition, tableName } from '../../domain/tables.ts';
import { addPractice } from '../support/practice.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
const callAs = async (who: string, query: string, variables: Record<string, unknown> = {}) => (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
const data = async (who: string, query: string, variables: Record<string, unknown> = {}) => {
  const body = await callAs(who, query, variables);
  if (body.errors) throw new Error(body.errors.map((e: { message: string }) => e.message).join('; '));
  return body.data;
};
const pacificDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(new Date(ms));

const SAVE = 'mutation ($id: ID, $v: Int, $n: String!, $s: Int!, $p: Int!) { saveClientPackagePlan(planId: $id, version: $v, name: $n, sessionsPerPeriod: $s, priceCents: $p) { id name sessionsPerPeriod priceCents version } }';
const PACKAGES = '{ getClientPackages { currency decimals plans { id name sessionsPerPeriod priceCents } packages { clientId clientName planId planName startDate status periodStart periodEnd used left cardRenewal paidThrough endedOn version } } }';
const END = 'mutation ($c: ID!, $v: Int!, $e: Boolean!) { endClientPackage(clientId: $c, version: $v, atPeriodEnd: $e) { clientId status endedOn startDate periodEnd used left cardRenewal version } }';
const ASSIGN = 'mutation ($p: ID!, $c: ID!, $d: AWSDate!) { assignClientSubscription(purchaseId: $p, clientId: $c, startDate: $d) { id appId planName used assigned { clientId startDate } } }';
const APPT = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version } }';
const STATUS = 'mutation ($id: ID!, $v: Int!, $s: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $v, status: $s) { id version } }';
const LINES = 'query ($c: ID!) { getClientBilling(clientId: $c) { lines { id serviceName feeCents amountCents status } invoices { id status totalCents paidCents lines { description amountCents } } payments { method amountCents reference applications { invoiceId } } } }';
const MINE = '{ clientPackages { practiceId currency package { planName used left status cardRenewal paidThrough endedOn } } }';
const START = 'mutation ($p: ID!, $r: ID!) { clientStartPackage(practiceId: $p, requestId: $r) { id url amountCents } }';

const packageOf = async (clientId: string) => (await data('owner', PACKAGES)).getClientPackages.packages.find((p: { clientId: string }) => p.clientId === clientId);
const lineOf = async (clientId: string, id: string) => (await data('owner', LINES, { c: clientId })).getClientBilling.lines.find((l: { id: string }) => l.id === id);

/** An appointment of the client `daysAgo` days ago (a morning, Pacific; not later than `hoursBeforeNow` ago), set to `status`. */
async function session(clientId: string, daysAgo: number, hour: number, status = 'ATTENDED', hoursBeforeNow = 1): Promise<{ id: string; version: number }> {
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  start.setUTCHours(hour, 0, 0, 0);
  if (start.getTime() > Date.now() - hoursBeforeNow * 3_600_000) start.setTime(Date.now() - hoursBeforeNow * 3_600_000);
  const [appt] = (await data('owner', APPT, { input: { clientId, serviceCode: '90834', locationType: 'OFFICE', start: start.toISOString(), durationMinutes: 45 } })).createAppointment;
  return (await data('owner', STATUS, { id: appt.id, v: appt.version, s: status })).setAppointmentStatus;
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  await Promise.all([
    ...['owner', 'basic'].map(async (who) => (tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken)),
    signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD).then((t) => (tokens.client = t.accessToken)),
    addPractice(runtime, 'other-owner@packages.test').then(async () => (tokens.other = (await signInSeeded(runtime.url, 'other-owner@packages.test', DEMO_PASSWORD)).accessToken)),
  ]);
}, 120_000);
afterAll(async () => runtime?.stop());

describe('session packages', () => {
  let clientId = '';
  let planId = '';

  it('the practice defines a package; bad input is refused with its rule and nothing stored; an own-client clinician may not', async () => {
    const bad = await callAs('owner', SAVE, { n: ' ', s: 32, p: -5 });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A package has a name, 1 to 31 sessions a month and a price between $0 and $100,000.' });
    expect((await callAs('basic', SAVE, { n: 'Two a month', s: 2, p: 20000 })).errors?.[0].errorType).toBe('Unauthorized');
    const listed = (await data('owner', PACKAGES)).getClientPackages;
    // Prices shown with the practice's money decimals (Billing and Service: the demo practice's 0).
    expect(listed).toMatchObject({ currency: 'USD', decimals: 0 });
    const before = listed.plans;
    expect(before.map((p: { id: string }) => p.id)).toEqual([DEMO_PACKAGE_PLAN]);
    const plan = (await data('owner', SAVE, { n: 'Two sessions a month', s: 2, p: 24000 })).saveClientPackagePlan;
    expect(plan).toMatchObject({ name: 'Two sessions a month', sessionsPerPeriod: 2, priceCents: 24000, version: 1 });
    planId = plan.id;
    expect((await data('owner', PACKAGES)).getClientPackages.plans).toHaveLength(2);
    const stale = await callAs('owner', SAVE, { id: planId, v: 7, n: 'Two sessions a month', s: 2, p: 26000 });
    expect(stale.errors?.[0].errorType).toBe('ConflictError');
  });

  it('draws the package down on real session lines: the first N free with their note, the (N+1)th billed, a unit given back, two at once never one unit twice', async () => {
    clientId = (await data('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Cleo', last: 'Package' }, dateOfBirth: '02/03/1991' } })).addClient.id;
    const assigned = (await data('owner', ASSIGN, { p: planId, c: clientId, d: pacificDay(Date.now() - 6 * 86_400_000) })).assignClientSubscription;
    expect(assigned).toMatchObject({ id: planId, appId: 'PACKAGE', planName: 'Two sessions a month' });
    expect((await callAs('owner', ASSIGN, { p: planId, c: clientId, d: '2026-02-30' })).errors?.[0].message).toBe('Choose a start date (YYYY-MM-DD).');

    const first = await session(clientId, 4, 17);
    const second = await session(clientId, 3, 17);
    const third = await session(clientId, 2, 17);
    expect(await lineOf(clientId, first.id)).toMatchObject({ amountCents: 0, feeCents: 0, serviceName: expect.stringContaining('Package: Two sessions a month (1 of 2)') });
    expect(await lineOf(clientId, second.id)).toMatchObject({ amountCents: 0, serviceName: expect.stringContaining('(2 of 2)') });
    const billed = await lineOf(clientId, third.id);
    expect(billed.amountCents).toBeGreaterThan(0);
    expect(billed.serviceName).not.toContain('Package');
    expect(await packageOf(clientId)).toMatchObject({ used: 2, left: 0, status: 'ACTIVE', cardRenewal: false });
    // Setting the status again (a retry) writes the same line: the same unit, nothing more drawn.
    await data('owner', STATUS, { id: first.id, v: first.version, s: 'ATTENDED' });
    expect(await lineOf(clientId, first.id)).toMatchObject({ amountCents: 0, serviceName: expect.stringContaining('(1 of 2)') });
    expect(await packageOf(clientId)).toMatchObject({ used: 2, left: 0 });

    // Back to scheduled: the line goes and its unit is free again.
    await data('owner', STATUS, { id: second.id, v: second.version, s: 'SCHEDULED' });
    expect(await lineOf(clientId, second.id)).toBeUndefined();
    expect(await packageOf(clientId)).toMatchObject({ used: 1, left: 1 });

    // Two sessions at once: exactly one takes the free unit.
    const [a, b] = await Promise.all([session(clientId, 1, 16), session(clientId, 1, 18)]);
    const amounts = [(await lineOf(clientId, a.id)).amountCents, (await lineOf(clientId, b.id)).amountCents].sort((x, y) => x - y);
    expect(amounts[0]).toBe(0);
    expect(amounts[1]).toBeGreaterThan(0);
    expect(await packageOf(clientId)).toMatchObject({ used: 2, left: 0 });
  });

  it('the demo client starts paying by card: invoice.paid renews the period once with a paid invoice, a bad signature changes nothing, failure is past due, deletion ends it', async () => {
    const mine = (await data('client', MINE)).clientPackages[0];
    expect(mine.package).toMatchObject({ planName: '4 sessions a month', used: 2, left: 2, status: 'ACTIVE', cardRenewal: false });
    const demoClient = (await data('owner', PACKAGES)).getClientPackages.packages.find((p: { planId: string; status: string }) => p.planId === DEMO_PACKAGE_PLAN && p.status === 'ACTIVE').clientId;
    const requestId = randomUUID();
    const checkout = (await data('client', START, { p: mine.practiceId, r: requestId })).clientStartPackage;
    expect(checkout).toMatchObject({ amountCents: 44000, url: expect.stringContaining('/_local/pay/') });
    expect((await data('client', START, { p: mine.practiceId, r: requestId })).clientStartPackage.id).toBe(checkout.id);

    // The local test-card page (standing in for Stripe's hosted page) posts invoice.paid, signed, to the webhook.
    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: runtime.url }, body: 'card=visa' });
    expect(paid.status).toBe(303);
    const renewed = (await data('client', MINE)).clientPackages[0].package;
    expect(renewed).toMatchObject({ status: 'ACTIVE', cardRenewal: true, used: 0, left: 4 });
    expect(renewed.paidThrough > pacificDay(Date.now())).toBe(true);
    const billing = (await data('owner', LINES, { c: demoClient })).getClientBilling;
    const invoice = billing.invoices.find((i: { lines: { description: string }[] }) => i.lines[0].description.startsWith('Package: 4 sessions a month'));
    expect(invoice).toMatchObject({ status: 'PAID', totalCents: 44000, paidCents: 44000 });
    expect(billing.payments.filter((p: { applications: { invoiceId: string }[] }) => p.applications.some((x) => x.invoiceId === invoice.id))).toMatchObject([{ method: 'CARD', amountCents: 44000 }]);
    expect((await callAs('client', START, { p: mine.practiceId, r: randomUUID() })).errors?.[0].message).toBe('This package already renews by card.');
    // Once paid, the local page stands in for Stripe's later cycles: a renewal moves what is paid on by a month.
    const cyclePage = await (await fetch(checkout.url)).text();
    expect(cyclePage).toContain('Renew for the next month (test)');
    expect(cyclePage).not.toContain('ending 4242');
    const renew = await fetch(checkout.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: runtime.url }, body: 'card=renew' });
    expect(renew.status).toBe(303);
    const current = (await data('client', MINE)).clientPackages[0].package.paidThrough;
    expect(current > renewed.paidThrough).toBe(true);

    // The next cycle's events, as Stripe sends them: signed, replayed, forged.
    const secret = process.env.PAYMENT_WEBHOOK_SECRET!;
    const hook = async (event: Record<string, unknown>, sign = secret) => {
      const payload = JSON.stringify(event);
      const res = await fetch(`${runtime.url}/api/paymentWebhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, sign) }, body: payload });
      return { status: res.status, body: await res.json() };
    };
    const metadata = { practice_id: mine.practiceId, card_payment_id: checkout.id, client_id: demoClient, kind: 'package' };
    const subscription = `sub_local_${checkout.id.replaceAll('-', '')}`;
    const from = Math.floor(Date.parse(`${current}T12:00:00Z`) / 1000);
    const cycle = { id: `evt_${randomUUID().replaceAll('-', '')}`, type: 'invoice.paid', data: { object: { id: 'in_cycle2', object: 'invoice', subscription, amount_paid: 44000, payment_intent: 'pi_cycle2', subscription_details: { metadata }, lines: { data: [{ period: { start: from, end: from + 30 * 86_400 } }] } } } };
    expect(await hook(cycle, 'whsec_not_ours')).toEqual({ status: 400, body: { message: 'Invalid signature' } });
    expect((await data('client', MINE)).clientPackages[0].package.paidThrough).toBe(current);
    expect(await hook(cycle)).toEqual({ status: 200, body: { received: true, handled: true, replayed: false } });
    expect(await hook(cycle)).toEqual({ status: 200, body: { received: true, handled: true, replayed: true } });
    expect(await hook({ ...cycle, id: `evt_${randomUUID().replaceAll('-', '')}` })).toMatchObject({ status: 200 });
    const after = (await data('owner', LINES, { c: demoClient })).getClientBilling;
    expect(after.invoices.filter((i: { lines: { description: string }[] }) => i.lines[0].description.startsWith('Package:'))).toHaveLength(3);
    expect((await data('client', MINE)).clientPackages[0].package.paidThrough > current).toBe(true);

    const failed = { id: `evt_${randomUUID().replaceAll('-', '')}`, type: 'invoice.payment_failed', data: { object: { ...cycle.data.object, id: 'in_cycle3', amount_paid: 0 } } };
    expect((await hook(failed)).body).toMatchObject({ handled: true });
    expect((await data('client', MINE)).clientPackages[0].package.status).toBe('PAST_DUE');

    const deleted = { id: `evt_${randomUUID().replaceAll('-', '')}`, type: 'customer.subscription.deleted', data: { object: { id: subscription, object: 'subscription', status: 'canceled', metadata } } };
    expect((await hook(deleted)).body).toMatchObject({ handled: true });
    expect(await packageOf(demoClient)).toMatchObject({ status: 'ENDED', endedOn: pacificDay(Date.now()), cardRenewal: false });
    // A session today, after the package ended, is billed normally.
    const later = await session(demoClient, 0, 23);
    const line = await lineOf(demoClient, later.id);
    expect(line.amountCents).toBeGreaterThan(0);
    expect(line.serviceName).not.toContain('Package');
    // A free package has nothing to pay by card.
    const free = (await data('owner', SAVE, { n: 'Free check-ins', s: 2, p: 0 })).saveClientPackagePlan;
    await data('owner', ASSIGN, { p: free.id, c: demoClient, d: pacificDay(Date.now()) });
    expect((await callAs('client', START, { p: mine.practiceId, r: randomUUID() })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This package is free: there is nothing to pay by card.' });
  });
});

describe('the biller ends a package (session 9)', () => {
  const auditedEnds = async (clientId: string) => {
    const out = await runtime.dynamo.client.send(new QueryCommand({ TableName: tableName('local', 'Audit'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': practicePartition(runtime.seed!.practiceId) }) }));
    return (out.Items ?? []).map((i) => unmarshall(i)).filter((a) => a.action === 'client.package.end' && JSON.stringify(a).includes(clientId));
  };
  let clientId = '';

  it('the demo seed has a package the owner ended last month', async () => {
    const jordan = (await data('owner', PACKAGES)).getClientPackages.packages.find((p: { clientName: string }) => p.clientName === 'Jordan Reyes');
    expect(jordan).toMatchObject({ planId: DEMO_PACKAGE_PLAN, status: 'ENDED', periodStart: null, used: 0, left: 0 });
    expect(jordan.endedOn < pacificDay(Date.now())).toBe(true);
    expect(jordan.endedOn > pacificDay(Date.now() - 62 * 86_400_000)).toBe(true);
  });

  it('at the period\'s end: ENDED now with endedOn ahead, the days before it still covered; refused for another clinician\'s or practice\'s client, a stale version, or once ended — nothing written', async () => {
    clientId = (await data('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Dara', last: 'Ending' }, dateOfBirth: '04/05/1986' } })).addClient.id;
    await data('owner', ASSIGN, { p: DEMO_PACKAGE_PLAN, c: clientId, d: pacificDay(Date.now() - 6 * 86_400_000) });
    const before = await packageOf(clientId);
    expect(before).toMatchObject({ status: 'ACTIVE', endedOn: null });
    const args = { c: clientId, v: before.version, e: true };
    expect((await callAs('basic', END, args)).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Client not found' });
    expect((await callAs('other', END, args)).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Client not found' });
    expect((await callAs('owner', END, { ...args, v: before.version + 7 })).errors?.[0].errorType).toBe('ConflictError');
    expect(await packageOf(clientId)).toEqual(before);
    expect(await auditedEnds(clientId)).toHaveLength(0);

    const ended = (await data('owner', END, args)).endClientPackage;
    expect(ended).toMatchObject({ clientId, status: 'ENDED', endedOn: before.periodEnd, version: before.version + 1, cardRenewal: false });
    expect(ended.endedOn > pacificDay(Date.now())).toBe(true);
    expect(await packageOf(clientId)).toMatchObject({ status: 'ENDED', endedOn: before.periodEnd, periodEnd: before.periodEnd, used: 0, left: 4 });
    expect(await auditedEnds(clientId)).toHaveLength(1);
    // The period is still paid for: a session yesterday takes a unit of it.
    const yesterday = await session(clientId, 1, 17);
    expect(await lineOf(clientId, yesterday.id)).toMatchObject({ amountCents: 0, serviceName: expect.stringContaining('Package: 4 sessions a month (1 of 4)') });

    const again = await callAs('owner', END, { ...args, v: ended.version, e: false });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This client has no active package.' });
    expect((await packageOf(clientId)).endedOn).toBe(before.periodEnd);
    const none = (await data('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first: 'Noa', last: 'Nopackage' }, dateOfBirth: '04/05/1986' } })).addClient.id;
    expect((await callAs('owner', END, { c: none, v: 1, e: true })).errors?.[0].message).toBe('This client has no active package.');
  });

  it('today: endedOn today, a session today billed at its fee', async () => {
    await data('owner', ASSIGN, { p: DEMO_PACKAGE_PLAN, c: clientId, d: pacificDay(Date.now() - 6 * 86_400_000) });
    const active = await packageOf(clientId);
    expect(active).toMatchObject({ status: 'ACTIVE', endedOn: null });
    const ended = (await data('owner', END, { c: clientId, v: active.version, e: false })).endClientPackage;
    expect(ended).toMatchObject({ status: 'ENDED', endedOn: pacificDay(Date.now()), used: 0, left: 0 });
    const later = await session(clientId, 0, 23, 'ATTENDED', 2);
    const line = await lineOf(clientId, later.id);
    expect(line.amountCents).toBeGreaterThan(0);
    expect(line.serviceName).not.toContain('Package');
  });

  it('renewed by card: the card subscription is cancelled first (its failure writes nothing); the processor\'s page offers no renewal; its deletion event keeps the biller\'s endedOn', async () => {
    const demoClient = (await data('owner', PACKAGES)).getClientPackages.packages.find((p: { clientName: string }) => p.clientName === `${DEMO_CLIENT.givenName} ${DEMO_CLIENT.familyName}`).clientId;
    await data('owner', ASSIGN, { p: DEMO_PACKAGE_PLAN, c: demoClient, d: pacificDay(Date.now()) });
    const mine = (await data('client', MINE)).clientPackages[0];
    const checkout = (await data('client', START, { p: mine.practiceId, r: randomUUID() })).clientStartPackage;
    const post = (card: string) => fetch(checkout.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: runtime.url }, body: `card=${card}` });
    expect((await post('visa')).status).toBe(303);
    const paid = await packageOf(demoClient);
    expect(paid).toMatchObject({ status: 'ACTIVE', cardRenewal: true });

    // The card processor unavailable: the biller sees its message and the package has not changed.
    const owner = { sub: runtime.seed!.practiceId, practiceId: runtime.seed!.practiceId, roles: ['owner'] };
    await expect(endClientPackage(owner, { clientId: demoClient, version: paid.version, atPeriodEnd: true }, new Date(), unavailablePaymentProcessor())).rejects.toMatchObject({ errorType: 'PaymentUnavailable', message: CARD_MESSAGES.cancelUnavailable });
    expect(await packageOf(demoClient)).toEqual(paid);

    const ended = (await data('owner', END, { c: demoClient, v: paid.version, e: true })).endClientPackage;
    expect(ended).toMatchObject({ status: 'ENDED', endedOn: paid.periodEnd, cardRenewal: false });
    expect(ended.endedOn > pacificDay(Date.now())).toBe(true);
    expect((await data('client', MINE)).clientPackages[0].package).toMatchObject({ status: 'ENDED', cardRenewal: false, endedOn: paid.periodEnd });
    // The local processor (Stripe's stand-in) has the subscription cancelled at the period's end: no renewal offered or taken.
    const page = await (await fetch(checkout.url)).text();
    expect(page).toContain('The practice cancelled this subscription at the end of its period (test).');
    expect(page).not.toContain('Renew for the next month (test)');
    expect((await post('renew')).status).toBe(400);
    // When the period ends the processor deletes the subscription (customer.subscription.deleted): the biller's endedOn stays.
    expect((await post('cancel')).status).toBe(303);
    expect(await packageOf(demoClient)).toMatchObject({ status: 'ENDED', endedOn: paid.periodEnd, version: ended.version });
  });
});
