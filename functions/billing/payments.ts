/**
 * Payments (issue 15): cash, check or external recorded by the biller; card payments (card.ts) are
 * written by the same paymentWrites and refunded through the card processor. Applied to the chosen
 * invoices, else to the client's open invoices oldest first; what is left is the client's credit.
 * Refunds return credit. One transaction per payment: the payment, each invoice (conditioned on what
 * it had been paid), the client's ledger and the request record (double submit stores nothing twice).
 */
import { randomUUID } from 'node:crypto';
import { billingIndexKeys, clientBucket, invoiceKey, ledgerKey, paymentKey } from '../../domain/billing/keys.ts';
import { applyPayment, ledgerOf, paidStatus, refundable, type InvoiceMoney } from '../../domain/billing/ledger.ts';
import { isPositiveCents } from '../../domain/billing/money.ts';
import { readText } from '../../domain/field-readers.ts';
import type { FieldProblem } from '../../domain/client.ts';
import { paymentProcessorFromEnv, type PaymentProcessor } from '../shared/payment-processor.ts';
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

export interface NewPayment {
  amountCents: number;
  method: string;
  date: string;
  reference: string | null;
  createdBy: string;
  filedUnder: string;
  cardPaymentId?: string;
}

/**
 * One payment's writes: the payment, each invoice it pays (conditioned on the version read) and the
 * client's ledger; applied to the chosen invoices in order (ids), else the open ones oldest first.
 * An invoice no longer payable is skipped; what is left is the client's credit.
 */
export function paymentWrites(practiceId: string, client: Item, invoices: Item[], ids: string[] | null, input: NewPayment, now: Date): { payment: Item; writes: Item[] } {
  const money: InvoiceMoney[] = invoices.map((i) => ({ id: i.id, number: i.number, issueDate: i.issueDate, status: i.status, totalCents: i.totalCents, paidCents: i.paidCents }));
  const { applications, creditCents } = applyPayment(input.amountCents, money, ids);
  const stamp = now.toISOString();
  const appliedCents = input.amountCents - creditCents;
  const payment: Item = {
    id: randomUUID(), clientId: client.id, clientName: nameOf(client), filedUnder: input.filedUnder, date: input.date, method: input.method, reference: input.reference,
    amountCents: input.amountCents, appliedCents, refundedCents: 0, applications: applications.map((a) => ({ ...a, invoiceNumber: invoices.find((i) => i.id === a.invoiceId)?.number ?? null })),
    ...(input.cardPaymentId ? { cardPaymentId: input.cardPaymentId } : {}), version: 1, createdAt: stamp, createdBy: input.createdBy,
  };
  const writes: Item[] = [put(paymentItem(practiceId, payment), 'attribute_not_exists(PK)')];
  for (const a of applications) {
    const inv = invoices.find((i) => i.id === a.invoiceId)!;
    const paid = inv.paidCents + a.amountCents;
    const next = { ...inv, paidCents: paid, status: paidStatus(inv.totalCents, paid), version: inv.version + 1, updatedAt: stamp, updatedBy: input.createdBy };
    writes.push(put(invoiceItem(practiceId, next), '#v = :v', { ':v': inv.version }, { '#v': 'version' }));
  }
  writes.push(update(ledgerKey(practiceId, client.id), 'ADD paidCents :p, creditCents :c', { ':p': appliedCents, ':c': creditCents }));
  return { payment, writes };
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
  const { payment, writes } = paymentWrites(caller.practiceId, client, invoices, ids, {
    amountCents: args.amountCents as number, method: args.method as string, date: args.date as string, reference, createdBy: caller.sub, filedUnder: responsibleClinician(client, caller.sub),
  }, now);
  const id = payment.id;
  writes.push(requestRecord(caller.practiceId, requestId, 'recordPayment', id, now));
  const out = await transact(writes);
  if (!out.ok) {
    if (out.failed.includes(writes.length - 1)) return recordPayment(caller, args, now);
    throw conflict();
  }
  return { data: toPayment(payment), audit: { action: 'payment.record', entityType: 'Payment', entityId: id } };
}

export async function refundPayment(caller: Caller, args: Item, now = new Date(), processor: PaymentProcessor = paymentProcessorFromEnv()): Promise<BillingAnswer> {
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
  // A card payment is refunded through the processor first; its key is stable for this payment's
  // state and amount, so a refund charged back but not recorded (a lost race) is replayed, not repeated.
  const processorRefund = payment.method === 'CARD'
    ? await processor.refund({ paymentIntentId: payment.reference, amountCents: amount, idempotencyKey: `${payment.id}|${payment.refundedCents ?? 0}|${amount}`, practiceId: caller.practiceId, paymentId: payment.id })
    : null;
  const refunds = processorRefund ? { refunds: [...(payment.refunds ?? []), { id: processorRefund.refundId, amountCents: amount, at: stamp }] } : {};
  const next = { ...payment, ...refunds, refundedCents: (payment.refundedCents ?? 0) + amount, version: payment.version + 1, updatedAt: stamp, updatedBy: caller.sub };
  const writes = [
    put(paymentItem(caller.practiceId, next), '#v = :v', { ':v': payment.version }, { '#v': 'version' }),
    update(ledgerKey(caller.practiceId, client.id), 'ADD creditCents :minus, refundedCents :r', { ':minus': -amount, ':r': amount, ':need': amount }, 'creditCents >= :need'),
    requestRecord(caller.practiceId, requestId, 'refundPayment', payment.id, now),
  ];
  const out = await transact(writes);
  if (!out.ok) {
    if (out.failed.includes(writes.length - 1)) return refundPayment(caller, args, now, processor);
    throw conflict();
  }
  return { data: toPayment(next), audit: { action: 'payment.refund', entityType: 'Payment', entityId: payment.id } };
}
