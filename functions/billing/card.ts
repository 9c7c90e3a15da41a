/**
 * Card payments by the client in the portal (issue 15). The client chooses invoices (or pays the
 * whole balance); the server computes the amount from what is owed, records a card payment
 * (CPAY#<id>, PENDING) with the submit's request id, and asks the card processor for a checkout
 * page (functions/shared/payment-processor.ts: Stripe's hosted page, or the local test-card page).
 * No card number ever reaches our servers. The processor's webhook (functions/payment-webhook)
 * then reports the outcome: a succeeded payment is applied exactly like one the biller records
 * (paymentWrites: the chosen invoices, else oldest first; the rest is credit), once — the card
 * payment's status is the condition; a failed one is noted; a refund made in the processor's
 * dashboard is recorded against the client's credit.
 */
import { randomUUID } from 'node:crypto';
import { cardPaymentKey, clientBucket, invoiceKey, ledgerKey, paymentKey } from '../../domain/billing/keys.ts';
import { balanceOf, isPayable, ledgerOf, refundable } from '../../domain/billing/ledger.ts';
import { sumCents } from '../../domain/billing/money.ts';
import { clientKey } from '../../domain/client.ts';
import { linkOf } from '../../domain/client-link.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { paymentProcessorFromEnv, type PaymentProcessor } from '../shared/payment-processor.ts';
import { Refusal } from '../shared/refusal.ts';
import { priorResult, requestIdOf, requestRecord } from './idempotency.ts';
import { paymentItem, paymentWrites } from './payments.ts';
import { practiceBilling, responsibleClinician } from './practice.ts';
import { BILLING_MESSAGES, conflict, invalid, isId, notFound, type BillingAnswer, type ClientPrincipal, type Item } from './request.ts';
import { getItem, getItems, put, queryAll, transact, update } from './store.ts';

export const CARD_PAYMENT_MESSAGES = {
  nothingOwed: 'Nothing is owed on the chosen invoices.',
  tooMany: 'Choose at most 40 invoices to pay at once.',
} as const;

/** The invoices a card payment covers: the chosen ones (this client's, payable), else every open one. */
async function owed(practiceId: string, clientId: string, chosen: unknown): Promise<{ invoices: Item[]; ids: string[] | null }> {
  if (Array.isArray(chosen) && chosen.length > 0) {
    if (chosen.length > 40) throw invalid(CARD_PAYMENT_MESSAGES.tooMany, [{ field: 'invoiceIds', reason: 'count' }]);
    if (!chosen.every(isId)) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    const ids = [...new Set(chosen)];
    const invoices = await getItems(ids.map((id) => invoiceKey(practiceId, id)));
    if (invoices.length !== ids.length || invoices.some((i) => i.clientId !== clientId || i.status === 'DRAFT')) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    for (const inv of invoices) {
      if (inv.status === 'VOID') throw invalid(BILLING_MESSAGES.voidNotPayable, [{ field: 'invoiceIds', reason: 'status' }]);
      if (inv.status === 'PAID') throw invalid(BILLING_MESSAGES.paidNotPayable, [{ field: 'invoiceIds', reason: 'status' }]);
    }
    return { invoices, ids };
  }
  const open = await queryAll('GSI1', clientBucket(practiceId, clientId, 'INVOICE_UNPAID'));
  return { invoices: open.slice(0, 40), ids: null };
}

function toCheckout(cp: Item): Item {
  return { id: cp.id, url: cp.url, amountCents: cp.amountCents, currency: cp.currency };
}

/** clientPayInvoices(practiceId, invoiceIds, requestId): the checkout page for what is owed. */
export async function clientPayInvoices(principal: ClientPrincipal, args: Item, now = new Date(), processor: PaymentProcessor = paymentProcessorFromEnv()): Promise<BillingAnswer> {
  const link = linkOf(principal.links, args.practiceId);
  if (!link) throw new Refusal('Not authorized', 'Unauthorized');
  const pid = link.practiceId;
  const requestId = requestIdOf(args.requestId);
  const prior = await priorResult(pid, requestId, 'clientPayInvoices');
  let cp = prior ? await getItem(cardPaymentKey(pid, prior)) : null;
  if (!cp) {
    const practice = await practiceBilling(pid, now);
    const { invoices, ids } = await owed(pid, link.clientId, args.invoiceIds);
    const amountCents = sumCents(invoices.filter((i) => isPayable(i.status)).map((i) => balanceOf(i as never)));
    if (amountCents <= 0) throw invalid(CARD_PAYMENT_MESSAGES.nothingOwed, [{ field: 'invoiceIds', reason: 'status' }]);
    const stamp = now.toISOString();
    cp = {
      ...cardPaymentKey(pid, randomUUID()), entity: 'CardPayment', practiceId: pid, clientId: link.clientId, clientSub: principal.sub, invoiceIds: ids, invoiceNumbers: invoices.map((i) => i.number),
      amountCents, currency: (practice.settings.currency as string) || 'USD', status: 'PENDING', version: 1, createdAt: stamp, updatedAt: stamp,
    };
    cp.id = (cp.SK as string).slice('CPAY#'.length);
    const out = await transact([put(cp, 'attribute_not_exists(PK)'), requestRecord(pid, requestId, 'clientPayInvoices', cp.id, now)]);
    if (!out.ok) return clientPayInvoices(principal, args, now, processor);
  }
  if (!cp.url) {
    const origin = process.env.PORTAL_ORIGIN ?? '';
    const back = `${origin}/portal/billing?card=`;
    const numbers = (cp.invoiceNumbers as string[]).slice(0, 5).join(', ');
    const checkout = await processor.startCheckout({
      practiceId: pid, cardPaymentId: cp.id, amountCents: cp.amountCents, currency: cp.currency, description: numbers ? `Invoices ${numbers}` : 'Account balance',
      successUrl: `${back}done`, cancelUrl: `${back}cancelled`,
    });
    cp = { ...cp, url: checkout.url, sessionId: checkout.sessionId };
    await transact([update(cardPaymentKey(pid, cp.id), 'SET #u = :u, sessionId = :s', { ':u': checkout.url, ':s': checkout.sessionId }, undefined, { '#u': 'url' })]);
  }
  await writeAudit(principal.sub, 'Mutation.clientPayInvoices', [{ practiceId: pid, action: 'client.card.start', entityType: 'CardPayment', entityId: cp.id }], now.toISOString());
  return { data: toCheckout(cp) };
}

export interface IntentOutcome {
  paymentIntentId: string;
  amountCents: number;
}

/** A succeeded payment intent: the card payment applied once; 'applied', 'already' or 'unknown'. */
export async function applyCardPayment(practiceId: string, cardPaymentId: string, intent: IntentOutcome, now = new Date()): Promise<'applied' | 'already' | 'unknown'> {
  const cp = await getItem(cardPaymentKey(practiceId, cardPaymentId));
  if (!cp) return 'unknown';
  if (cp.status === 'SUCCEEDED') return 'already';
  const [client, practice] = await Promise.all([getItem(clientKey(practiceId, cp.clientId)), practiceBilling(practiceId, now)]);
  if (!client) return 'unknown';
  const ids = Array.isArray(cp.invoiceIds) && cp.invoiceIds.length > 0 ? (cp.invoiceIds as string[]) : null;
  const invoices = ids
    ? (await getItems(ids.map((id) => invoiceKey(practiceId, id)))).filter((i) => i.clientId === cp.clientId)
    : (await queryAll('GSI1', clientBucket(practiceId, cp.clientId, 'INVOICE_UNPAID'))).slice(0, 40);
  const { payment, writes } = paymentWrites(practiceId, client, invoices, ids, {
    amountCents: intent.amountCents, method: 'CARD', date: practice.today, reference: intent.paymentIntentId, createdBy: cp.clientSub,
    filedUnder: responsibleClinician(client, cp.clientSub), cardPaymentId,
  }, now);
  writes.push(update(cardPaymentKey(practiceId, cardPaymentId), 'SET #s = :ok, paymentId = :p, paymentIntentId = :pi, updatedAt = :now', { ':ok': 'SUCCEEDED', ':p': payment.id, ':pi': intent.paymentIntentId, ':now': now.toISOString() }, '#s <> :ok', { '#s': 'status' }));
  const out = await transact(writes);
  if (!out.ok) {
    const again = await getItem(cardPaymentKey(practiceId, cardPaymentId));
    if (again?.status === 'SUCCEEDED') return 'already';
    // An invoice changed under us: the processor retries the event and it is applied then.
    throw conflict();
  }
  await writeAudit(cp.clientSub, 'Webhook.paymentSucceeded', [{ practiceId, action: 'payment.card', entityType: 'Payment', entityId: payment.id }], now.toISOString());
  return 'applied';
}

/** A declined or failed attempt: noted on the card payment (the hosted page lets the client try again). */
export async function failCardPayment(practiceId: string, cardPaymentId: string, reason: string, now = new Date()): Promise<'failed' | 'already' | 'unknown'> {
  const cp = await getItem(cardPaymentKey(practiceId, cardPaymentId));
  if (!cp) return 'unknown';
  if (cp.status === 'SUCCEEDED') return 'already';
  const out = await transact([update(cardPaymentKey(practiceId, cardPaymentId), 'SET #s = :f, failure = :r, updatedAt = :now', { ':f': 'FAILED', ':r': reason.slice(0, 60), ':now': now.toISOString(), ':ok': 'SUCCEEDED' }, '#s <> :ok', { '#s': 'status' })]);
  if (out.ok) await writeAudit(cp.clientSub, 'Webhook.paymentFailed', [{ practiceId, action: 'payment.card.failed', entityType: 'CardPayment', entityId: cardPaymentId }], now.toISOString());
  return out.ok ? 'failed' : 'already';
}

/**
 * The processor reports the charge refunded `amountRefundedCents` in all. Refunds made here are
 * already counted; the rest (made in the processor's dashboard) is recorded out of the client's
 * credit as far as it goes — never more than the credit, so the ledger stays balanced.
 */
export async function recordProcessorRefund(practiceId: string, cardPaymentId: string, amountRefundedCents: number, now = new Date()): Promise<'recorded' | 'already' | 'unknown'> {
  const cp = await getItem(cardPaymentKey(practiceId, cardPaymentId));
  if (!cp?.paymentId) return 'unknown';
  const payment = await getItem(paymentKey(practiceId, cp.paymentId));
  if (!payment) return 'unknown';
  const delta = amountRefundedCents - (payment.refundedCents ?? 0);
  if (delta <= 0) return 'already';
  const ledger = ledgerOf(await getItem(ledgerKey(practiceId, payment.clientId)));
  const amount = Math.min(delta, refundable({ amountCents: payment.amountCents, refundedCents: payment.refundedCents ?? 0 }, ledger));
  const stamp = now.toISOString();
  const next = { ...payment, refundedCents: (payment.refundedCents ?? 0) + amount, processorRefundedCents: amountRefundedCents, version: payment.version + 1, updatedAt: stamp, updatedBy: 'card-processor' };
  const writes = [put(paymentItem(practiceId, next), '#v = :v', { ':v': payment.version }, { '#v': 'version' })];
  if (amount > 0) writes.push(update(ledgerKey(practiceId, payment.clientId), 'ADD creditCents :minus, refundedCents :r', { ':minus': -amount, ':r': amount, ':need': amount }, 'creditCents >= :need'));
  const out = await transact(writes);
  if (!out.ok) throw conflict();
  if (amount < delta) console.error('card refund beyond the client credit', cp.paymentId);
  await writeAudit('card-processor', 'Webhook.chargeRefunded', [{ practiceId, action: 'payment.refund.processor', entityType: 'Payment', entityId: payment.id }], stamp);
  return 'recorded';
}
