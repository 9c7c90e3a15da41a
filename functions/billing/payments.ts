/**
 * Payments recorded by the biller (issue 15): cash, check or external (card payments through the
 * Stripe adapter are the next slice). Applied to the chosen invoices, else to the client's open
 * invoices oldest first; what is left is the client's credit. Refunds return credit. One
 * transaction per payment: the payment, each invoice (conditioned on what it had been paid), the
 * client's ledger and the request record (double submit stores nothing twice).
 */
import { randomUUID } from 'node:crypto';
import { billingIndexKeys, clientBucket, invoiceKey, ledgerKey, paymentKey } from '../../domain/billing/keys.ts';
import { applyPayment, ledgerOf, paidStatus, refundable, type InvoiceMoney } from '../../domain/billing/ledger.ts';
import { isPositiveCents } from '../../domain/billing/money.ts';
import { readText } from '../../domain/field-readers.ts';
import type { FieldProblem } from '../../domain/client.ts';
import { priorResult, requestIdOf, requestRecord } from './idempotency.ts';
import { invoiceItem } from './invoices.ts';
import { billableClient, nameOf, practiceBilling, responsibleClinician } from './practice.ts';
import { BILLING_MESSAGES, conflict, invalid, isId, notFound, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, getItems, put, queryAll, transact, update } from './store.ts';
import { toPayment } from './view.ts';

export const METHODS = ['CASH', 'CHECK', 'EXTERNAL'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function paymentItem(practiceId: string, p: Item): Item {
  return { ...p, ...paymentKey(practiceId, p.id), ...billingIndexKeys(practiceId, 'PAYMENT', { clientId: p.clientId, clinicianId: p.filedUnder, date: p.date, id: p.id }), entity: 'Payment' };
}

async function loadPayment(caller: Caller, clientId: string, id: unknown): Promise<Item> {
  const p = isId(id) ? await getItem(paymentKey(caller.practiceId, id)) : null;
  if (!p || p.clientId !== clientId) throw notFound(BILLING_MESSAGES.paymentNotFound);
  return p;
}

/** The invoices a payment may go to: the chosen ones (each must be payable), else every open one of the client. */
async function targetInvoices(caller: Caller, clientId: string, chosen: unknown): Promise<{ invoices: Item[]; ids: string[] | null }> {
  if (Array.isArray(chosen) && chosen.length > 0) {
    if (chosen.length > 40 || !chosen.every(isId)) throw invalid(BILLING_MESSAGES.invoiceNotFound, [{ field: 'invoiceIds', reason: 'format' }]);
    const ids = [...new Set(chosen)];
    const invoices = await getItems(ids.map((id) => invoiceKey(caller.practiceId, id)));
    if (invoices.length !== ids.length || invoices.some((i) => i.clientId !== clientId)) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    for (const inv of invoices) {
      if (inv.status === 'VOID') throw invalid(BILLING_MESSAGES.voidNotPayable, [{ field: 'invoiceIds', reason: 'status' }]);
      if (inv.status === 'PAID') throw invalid(BILLING_MESSAGES.paidNotPayable, [{ field: 'invoiceIds', reason: 'status' }]);
      if (inv.status === 'DRAFT') throw invalid(BILLING_MESSAGES.draftNotPayable, [{ field: 'invoiceIds', reason: 'status' }]);
    }
    return { invoices, ids };
  }
  const open = await queryAll('GSI1', clientBucket(caller.practiceId, clientId, 'INVOICE_UNPAID'));
  return { invoices: open.slice(0, 40), ids: null };
}

export async function recordPayment(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const requestId = requestIdOf(args.requestId);
  const prior = await priorResult(caller.practiceId, requestId, 'recordPayment');
  if (prior) return { data: toPayment((await getItem(paymentKey(caller.practiceId, prior)))!), audit: { action: 'payment.record', entityType: 'Payment', entityId: prior } };
  const practice = await practiceBilling(caller.practiceId, now);
  const problems: (FieldProblem & { message?: string })[] = [];
  if (!isPositiveCents(args.amountCents)) problems.push({ field: 'amountCents', reason: 'range', message: BILLING_MESSAGES.amount });
  if (!METHODS.includes(args.method as string)) problems.push({ field: 'method', reason: 'format', message: BILLING_MESSAGES.method });
  if (typeof args.date !== 'string' || !DATE.test(args.date) || Number.isNaN(Date.parse(args.date)) || args.date > practice.today) problems.push({ field: 'date', reason: 'format', message: BILLING_MESSAGES.date });
  const reference = readText(args.reference, 'reference', 60, problems);
  if (problems.length > 0) throw invalid(problems.map((p) => p.message ?? p.field).join(' '), problems);
  const { invoices, ids } = await targetInvoices(caller, client.id, args.invoiceIds);
  const money: InvoiceMoney[] = invoices.map((i) => ({ id: i.id, number: i.number, issueDate: i.issueDate, status: i.status, totalCents: i.totalCents, paidCents: i.paidCents }));
  const { applications, creditCents } = applyPayment(args.amountCents as number, money, ids);
  const id = randomUUID();
  const stamp = now.toISOString();
  const appliedCents = args.amountCents as number - creditCents;
  const payment = {
    id, clientId: client.id, clientName: nameOf(client), filedUnder: responsibleClinician(client, caller.sub), date: args.date, method: args.method, reference,
    amountCents: args.amountCents, appliedCents, refundedCents: 0, applications: applications.map((a) => ({ ...a, invoiceNumber: invoices.find((i) => i.id === a.invoiceId)?.number ?? null })),
    version: 1, createdAt: stamp, createdBy: caller.sub,
  };
  const writes: Item[] = [put(paymentItem(caller.practiceId, payment), 'attribute_not_exists(PK)')];
  for (const a of applications) {
    const inv = invoices.find((i) => i.id === a.invoiceId)!;
    const paid = inv.paidCents + a.amountCents;
    const next = { ...inv, paidCents: paid, status: paidStatus(inv.totalCents, paid), version: inv.version + 1, updatedAt: stamp, updatedBy: caller.sub };
    writes.push(put(invoiceItem(caller.practiceId, next), '#v = :v', { ':v': inv.version }, { '#v': 'version' }));
  }
  writes.push(update(ledgerKey(caller.practiceId, client.id), 'ADD paidCents :p, creditCents :c', { ':p': appliedCents, ':c': creditCents }));
  writes.push(requestRecord(caller.practiceId, requestId, 'recordPayment', id, now));
  const out = await transact(writes);
  if (!out.ok) {
    if (out.failed.includes(writes.length - 1)) return recordPayment(caller, args, now);
    throw conflict();
  }
  return { data: toPayment(payment), audit: { action: 'payment.record', entityType: 'Payment', entityId: id } };
}

export async function refundPayment(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const requestId = requestIdOf(args.requestId);
  const prior = await priorResult(caller.practiceId, requestId, 'refundPayment');
  if (prior) return { data: toPayment((await getItem(paymentKey(caller.practiceId, prior)))!), audit: { action: 'payment.refund', entityType: 'Payment', entityId: prior } };
  const payment = await loadPayment(caller, client.id, args.paymentId);
  if (!isPositiveCents(args.amountCents)) throw invalid(BILLING_MESSAGES.amount, [{ field: 'amountCents', reason: 'range' }]);
  const ledger = ledgerOf(await getItem(ledgerKey(caller.practiceId, client.id)));
  const amount = args.amountCents;
  if (amount > refundable({ amountCents: payment.amountCents, refundedCents: payment.refundedCents ?? 0 }, ledger)) throw invalid(BILLING_MESSAGES.refundTooMuch, [{ field: 'amountCents', reason: 'range' }]);
  const stamp = now.toISOString();
  const next = { ...payment, refundedCents: (payment.refundedCents ?? 0) + amount, version: payment.version + 1, updatedAt: stamp, updatedBy: caller.sub };
  const writes = [
    put(paymentItem(caller.practiceId, next), '#v = :v', { ':v': payment.version }, { '#v': 'version' }),
    update(ledgerKey(caller.practiceId, client.id), 'ADD creditCents :minus, refundedCents :r', { ':minus': -amount, ':r': amount, ':need': amount }, 'creditCents >= :need'),
    requestRecord(caller.practiceId, requestId, 'refundPayment', payment.id, now),
  ];
  const out = await transact(writes);
  if (!out.ok) {
    if (out.failed.includes(writes.length - 1)) return refundPayment(caller, args, now);
    throw conflict();
  }
  return { data: toPayment(next), audit: { action: 'payment.refund', entityType: 'Payment', entityId: payment.id } };
}
