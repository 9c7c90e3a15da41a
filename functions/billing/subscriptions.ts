/**
 * Client subscriptions (issue 15, session 7; domain/billing/subscriptions.ts): an app's plans, the
 * practice's purchases of it and the clients assigned to their seats (`getClientSubscription`), and
 * assigning a client to a purchase from a start date (`assignClientSubscription`). Field rules: the
 * Subscription permission (owner, clinicianAdmin, clinicianBasic) and plan feature. How far a caller
 * reaches is billing's (billableClient): the whole practice, or their own clients — an own-client
 * caller sees the seats taken but only their own clients' names. The purchase is written
 * conditioned on the version read, so two assignments at once never take one seat twice (the later
 * one reads the purchase again and is checked again).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { appOfPurchase, assign, plansOf, subscriptionPrefix, subscriptionPurchaseKey, SUBSCRIPTION_MESSAGES, type Purchase } from '../../domain/billing/subscriptions.ts';
import { isPackagePlanId } from '../../domain/billing/packages.ts';
import { clientKey } from '../../domain/client.ts';
import { dynamo } from '../shared/aws.ts';
import { assignPackage } from './packages.ts';
import { billableClient, nameOf, practiceBilling } from './practice.ts';
import { billingScope, conflict, invalid, isId, notFound, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, practiceTable, put, transact } from './store.ts';

async function purchasesOf(practiceId: string, appId: string): Promise<Purchase[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: practiceTable(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':prefix': subscriptionPrefix(appId) },
  }));
  return (out.Items ?? []) as Purchase[];
}

function toPurchase(p: Purchase, visible: (clientId: string) => boolean): Item {
  const plan = plansOf(p.appId).find((x) => x.id === p.planId);
  return {
    id: p.id, appId: p.appId, planId: p.planId, planName: plan?.name ?? p.planId, seats: p.seats, used: p.assigned.length, periodStart: p.periodStart, renewsOn: p.renewsOn, status: p.status, version: p.version,
    assigned: p.assigned.filter((a) => visible(a.clientId)).map((a) => ({ clientId: a.clientId, clientName: a.clientName, startDate: a.startDate, assignedAt: a.assignedAt })),
  };
}

/** Whose assignments the caller may see by name: all, or their own clients'. */
async function visibility(caller: Caller, purchases: Purchase[]): Promise<(clientId: string) => boolean> {
  if (billingScope(caller.roles) === 'all') return () => true;
  const own = new Set<string>();
  for (const id of new Set(purchases.flatMap((p) => p.assigned.map((a) => a.clientId)))) {
    const client = await getItem(clientKey(caller.practiceId, id));
    if (client?.therapistId === caller.sub) own.add(id);
  }
  return (id) => own.has(id);
}

export async function getClientSubscription(caller: Caller, args: Item): Promise<BillingAnswer> {
  const appId = args.appId;
  if (typeof appId !== 'string' || plansOf(appId).length === 0) throw invalid(SUBSCRIPTION_MESSAGES.app, [{ field: 'appId', reason: 'format' }]);
  const [purchases, practice] = await Promise.all([purchasesOf(caller.practiceId, appId), practiceBilling(caller.practiceId)]);
  const visible = await visibility(caller, purchases);
  const shown = purchases.map((p) => toPurchase(p, visible));
  return {
    data: { appId, currency: (practice.settings.currency as string) ?? 'USD', plans: plansOf(appId), purchases: shown },
    audit: { action: 'client.subscription.read', entityType: 'Client', entityIds: [...new Set(shown.flatMap((p) => (p.assigned as Item[]).map((a) => a.clientId as string)))] },
  };
}

export async function assignClientSubscription(caller: Caller, args: Item, now = new Date(), attempt = 0): Promise<BillingAnswer> {
  // A session package (session 8) is assigned by its own id: the client on it from the start date.
  if (isPackagePlanId(args.purchaseId)) return assignPackage(caller, args, now);
  const purchaseId = args.purchaseId;
  const appId = isId(purchaseId) ? appOfPurchase(purchaseId) : null;
  const purchase = appId ? ((await getItem(subscriptionPurchaseKey(caller.practiceId, appId, purchaseId as string))) as Purchase | null) : null;
  if (!appId || !purchase) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  const client = await billableClient(caller, args.clientId);
  const others = await purchasesOf(caller.practiceId, appId);
  const outcome = assign(purchase, others, { clientId: client.id, clientName: nameOf(client), startDate: typeof args.startDate === 'string' ? args.startDate : '', assignedAt: now.toISOString(), assignedBy: caller.sub });
  if ('refusal' in outcome) throw invalid(SUBSCRIPTION_MESSAGES[outcome.refusal], [{ field: outcome.refusal === 'startDate' ? 'startDate' : 'purchaseId', reason: outcome.refusal }]);
  const next = { ...purchase, ...outcome.purchase, updatedAt: now.toISOString(), updatedBy: caller.sub };
  const out = await transact([put(next, '#v = :v', { ':v': purchase.version }, { '#v': 'version' })]);
  if (!out.ok) {
    // Another assignment landed first: read the purchase again and re-check its seats (a few times).
    if (attempt < 4) return assignClientSubscription(caller, args, now, attempt + 1);
    throw conflict();
  }
  return { data: toPurchase(next, (id) => id === client.id || billingScope(caller.roles) === 'all'), audit: { action: 'client.subscription.assign', entityType: 'Client', entityId: client.id } };
}
