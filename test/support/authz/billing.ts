/**
 * Authorization matrix rows: client billing (issue 15). Columns: CALLERS (test/support/authz/matrix.ts).
 * Spec §6: owner and biller the whole suite (clinicianAdmin "as owner"); clinicianFullClient "own
 * client billing" and clinicianBasicBilling "billing limited to own records" — the target is the
 * owner's client, so NotFound for them; scheduler "client billing without claims" (none of these
 * fields is a claim); clinicianBasic, supervisor and coordinators nothing. The catalog (services
 * and fees) is edited on Billing and Service (owner, admin, biller). Plan: Client Billing
 * (Professional; both practices are on it). Another practice's owner finds the target missing.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { tableName } from '../../../domain/tables.ts';
import { lineItem } from '../../../functions/billing/lines.ts';
import { DEMO_SUBSCRIPTION_PURCHASE } from '../../../local/seed-billing.ts';
import { DEMO_PACKAGE_PLAN } from '../../../local/seed-packages.ts';
import { A, CALLERS, N, U, call, matrix, outcomeOf, seededPracticeId, subOf, type AuthzDomain } from './matrix.ts';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(new Date());

/** An un-invoiced session line of the target, as the appointments Lambda writes it. */
async function lineOf(target: string): Promise<string> {
  const id = randomUUID();
  const line = { id, appointmentId: id, clientId: target, clientName: 'Target Matrix', clinicianId: subOf('owner'), clinicianName: 'Olivia Owens', date: today(), serviceCode: '90834', serviceName: 'Psychotherapy, 45 minutes', units: 1, feeCents: 14000, amountCents: 14000, placeOfService: '11', reason: 'SESSION', status: 'UNINVOICED', invoiceId: null };
  const item = { ...lineItem(seededPracticeId(), line, subOf('owner'), new Date().toISOString()), createdAt: new Date().toISOString() };
  await matrix.runtime.dynamo.client.send(new PutItemCommand({ TableName: tableName('local', 'Practice'), Item: marshall(item, { removeUndefinedValues: true }) }));
  return id;
}

/** A draft invoice of the target made by the owner (version 1). */
async function draftOf(target: string): Promise<string> {
  const out = await call('owner', 'mutation ($c: ID!, $l: [ID!]!, $r: ID!) { createInvoice(clientId: $c, lineIds: $l, requestId: $r) { id } }', { c: target, l: [await lineOf(target)], r: randomUUID() });
  return out.data.createInvoice.id;
}

const GENERATE = 'mutation ($c: ID!, $r: ID!) { generateBillingDocument(clientId: $c, kind: STATEMENT, requestId: $r) { id } }';

const PAY = 'mutation ($c: ID!, $r: ID!) { recordPayment(clientId: $c, requestId: $r, amountCents: 10000, method: CASH, date: "2026-01-05") { id } }';

export const billing: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    'Query.getBillingCatalog':           [A,    A,    A,    A,    U,    U,    A,    A,    U,    A],
    'Mutation.editBillingCatalog':       [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Query.listBilling':                 [A,    A,    A,    A,    U,    U,    A,    A,    U,    A],
    'Query.getClientBilling':            [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.editClientBillingProfile': [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Query.getInvoiceById':              [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Query.getInvoicePdf':               [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.createInvoice':            [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.sendInvoice':              [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.voidInvoice':              [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.recordPayment':            [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.refundPayment':            [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    // The client's own invoices: the client principal only (see clientAllowed).
    'Query.clientInvoices':              [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.clientInvoicePdf':            [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.clientPayInvoices':        [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.clientBillingDocumentPdf':    [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.listBillingDocuments':        [A,    A,    A,    A,    U,    U,    A,    A,    U,    A],
    'Query.getBillingDocumentPdf':       [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    'Mutation.generateBillingDocument':  [A,    A,    N,    N,    U,    U,    A,    A,    U,    N],
    // A month's statements in the background (session 8): the whole practice's — the billing right (owner, admin, biller).
    'Mutation.startStatementRun':        [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Query.getStatementRun':             [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    // Client subscriptions: the Subscription gate (owner, admin, clinicianBasic); clinicianBasic reaches own clients only.
    'Query.getClientSubscription':       [A,    A,    U,    U,    A,    U,    U,    U,    U,    A],
    'Mutation.assignClientSubscription': [A,    A,    U,    U,    N,    U,    U,    U,    U,    N],
    // Session packages (session 8): the same gate; saving a package is the whole practice's (clinicianBasic: own clients only).
    'Query.getClientPackages':           [A,    A,    U,    U,    A,    U,    U,    U,    U,    A],
    'Mutation.saveClientPackagePlan':    [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    // Ending a client's package (session 9): the same gate and reach as assigning one.
    'Mutation.endClientPackage':         [A,    A,    U,    U,    N,    U,    U,    U,    U,    N],
    'Query.clientPackages':              [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.clientStartPackage':       [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  operations: {
    'Query.getBillingCatalog': async (who) => outcomeOf(await call(who, '{ getBillingCatalog { version } }'), 'Query.getBillingCatalog'),
    'Mutation.editBillingCatalog': async (who) => {
      // The caller's own practice's catalog at its current version (read by its owner), written back unchanged.
      const reader = who === 'otherPractice' ? 'otherPractice' : 'owner';
      const c = (await call(reader, '{ getBillingCatalog { services { code description defaultMinutes rateCents isDefault } decimals lateCancelFeeCents noShowFeeCents version } }')).data.getBillingCatalog;
      const input = { services: c.services, decimals: c.decimals, lateCancelFeeCents: c.lateCancelFeeCents, noShowFeeCents: c.noShowFeeCents };
      return outcomeOf(await call(who, 'mutation ($v: Int!, $i: BillingCatalogInput!) { editBillingCatalog(version: $v, input: $i) { version } }', { v: c.version, i: input }), 'Mutation.editBillingCatalog');
    },
    'Query.listBilling': async (who) => outcomeOf(await call(who, '{ listBilling(filter: all) { items { id } nextToken } }'), 'Query.listBilling'),
    'Query.getClientBilling': async (who, target) => outcomeOf(await call(who, 'query ($c: ID!) { getClientBilling(clientId: $c) { clientId } }', { c: target }), 'Query.getClientBilling'),
    'Mutation.editClientBillingProfile': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($c: ID!) { editClientBillingProfile(clientId: $c, version: 0, fees: [{ code: "90834", amountCents: 9000, isDefault: true }], slidingScalePercent: 0) { version } }', { c: target }), 'Mutation.editClientBillingProfile'),
    'Query.getInvoiceById': async (who, target) => outcomeOf(await call(who, 'query ($c: ID!, $id: ID!) { getInvoiceById(clientId: $c, id: $id) { id } }', { c: target, id: await draftOf(target) }), 'Query.getInvoiceById'),
    'Query.getInvoicePdf': async (who, target) => outcomeOf(await call(who, 'query ($c: ID!, $id: ID!) { getInvoicePdf(clientId: $c, id: $id) { fileName } }', { c: target, id: await draftOf(target) }), 'Query.getInvoicePdf'),
    'Mutation.createInvoice': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($c: ID!, $l: [ID!]!, $r: ID!) { createInvoice(clientId: $c, lineIds: $l, requestId: $r) { id } }', { c: target, l: [await lineOf(target)], r: randomUUID() }), 'Mutation.createInvoice'),
    'Mutation.sendInvoice': async (who, target) => outcomeOf(await call(who, 'mutation ($c: ID!, $id: ID!) { sendInvoice(clientId: $c, id: $id, version: 1) { id } }', { c: target, id: await draftOf(target) }), 'Mutation.sendInvoice'),
    'Mutation.voidInvoice': async (who, target) => outcomeOf(await call(who, 'mutation ($c: ID!, $id: ID!) { voidInvoice(clientId: $c, id: $id, version: 1) { id } }', { c: target, id: await draftOf(target) }), 'Mutation.voidInvoice'),
    'Mutation.recordPayment': async (who, target) => outcomeOf(await call(who, PAY, { c: target, r: randomUUID() }), 'Mutation.recordPayment'),
    'Mutation.refundPayment': async (who, target) => {
      const paid = (await call('owner', PAY, { c: target, r: randomUUID() })).data.recordPayment.id;
      return outcomeOf(await call(who, 'mutation ($c: ID!, $p: ID!, $r: ID!) { refundPayment(clientId: $c, paymentId: $p, requestId: $r, amountCents: 1000) { id } }', { c: target, p: paid, r: randomUUID() }), 'Mutation.refundPayment');
    },
    'Query.clientInvoices': async (who) => outcomeOf(await call(who, '{ clientInvoices { practiceId invoices { id } } }'), 'Query.clientInvoices'),
    'Query.clientInvoicePdf': async (who) => {
      // The demo client's first invoice (the seed's months of billing), asked for by whoever calls.
      const mine = (await call('client', '{ clientInvoices { practiceId invoices { id } } }')).data.clientInvoices[0];
      return outcomeOf(await call(who, 'query ($p: ID!, $id: ID!) { clientInvoicePdf(practiceId: $p, id: $id) { fileName } }', { p: mine.practiceId, id: mine.invoices[0].id }), 'Query.clientInvoicePdf');
    },
    // The demo client's whole open balance by card (the seed leaves last month's invoice open): a checkout page, nothing charged.
    'Mutation.clientPayInvoices': async (who) => {
      const mine = (await call('client', '{ clientInvoices { practiceId } }')).data.clientInvoices[0];
      return outcomeOf(await call(who, 'mutation ($p: ID!, $r: ID!) { clientPayInvoices(practiceId: $p, requestId: $r) { url } }', { p: mine.practiceId, r: randomUUID() }), 'Mutation.clientPayInvoices');
    },
    'Query.clientBillingDocumentPdf': async (who) => {
      // A statement the owner generates for the demo client, asked for by whoever calls.
      const mine = (await call('client', '{ clientInvoices { practiceId invoices { clientId } } }')).data.clientInvoices[0];
      const doc = (await call('owner', GENERATE, { c: mine.invoices[0].clientId, r: randomUUID() })).data.generateBillingDocument.id;
      return outcomeOf(await call(who, 'query ($p: ID!, $id: ID!) { clientBillingDocumentPdf(practiceId: $p, id: $id) { fileName } }', { p: mine.practiceId, id: doc }), 'Query.clientBillingDocumentPdf');
    },
    'Query.listBillingDocuments': async (who) => outcomeOf(await call(who, '{ listBillingDocuments { items { id } nextToken } }'), 'Query.listBillingDocuments'),
    'Query.getBillingDocumentPdf': async (who, target) => {
      const doc = (await call('owner', GENERATE, { c: target, r: randomUUID() })).data.generateBillingDocument.id;
      return outcomeOf(await call(who, 'query ($id: ID!) { getBillingDocumentPdf(id: $id) { fileName } }', { id: doc }), 'Query.getBillingDocumentPdf');
    },
    'Mutation.generateBillingDocument': async (who, target) => outcomeOf(await call(who, GENERATE, { c: target, r: randomUUID() }), 'Mutation.generateBillingDocument'),
    // A month long past per caller (the practice's job of a month runs once at a time: a second start is a ConflictError, still allowed).
    'Mutation.startStatementRun': async (who) => {
      const body = await call(who, 'mutation ($m: String!) { startStatementRun(month: $m) { status } }', { m: `2024-${String(1 + CALLERS.indexOf(who as never)).padStart(2, '0')}` });
      return body.errors?.[0]?.errorType === 'ConflictError' ? A : outcomeOf(body, 'Mutation.startStatementRun');
    },
    'Query.getStatementRun': async (who) => outcomeOf(await call(who, '{ getStatementRun(month: "2024-01") { status done total } }'), 'Query.getStatementRun'),
    'Query.getClientSubscription': async (who) => outcomeOf(await call(who, '{ getClientSubscription(appId: "ACT") { appId purchases { id used } } }'), 'Query.getClientSubscription'),
    // A seat of the demo practice's seeded ACT purchase (another practice does not find it).
    'Mutation.assignClientSubscription': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($p: ID!, $c: ID!, $d: AWSDate!) { assignClientSubscription(purchaseId: $p, clientId: $c, startDate: $d) { id used } }', { p: DEMO_SUBSCRIPTION_PURCHASE, c: target, d: today() }), 'Mutation.assignClientSubscription'),
    'Query.getClientPackages': async (who) => outcomeOf(await call(who, '{ getClientPackages { currency plans { id } packages { clientId used } } }'), 'Query.getClientPackages'),
    'Mutation.saveClientPackagePlan': async (who) => outcomeOf(await call(who, 'mutation { saveClientPackagePlan(name: "Matrix package", sessionsPerPeriod: 2, priceCents: 10000) { id } }'), 'Mutation.saveClientPackagePlan'),
    // The target put on the demo package by the owner, then ended (at the period's end) by whoever calls, at the version the owner read.
    'Mutation.endClientPackage': async (who, target) => {
      await call('owner', 'mutation ($p: ID!, $c: ID!, $d: AWSDate!) { assignClientSubscription(purchaseId: $p, clientId: $c, startDate: $d) { id } }', { p: DEMO_PACKAGE_PLAN, c: target, d: today() });
      const pkg = (await call('owner', '{ getClientPackages { packages { clientId version } } }')).data.getClientPackages.packages.find((p: { clientId: string }) => p.clientId === target);
      return outcomeOf(await call(who, 'mutation ($c: ID!, $v: Int!) { endClientPackage(clientId: $c, version: $v, atPeriodEnd: true) { status endedOn } }', { c: target, v: pkg.version }), 'Mutation.endClientPackage');
    },
    'Query.clientPackages': async (who) => outcomeOf(await call(who, '{ clientPackages { practiceId package { used left } } }'), 'Query.clientPackages'),
    // The demo client's seeded package (not yet renewed by card): its checkout page.
    'Mutation.clientStartPackage': async (who) => {
      const mine = (await call('client', '{ clientInvoices { practiceId } }')).data.clientInvoices[0];
      return outcomeOf(await call(who, 'mutation ($p: ID!, $r: ID!) { clientStartPackage(practiceId: $p, requestId: $r) { url } }', { p: mine.practiceId, r: randomUUID() }), 'Mutation.clientStartPackage');
    },
  },
  // Client billing (issue 15), the client's own invoices, statements and superbills, and paying them by card.
  clientAllowed: ['Query.clientInvoices', 'Query.clientInvoicePdf', 'Mutation.clientPayInvoices', 'Query.clientBillingDocumentPdf', 'Query.clientPackages', 'Mutation.clientStartPackage'],
  exclusive: ['Mutation.editBillingCatalog'],
};
