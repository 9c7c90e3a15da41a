/**
 * A biller ends a client's session package (issue 15, session 9): `endClientPackage(clientId,
 * version, atPeriodEnd)`. The client within billing's reach (billableClient: another clinician's or
 * another practice's client is "Client not found"); a package that is not ended yet, at the version
 * the biller saw (else the conflict error). It ends at the end of the period holding the practice's
 * today, or today (domain/billing/packages.ts endDateOf): status ENDED at once with that endedOn —
 * the draw-down (coveringPeriod) covers no session from endedOn on, and the sessions before it
 * stay covered. A package renewed by card has its card subscription cancelled first (at the
 * period's end, or now) through the payment processor; if that fails nothing is written. The
 * card processor's later `customer.subscription.deleted` finds the package ENDED and keeps the
 * biller's endedOn (packageLapsed: 'already'). No refund is made here.
 */
import { clientPackageKey, endDateOf, PACKAGE_MESSAGES, type ClientPackage } from '../../domain/billing/packages.ts';
import { paymentProcessorFromEnv, type PaymentProcessor } from '../shared/payment-processor.ts';
import { withUsage } from './packages.ts';
import { billableClient, practiceBilling } from './practice.ts';
import { conflict, invalid, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, put, transact } from './store.ts';

export async function endClientPackage(caller: Caller, args: Item, now = new Date(), processor: PaymentProcessor = paymentProcessorFromEnv()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  if (typeof args.atPeriodEnd !== 'boolean') throw invalid(PACKAGE_MESSAGES.endChoice, [{ field: 'atPeriodEnd', reason: 'required' }]);
  const pkg = (await getItem(clientPackageKey(caller.practiceId, client.id))) as (ClientPackage & Item) | null;
  if (!pkg || pkg.status === 'ENDED') throw invalid(PACKAGE_MESSAGES.notActive, [{ field: 'clientId', reason: 'none' }]);
  if (pkg.version !== args.version) throw conflict();
  const practice = await practiceBilling(caller.practiceId, now);
  const endedOn = endDateOf(pkg, practice.today, args.atPeriodEnd);
  // The card first: a package whose card subscription could not be cancelled has not ended (the processor's error, nothing written).
  if (pkg.stripeSubscriptionId) {
    await processor.cancelSubscription({ subscriptionId: pkg.stripeSubscriptionId, atPeriodEnd: args.atPeriodEnd, idempotencyKey: `${caller.practiceId}:${client.id}:${pkg.version}` });
  }
  const stamp = now.toISOString();
  const next = { ...pkg, status: 'ENDED' as const, endedOn, endedBy: caller.sub, endedAt: stamp, version: pkg.version + 1, updatedAt: stamp };
  const out = await transact([put(next, '#v = :v', { ':v': pkg.version }, { '#v': 'version' })]);
  if (!out.ok) throw conflict();
  const [shown] = await withUsage(caller.practiceId, [next], practice.today);
  return { data: shown, audit: { action: 'client.package.end', entityType: 'Client', entityId: client.id } };
}
