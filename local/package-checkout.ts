/**
 * The local card processor's subscription events for a session package (issue 15, session 8): the
 * test-card page (card-checkout.ts) hands a package's start record (CPAY#<id>, kind PACKAGE) here.
 * Before it is paid: Stripe's test cards as buttons — the succeeding one posts `invoice.paid` for a
 * first month (a subscription `sub_local_<id>` with our metadata, as Stripe copies the subscription's
 * metadata onto its invoices), the declined one only says so (Stripe's hosted page keeps the client
 * there; no subscription exists yet). Once paid, the same page stands in for Stripe's later cycles:
 * renew the next month (`invoice.paid`), a declined renewal (`invoice.payment_failed`) or the
 * subscription cancelled (`customer.subscription.deleted`) — each signed and posted to the same
 * webhook route Stripe would call, so `npm start` drives the webhook code that runs in AWS. Once the
 * biller has ended the package (the local processor's cancelSubscription), no renewal is offered:
 * only the deletion Stripe sends (at once, or when the period ends).
 */
import { randomBytes } from 'node:crypto';
import { addMonths, clientPackageKey } from '../domain/billing/packages.ts';
import { formatMoney } from '../domain/billing/money.ts';
import { getItem } from '../functions/billing/store.ts';
import { LOCAL_CANCELLED_SUBSCRIPTIONS } from '../functions/shared/payment-processor.ts';
import type { Item } from '../functions/billing/request.ts';

const rnd = () => randomBytes(12).toString('hex');

export const PACKAGE_ACTIONS = {
  visa: 'Visa test card ending 4242 — succeeds',
  declined: 'Test card ending 0002 — declined',
  renew: 'Renew for the next month (test)',
  renewDeclined: 'Next month\'s renewal declined (test)',
  cancel: 'Cancel the subscription (test)',
} as const;
export type PackageAction = keyof typeof PACKAGE_ACTIONS;

const subscriptionOf = (cp: Item) => `sub_local_${String(cp.id).replaceAll('-', '')}`;

/** What the page offers for the start record: test cards before it is paid, the later cycles after, only the deletion once cancelled. */
export function packageActions(cp: Item): PackageAction[] {
  if (cp.status !== 'SUCCEEDED') return ['visa', 'declined'];
  return LOCAL_CANCELLED_SUBSCRIPTIONS.has(subscriptionOf(cp)) ? ['cancel'] : ['renew', 'renewDeclined', 'cancel'];
}

/** The event the card processor would send for this action on the start record `cp`, or null (a declined first payment sends none). */
export async function packageEvent(practiceId: string, cp: Item, action: PackageAction, nowSeconds = Math.floor(Date.now() / 1000)): Promise<Record<string, unknown> | null> {
  const metadata = { practice_id: practiceId, card_payment_id: cp.id as string, client_id: cp.clientId as string, kind: 'package' };
  const subscription = subscriptionOf(cp);
  const pkg = await getItem(clientPackageKey(practiceId, cp.clientId as string));
  // The next period starts where the paid one ends (noon UTC of that day: the same date in the Americas' zones).
  const start = cp.status === 'SUCCEEDED' && pkg?.paidThrough ? Math.floor(Date.parse(`${pkg.paidThrough as string}T12:00:00Z`) / 1000) : nowSeconds;
  const iso = new Date(start * 1000).toISOString();
  const end = Math.floor(Date.parse(addMonths(iso.slice(0, 10), 1) + iso.slice(10)) / 1000);
  const invoice = (paid: boolean) => ({
    id: `in_local_${rnd()}`, object: 'invoice', subscription, billing_reason: cp.status === 'SUCCEEDED' ? 'subscription_cycle' : 'subscription_create', currency: String(cp.currency).toLowerCase(),
    amount_due: cp.amountCents, amount_paid: paid ? cp.amountCents : 0, status: paid ? 'paid' : 'open', payment_intent: `pi_local_${rnd()}`,
    subscription_details: { metadata }, lines: { object: 'list', data: [{ object: 'line_item', amount: cp.amountCents, period: { start, end } }] },
  });
  const event = (type: string, object: Record<string, unknown>) => ({ id: `evt_local_${rnd()}`, object: 'event', type, created: nowSeconds, data: { object } });
  if (action === 'visa' || action === 'renew') return event('invoice.paid', invoice(true));
  if (action === 'renewDeclined') return event('invoice.payment_failed', invoice(false));
  if (action === 'cancel') return event('customer.subscription.deleted', { id: subscription, object: 'subscription', status: 'canceled', metadata });
  return null;
}

/** The page's body for a package's start record. */
export function packagePage(cp: Item, back: string, declined: boolean): string {
  const amount = formatMoney(cp.amountCents as number, { currency: cp.currency as string, decimals: 2 });
  const actions = packageActions(cp);
  const cancelled = LOCAL_CANCELLED_SUBSCRIPTIONS.get(subscriptionOf(cp));
  const state = cancelled ? `<p role="status">The practice cancelled this subscription ${cancelled.atPeriodEnd ? 'at the end of its period' : 'at once'} (test).</p>` : '';
  const buttons = actions.map((a) => `<button type="submit" name="card" value="${a}">${PACKAGE_ACTIONS[a]}</button>`).join('');
  const note = declined ? '<p role="alert">Your card was declined. Use another card or contact your bank.</p>' : '';
  const title = cp.status === 'SUCCEEDED' ? 'Package subscription (test)' : `Subscribe: ${amount} a month`;
  return `<h1>${title}</h1><p class="note">Local test payment page: it stands in for the card processor's hosted page on this machine. No real card is used or accepted here.</p>${state}${note}<form method="post">${buttons}</form><p><a href="${back}cancelled">Go back</a></p>`;
}
