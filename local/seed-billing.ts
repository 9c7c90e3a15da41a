/**
 * Demo client billing (issue 15): three months of weekly sessions before this month for the demo
 * practice's clients (attended, with the odd no-show billed the policy fee), each month invoiced —
 * the older months paid (cash, check, external), last month's partly paid, one invoice past due,
 * one client with credit left — plus the practice's billing address, tax id and NPI, the policy
 * fees and this month's attended sessions as un-invoiced lines. Written as the billing Lambda
 * writes them (functions/billing: lineItem, invoiceItem, paymentItem), with each client's ledger;
 * a card payment among the older months' payments; the billing documents — every sent invoice, the
 * last two months' statements and last month's superbills; the practice's ACT app access bought for
 * 25 clients with three assigned (client subscriptions).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validateAppointmentInput } from '../domain/appointment/input.ts';
import { servicesKey } from '../domain/appointment/keys.ts';
import { catalogOf } from '../domain/billing/catalog.ts';
import { counterKey, ledgerKey } from '../domain/billing/keys.ts';
import { runIndexKeys, runMarkerKey } from '../domain/billing/run.ts';
import { subscriptionPurchaseKey } from '../domain/billing/subscriptions.ts';
import { addDays, invoiceTotal, paidStatus } from '../domain/billing/ledger.ts';
import { lineFor, clientFeesOf } from '../domain/billing/session-line.ts';
import { DEFAULT_SERVICES } from '../domain/appointment/services.ts';
import { settingsKey, validateBillingSettings } from '../domain/practice.ts';
import { DEFAULT_TIMEZONE } from '../domain/field-readers.ts';
import { fromFloating, localDate, toFloating } from '../domain/wall-clock.ts';
import { lineItem } from '../functions/billing/lines.ts';
import { invoiceItem } from '../functions/billing/invoices.ts';
import { paymentItem } from '../functions/billing/payments.ts';
import { docItem } from '../functions/billing/document-items.ts';
import { practiceBilling } from '../functions/billing/practice.ts';
import { statementSnapshot, superbillSnapshot } from '../functions/billing/statements.ts';
import { previousMonth } from '../domain/billing/statement.ts';
import { occurrenceItem } from '../functions/appointments/occurrence.ts';
import { practicePartition } from '../domain/tables.ts';
import type { SeededMember } from './seed-appointments.ts';

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const DEMO_BILLING_SETTINGS = {
  currency: 'USD', taxId: '931234567', organizationNPI: '1500000009', invoicePastDue: { days: 30, sendEmail: false },
  address: { line1: '1200 NW Everett St', line2: 'Suite 300', city: 'Portland', state: 'OR', zip: '97209' }, invoiceSetting: { defaultText: 'Thank you. Payment is due within 30 days.', automateOn: 1 },
  // The monthly run (session 7): invoices on the 1st, last month's statements and superbills, e-mailed as a portal link.
  billingClientDocument: { monthlyStatements: true, monthlySuperBills: true, emailNotification: true },
};
const POLICY = { lateCancelFeeCents: 5000, noShowFeeCents: 7500 };
const SERVICES = ['90834', '90837', '90834', '90832', '90834'];
// CARD: as a card payment in the client portal would have recorded it (the local processor's intent id).
const METHODS = ['CHECK', 'CASH', 'EXTERNAL', 'CARD'];

async function batchPut(db: DynamoDBDocumentClient, table: string, items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: Item[] = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table]) ?? [];
    }
  }
}

/** Local wall-clock day `offset` days from today (US/Pacific) at `hour`, as a UTC instant. */
function dayAt(now: Date, offset: number, hour: number): number {
  const local = new Date(toFloating(now.getTime(), DEFAULT_TIMEZONE));
  return fromFloating(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + offset, hour, 0, 0), DEFAULT_TIMEZONE);
}

export async function seedDemoBilling(db: DynamoDBDocumentClient, table: string, practiceId: string, members: SeededMember[], now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const owner = members.find((m) => m.roles.includes('owner'))!;
  const memberOf = new Map(members.map((m) => [m.sub, m]));
  const ownerName = `${owner.givenName} ${owner.familyName}`;
  const today = localDate(now.getTime(), DEFAULT_TIMEZONE);
  const items: Item[] = [];
  const billing = validateBillingSettings(DEMO_BILLING_SETTINGS).data;
  items.push({ ...settingsKey(practiceId, 'BillingSettings'), kind: 'BillingSettings', data: billing, ...runIndexKeys(practiceId, billing), version: 1, updatedAt: stamp, updatedBy: owner.sub });
  // This month's run is what the seed wrote below (invoices of earlier months, last month's documents): marked done,
  // so the runtime's timer never invoices lines under a running test; next month's run day does the real thing.
  items.push({ ...runMarkerKey(practiceId, today.slice(0, 7)), entity: 'BillingRun', finishedAt: stamp });
  items.push({ ...servicesKey(practiceId), kind: 'ServicesOffered', services: DEFAULT_SERVICES, decimals: 0, ...POLICY, version: 1, updatedAt: stamp, updatedBy: owner.sub });
  const catalog = { ...catalogOf(null), ...POLICY };

  const clients = ((await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':sk': 'Client#' } }))).Items ?? []) as Item[];
  let seq = 0;
  clients.filter((c) => c.status !== 'archived').forEach((client, ci) => {
    const clinician = memberOf.get(client.therapistId) ?? owner;
    const name = [client.personalDetail?.first, client.personalDetail?.last].filter(Boolean).join(' ');
    const ledger = { invoicedCents: 0, paidCents: 0, creditCents: 0, refundedCents: 0 };
    // Weekly sessions from 13 weeks ago up to the end of last month, invoiced month by month.
    const byMonth = new Map<string, Item[]>();
    for (let week = 13; week >= 1; week--) {
      const startMs = dayAt(now, -7 * week - ci, 9 + ci);
      // This month's calendar is the appointments seed's (its past sessions get their lines below).
      if (localDate(startMs, DEFAULT_TIMEZONE).slice(0, 7) === today.slice(0, 7)) continue;
      const status = (week + ci) % 6 === 0 ? 'NO_SHOW' : 'ATTENDED';
      const service = SERVICES[ci % SERVICES.length];
      const { data } = validateAppointmentInput({ clientId: client.id, serviceCode: service, locationType: week % 2 === 0 ? 'TELEHEALTH' : 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: service === '90837' ? 60 : 45, sendEmailReminder: false });
      const id = randomUUID();
      const appointment = occurrenceItem(practiceId, id, data, startMs, {
        clinicianId: clinician.sub, clientName: name, clinicianName: `${clinician.givenName} ${clinician.familyName}`, seriesId: null, recurrence: null, videoRoomId: null, status,
        version: 1, createdAt: stamp, createdBy: owner.sub, updatedAt: stamp, updatedBy: owner.sub,
      });
      items.push(appointment);
      const date = localDate(startMs, DEFAULT_TIMEZONE);
      const line = lineFor(appointment as never, date, catalog, clientFeesOf(null));
      if (!line) continue;
      const month = date.slice(0, 7);
      byMonth.set(month, [...(byMonth.get(month) ?? []), line]);
    }
    const months = [...byMonth.keys()].sort();
    months.forEach((month, mi) => {
      const lines = byMonth.get(month)!;
      const id = randomUUID();
      seq += 1;
      const issueDate = addDays(`${month}-01`, 31).slice(0, 8) + '01';
      const invoiceLines = lines.map((l) => ({ lineId: l.id, date: l.date, serviceCode: l.serviceCode, description: l.serviceName, units: l.units, feeCents: l.feeCents, amountCents: l.units * l.feeCents }));
      const totalCents = invoiceTotal(invoiceLines);
      const last = mi === months.length - 1;
      // Older months paid in full (one client overpaid: credit; one client's month before last unpaid: past due); last month partly paid or not yet.
      const pastDue = mi === months.length - 2 && ci % 3 === 2;
      const paid = last ? (ci % 2 === 0 ? Math.floor(totalCents / 2 / 100) * 100 : 0) : pastDue ? 0 : totalCents;
      const overpay = !last && ci === 1 && mi === 0 ? 4000 : 0;
      const invoice = {
        id, number: `INV-${String(seq).padStart(5, '0')}`, clientId: client.id, clientName: name, filedUnder: client.therapistId, status: paid > 0 ? paidStatus(totalCents, paid) : 'SENT',
        issueDate, dueDate: addDays(issueDate, 30), lines: invoiceLines, totalCents, paidCents: paid, note: (billing.invoiceSetting as Item)?.defaultText ?? null, version: 1, createdAt: stamp, createdBy: owner.sub, sentAt: stamp, updatedAt: stamp,
      };
      items.push(invoiceItem(practiceId, invoice));
      // Each sent invoice is a billing document (/app/billings/documents), made and sent by the owner.
      items.push(docItem(practiceId, { id: randomUUID(), kind: 'INVOICE', invoiceId: id, clientId: client.id, clientName: name, filedUnder: client.therapistId, title: `Invoice ${invoice.number}`, generatedAt: stamp, generatedBy: owner.sub, generatedByName: ownerName, sentAt: stamp, sentBy: owner.sub, sentByName: ownerName }));
      for (const l of lines) items.push({ ...lineItem(practiceId, { ...l, status: 'INVOICED', invoiceId: id }, client.therapistId, stamp), createdAt: stamp });
      ledger.invoicedCents += totalCents;
      if (paid > 0) {
        const pid = randomUUID();
        const date = addDays(issueDate, 12 + ci) < today ? addDays(issueDate, 12 + ci) : today;
        items.push(paymentItem(practiceId, {
          id: pid, clientId: client.id, clientName: name, filedUnder: client.therapistId, date, method: METHODS[(ci + mi) % METHODS.length], reference: METHODS[(ci + mi) % METHODS.length] === 'CARD' ? `pi_local_seed${pid.replaceAll('-', '').slice(0, 16)}` : null,
          amountCents: paid + overpay, appliedCents: paid, refundedCents: 0, applications: [{ invoiceId: id, invoiceNumber: invoice.number, amountCents: paid }], version: 1, createdAt: stamp, createdBy: owner.sub,
        }));
        ledger.paidCents += paid;
        ledger.creditCents += overpay;
      }
    });
    items.push({ ...ledgerKey(practiceId, client.id), entity: 'ClientLedger', ...ledger });
  });
  // This month's past sessions in the demo calendar: un-invoiced lines, as setting their status would have made them.
  const calendar = ((await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':sk': 'APPT#' } }))).Items ?? []) as Item[];
  const therapistOf = new Map(clients.map((c) => [c.id as string, c.therapistId as string]));
  for (const appointment of calendar) {
    const date = localDate(Date.parse(appointment.start), DEFAULT_TIMEZONE);
    if (date.slice(0, 7) !== today.slice(0, 7) || Date.parse(appointment.start) >= now.getTime()) continue;
    const line = lineFor(appointment as never, date, catalog, clientFeesOf(null));
    if (line) items.push({ ...lineItem(practiceId, line, therapistOf.get(appointment.clientId) ?? appointment.clinicianId, stamp), createdAt: stamp });
  }
  items.push({ ...counterKey(practiceId), seq });
  await batchPut(db, table, items);
  await db.send(new PutCommand({ TableName: table, Item: { ...counterKey(practiceId), seq } }));
  await seedStatementsAndSuperbills(db, table, practiceId, clients.filter((c) => c.status !== 'archived'), owner.sub, ownerName, now);
  await seedClientSubscriptions(db, table, practiceId, clients.filter((c) => c.status !== 'archived'), owner.sub, today);
}

/** The demo practice's ACT purchase (25 seats, yearly, bought two months ago): its id is fixed so tests name it. */
export const DEMO_SUBSCRIPTION_PURCHASE = 'ACT_demo';

/** Client subscriptions (session 7): the practice bought ACT app access for its clients; the first three are assigned. */
async function seedClientSubscriptions(db: DynamoDBDocumentClient, table: string, practiceId: string, clients: Item[], ownerSub: string, today: string): Promise<void> {
  const periodStart = `${addDays(`${today.slice(0, 7)}-01`, -45).slice(0, 7)}-01`;
  const renewsOn = `${Number(periodStart.slice(0, 4)) + 1}${periodStart.slice(4)}`;
  const assigned = clients.slice(0, 3).map((c, i) => ({
    clientId: c.id, clientName: [c.personalDetail?.first, c.personalDetail?.last].filter(Boolean).join(' '), startDate: addDays(periodStart, 7 * i), assignedAt: `${addDays(periodStart, 7 * i)}T17:00:00.000Z`, assignedBy: ownerSub,
  }));
  const purchase = { id: DEMO_SUBSCRIPTION_PURCHASE, appId: 'ACT', planId: 'ACT-YEAR', seats: 25, periodStart, renewsOn, status: 'ACTIVE', assigned, version: 1 };
  await db.send(new PutCommand({ TableName: table, Item: { ...subscriptionPurchaseKey(practiceId, 'ACT', purchase.id), entity: 'ClientSubscriptionPurchase', ...purchase, createdAt: `${periodStart}T16:00:00.000Z`, createdBy: ownerSub } }));
}

/**
 * The last two months' statements and last month's superbill of each client, generated by the
 * owner the day after each month ended (the last month's statements sent as a portal link), as
 * generateBillingDocument keeps them — from the billing items written above.
 */
async function seedStatementsAndSuperbills(db: DynamoDBDocumentClient, table: string, practiceId: string, clients: Item[], ownerSub: string, ownerName: string, now: Date): Promise<void> {
  const practice = await practiceBilling(practiceId, now);
  const last = previousMonth(practice.today);
  const before = previousMonth(last.from);
  const docs: Item[] = [];
  for (const client of clients) {
    const name = [client.personalDetail?.first, client.personalDetail?.last].filter(Boolean).join(' ');
    const base = { clientId: client.id, clientName: name, filedUnder: client.therapistId, generatedBy: ownerSub, generatedByName: ownerName };
    for (const period of [before, last]) {
      const at = `${addDays(period.to, 1)}T16:00:00.000Z`;
      const sent = period === last;
      docs.push(docItem(practiceId, {
        ...base, id: randomUUID(), kind: 'STATEMENT', from: period.from, to: period.to, title: `Statement ${period.from.slice(0, 7)}`, generatedAt: at,
        snapshot: { statement: await statementSnapshot(practiceId, client.id, practice, period.from, period.to) }, sentAt: sent ? at : null, sentBy: sent ? ownerSub : null, sentByName: sent ? ownerName : null,
      }));
    }
    const at = `${addDays(last.to, 1)}T16:05:00.000Z`;
    docs.push(docItem(practiceId, { ...base, id: randomUUID(), kind: 'SUPERBILL', from: last.from, to: last.to, title: `Superbill ${last.from.slice(0, 7)}`, generatedAt: at, snapshot: await superbillSnapshot(practiceId, client, last.from, last.to), sentAt: null, sentBy: null, sentByName: null }));
  }
  await batchPut(db, table, docs);
}
