/**
 * The Stripe fake's subscription cycle (test/support/stripe-fake.ts) for session packages (issue 15,
 * session 8): what Stripe sends after a Checkout Session in subscription mode is paid, and on each
 * later cycle — invoices carrying the subscription's metadata in `subscription_details.metadata`
 * (Stripe-Version 2024-06-20), their period in `lines.data[0].period` — and when the subscription
 * is cancelled. Each event is signed with the fake's webhook secret, as the webhook receives it.
 */
import { randomBytes } from 'node:crypto';
import type { SignedEvent, StripeFake } from './stripe-fake.ts';

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const MONTH = 30 * 86_400;

type Sub = StripeFake['subscriptions'] extends Map<string, infer S> ? S : never;

function invoice(sub: Sub, amount: number, start: number, paid: boolean, reason: string): Record<string, unknown> {
  return {
    id: id('in'), object: 'invoice', subscription: sub.id, customer: sub.customer, billing_reason: reason, currency: 'usd', amount_due: amount, amount_paid: paid ? amount : 0,
    status: paid ? 'paid' : 'open', payment_intent: id('pi'), subscription_details: { metadata: { ...sub.metadata } },
    lines: { object: 'list', data: [{ object: 'line_item', amount, period: { start, end: start + MONTH } }] },
  };
}

/** The client pays on the hosted page (subscription mode, a card that succeeds): the subscription and its first invoice.paid. */
export function completeSubscriptionCheckout(fake: StripeFake, sessionId: string, at = Math.floor(Date.now() / 1000)): { subscriptionId: string; event: SignedEvent } {
  const session = fake.sessions.get(sessionId);
  if (!session || session.status !== 'open' || session.mode !== 'subscription') throw new Error(`no open subscription session ${sessionId}`);
  const customer = id('cus');
  const sub = {
    id: id('sub'), object: 'subscription' as const, customer, status: 'active' as const, current_period_end: at + MONTH, metadata: { ...(session.subscription_metadata ?? {}) },
    items: { object: 'list' as const, data: [] }, amount: session.amount_total,
  } as Sub & { amount: number };
  fake.subscriptions.set(sub.id, sub);
  session.status = 'complete';
  session.subscription = sub.id;
  return { subscriptionId: sub.id, event: fake.signedEvent('invoice.paid', invoice(sub, session.amount_total, at, true, 'subscription_create')) };
}

/** The next cycle: Stripe charges the saved card — invoice.paid, or invoice.payment_failed when declined. */
export function renewSubscription(fake: StripeFake, subscriptionId: string, paid: boolean): SignedEvent {
  const sub = fake.subscriptions.get(subscriptionId) as (Sub & { amount: number }) | undefined;
  if (!sub || sub.status !== 'active') throw new Error(`no active subscription ${subscriptionId}`);
  const start = sub.current_period_end;
  if (paid) sub.current_period_end = start + MONTH;
  return fake.signedEvent(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice(sub, sub.amount, start, paid, 'subscription_cycle'));
}

/** The subscription cancelled (in the dashboard, or after the retries failed): customer.subscription.deleted. */
export function cancelSubscription(fake: StripeFake, subscriptionId: string): SignedEvent {
  const sub = fake.subscriptions.get(subscriptionId);
  if (!sub) throw new Error(`no subscription ${subscriptionId}`);
  sub.status = 'canceled';
  return fake.signedEvent('customer.subscription.deleted', { ...sub });
}
