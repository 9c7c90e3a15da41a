/**
 * A session package paid by card, renewed by the card processor (issue 15, session 8). The client
 * whose practice assigned them a package starts paying for it in the portal (`clientStartPackage`):
 * a start record (CPAY#<id>, kind PACKAGE, with the submit's request id) and a checkout page in
 * subscription mode (Stripe's hosted Checkout; locally the test-card page). The webhook then
 * reports, by the subscription's metadata (practice_id, card_payment_id = the start record):
 *   invoice.paid                   → the period paid: the package's paidThrough moves to the
 *                                    invoice's period end (a new period, its draw-down empty), an
 *                                    invoice for the package's price written paid with its card
 *                                    payment — once per Stripe invoice (its id makes our ids)
 *   invoice.payment_failed         → the package is past due (sessions after what was paid bill normally)
 *   customer.subscription.deleted  → the package ends that day (later sessions bill normally)
 */
import { randomUUID } from 'node:crypto';
import { cardPaymentKey, counterKey, invoiceKey, ledgerKey } from '../../domain/billing/keys.ts';
import { clientPackageKey, PACKAGE_MESSAGES, type ClientPackage } from '../../domain/billing/packages.ts';
import { clientKey } from '../../domain/client.ts';
import { linkOf } from '../../domain/client-link.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { paymentProcessorFromEnv, type PaymentProcessor } from '../shared/payment-processor.ts';
import { Refusal } from '../shared/refusal.ts';
import { priorResult, requestIdOf, requestRecord } from './idempotency.ts';
import { invoiceItem } from './invoices.ts';
import { withUsage } from './packages.ts';
import { paymentItem } from './payments.ts';
import { nameOf, practiceBilling, responsibleClinician } from './practice.ts';
import { conflict, invalid, type BillingAnswer, type ClientPrincipal, type Item } from './request.ts';
import { getItem, nextNumber, put, transact, update } from './store.ts';

/** clientPackages: the client's package at each linked practice (null where none), with this period's use. */
export async function clientPackages(principal: ClientPrincipal, now = new Date()): Promise<BillingAnswer> {
  const out = await Promise.all(principal.links.map(async (link) => {
    const [practice, pkg] = await Promise.all([practiceBilling(link.practiceId, now), getItem(clientPackageKey(link.practiceId, link.clientId))]);
    const [shown] = pkg ? await withUsage(link.practiceId, [pkg as unknown as ClientPackage], practice.today) : [null];
    return { practiceId: link.practiceId, practiceName: practice.name || 'Your practice', decimals: practice.catalog.decimals, currency: practice.settings.currency ?? 'USD', package: shown };
  }));
  await writeAudit(principal.sub, 'Query.clientPackages', principal.links.map((l) => ({ practiceId: l.practiceId, action: 'client.package.read', entityType: 'Client', entityId: l.clientId })));
  return { data: out };
}

/** clientStartPackage(practiceId, requestId): the checkout page that starts paying the assigned package by card, monthly. */
export async function clientStartPackage(principal: ClientPrincipal, args: Item, now = new Date(), processor: PaymentProcessor = paymentProcessorFromEnv()): Promise<BillingAnswer> {
  const link = linkOf(principal.links, args.practiceId);
  if (!link) throw new Refusal('Not authorized', 'Unauthorized');
  const pid = link.practiceId;
  const requestId = requestIdOf(args.requestId);
  const prior = await priorResult(pid, requestId, 'clientStartPackage');
  let cp = prior ? await getItem(cardPaymentKey(pid, prior)) : null;
  if (!cp) {
    const pkg = await getItem(clientPackageKey(pid, link.clientId));
    if (!pkg || pkg.status === 'ENDED') throw invalid(PACKAGE_MESSAGES.noPackage, [{ field: 'practiceId', reason: 'none' }]);
    if (pkg.stripeSubscriptionId) throw invalid(PACKAGE_MESSAGES.renewing, [{ field: 'practiceId', reason: 'status' }]);
    if (!(pkg.priceCents > 0)) throw invalid(PACKAGE_MESSAGES.free, [{ field: 'practiceId', reason: 'free' }]);
    const practice = await practiceBilling(pid, now);
    const id = randomUUID();
    const stamp = now.toISOString();
    cp = {
      ...cardPaymentKey(pid, id), id, entity: 'CardPayment', kind: 'PACKAGE', practiceId: pid, clientId: link.clientId, clientSub: principal.sub, planId: pkg.planId, planName: pkg.planName,
      invoiceIds: null, invoiceNumbers: [], amountCents: pkg.priceCents, currency: (practice.settings.currency as string) || 'USD', status: 'PENDING', version: 1, createdAt: stamp, updatedAt: stamp,
    };
    const out = await transact([put(cp, 'attribute_not_exists(PK)'), requestRecord(pid, requestId, 'clientStartPackage', id, now)]);
    if (!out.ok) return clientStartPackage(principal, args, now, processor);
  }
  if (!cp.url) {
    const back = `${process.env.PORTAL_ORIGIN ?? ''}/portal/billing?card=`;
    const checkout = await processor.startSubscriptionCheckout({
      practiceId: pid, checkoutId: cp.id, clientId: cp.clientId, amountCents: cp.amountCents, currency: cp.currency, description: cp.planName, successUrl: `${back}done`, cancelUrl: `${back}cancelled`,
    });
    cp = { ...cp, url: checkout.url, sessionId: checkout.sessionId };
    await transact([update(cardPaymentKey(pid, cp.id), 'SET #u = :u, sessionId = :s', { ':u': checkout.url, ':s': checkout.sessionId }, undefined, { '#u': 'url' })]);
  }
  await writeAudit(principal.sub, 'Mutation.clientStartPackage', [{ practiceId: pid, action: 'client.package.start', entityType: 'CardPayment', entityId: cp.id }], now.toISOString());
  return { data: { id: cp.id, url: cp.url, amountCents: cp.amountCents, currency: cp.currency } };
}

export interface PaidPeriod {
  /** Stripe's invoice id (in_…): our invoice and payment ids are made from it, so a replay writes nothing. */
  invoiceId: string;
  subscriptionId: string;
  amountCents: number;
  /** Unix seconds. */
  periodStart: number;
  periodEnd: number;
  reference: string;
}

async function loadStart(practiceId: string, checkoutId: string): Promise<{ cp: Item; pkg: Item } | null> {
  const cp = await getItem(cardPaymentKey(practiceId, checkoutId));
  if (!cp || cp.kind !== 'PACKAGE') return null;
  const pkg = await getItem(clientPackageKey(practiceId, cp.clientId));
  return pkg ? { cp, pkg } : null;
}

/** invoice.paid: the package renewed for the invoice's period, a paid invoice and card payment recorded. */
export async function renewPackage(practiceId: string, checkoutId: string, paid: PaidPeriod, now = new Date()): Promise<'renewed' | 'already' | 'unknown'> {
  const found = await loadStart(practiceId, checkoutId);
  if (!found) return 'unknown';
  const { cp, pkg } = found;
  if (pkg.stripeSubscriptionId && pkg.stripeSubscriptionId !== paid.subscriptionId) return 'unknown';
  const id = `PKG${paid.invoiceId.replace('in_', '_')}`.slice(0, 64);
  if (await getItem(invoiceKey(practiceId, id))) return 'already';
  const [practice, client] = await Promise.all([practiceBilling(practiceId, now), getItem(clientKey(practiceId, cp.clientId))]);
  if (!client) return 'unknown';
  const start = localDate(paid.periodStart * 1000, practice.timezone);
  const end = localDate(paid.periodEnd * 1000, practice.timezone);
  const first = !pkg.stripeSubscriptionId;
  const stamp = now.toISOString();
  const next = {
    ...pkg, status: pkg.status === 'ENDED' ? 'ENDED' : 'ACTIVE', stripeSubscriptionId: paid.subscriptionId, checkoutId,
    // Paying by card starts the package's periods on the day Stripe's first period starts.
    ...(first ? { startDate: start } : {}), paidThrough: pkg.paidThrough && pkg.paidThrough > end ? pkg.paidThrough : end, version: pkg.version + 1, updatedAt: stamp,
  };
  const seq = await nextNumber(counterKey(practiceId));
  const filedUnder = responsibleClinician(client, cp.clientSub);
  const line = { lineId: id, date: start, serviceCode: 'PACKAGE', description: `Package: ${pkg.planName} (${start} to ${end})`, units: 1, feeCents: paid.amountCents, amountCents: paid.amountCents };
  const invoice = {
    id, number: `INV-${String(seq).padStart(5, '0')}`, clientId: client.id, clientName: nameOf(client), filedUnder, status: 'PAID', issueDate: practice.today, dueDate: practice.today,
    lines: [line], totalCents: paid.amountCents, paidCents: paid.amountCents, note: null, packageId: pkg.planId, version: 1, createdAt: stamp, createdBy: cp.clientSub, updatedAt: stamp, sentAt: stamp,
  };
  const payment = {
    id: `${id}_pay`, clientId: client.id, clientName: invoice.clientName, filedUnder, date: practice.today, method: 'CARD', reference: paid.reference, amountCents: paid.amountCents, appliedCents: paid.amountCents,
    refundedCents: 0, applications: [{ invoiceId: id, amountCents: paid.amountCents, invoiceNumber: invoice.number }], cardPaymentId: checkoutId, version: 1, createdAt: stamp, createdBy: cp.clientSub,
  };
  const out = await transact([
    put(invoiceItem(practiceId, invoice), 'attribute_not_exists(PK)'),
    put(paymentItem(practiceId, payment), 'attribute_not_exists(PK)'),
    update(ledgerKey(practiceId, client.id), 'ADD invoicedCents :t, paidCents :t', { ':t': paid.amountCents }),
    put(next, '#v = :v', { ':v': pkg.version }, { '#v': 'version' }),
    update(cardPaymentKey(practiceId, checkoutId), 'SET #s = :ok, updatedAt = :now', { ':ok': 'SUCCEEDED', ':now': stamp }, undefined, { '#s': 'status' }),
  ]);
  if (!out.ok) {
    if (await getItem(invoiceKey(practiceId, id))) return 'already';
    throw conflict();
  }
  await writeAudit(cp.clientSub, 'Webhook.packageRenewed', [{ practiceId, action: 'client.package.renew', entityType: 'Invoice', entityId: id }], stamp);
  return 'renewed';
}

/** invoice.payment_failed (past due) or customer.subscription.deleted (ended): the package's status changed once. */
export async function packageLapsed(practiceId: string, checkoutId: string, subscriptionId: string, how: 'PAST_DUE' | 'ENDED', now = new Date()): Promise<'changed' | 'already' | 'unknown'> {
  const found = await loadStart(practiceId, checkoutId);
  if (!found || found.pkg.stripeSubscriptionId !== subscriptionId) return 'unknown';
  const { pkg } = found;
  if (pkg.status === how || pkg.status === 'ENDED') return 'already';
  const practice = await practiceBilling(practiceId, now);
  const stamp = now.toISOString();
  const next = { ...pkg, status: how, ...(how === 'ENDED' ? { endedOn: practice.today } : {}), version: pkg.version + 1, updatedAt: stamp };
  const out = await transact([put(next, '#v = :v', { ':v': pkg.version }, { '#v': 'version' })]);
  if (!out.ok) throw conflict();
  await writeAudit('card-processor', how === 'ENDED' ? 'Webhook.packageEnded' : 'Webhook.packagePastDue', [{ practiceId, action: how === 'ENDED' ? 'client.package.end' : 'client.package.pastDue', entityType: 'Client', entityId: pkg.clientId }], stamp);
  return 'changed';
}
