/**
 * Session packages (issue 15, session 8; domain/billing/packages.ts): the practice's packages for
 * sale (`saveClientPackagePlan`), a client assigned to one from a start date (assignClientSubscription
 * with a package's id), the packages with what each client used and has left this period
 * (`getClientPackages`), and the draw-down the session lines take (syncSessionLine, lines.ts).
 *
 * Draw-down: the appointments a period covers are a list on one item per client and period
 * (CPKGUSE#<client>#<periodStart>), appended with a conditional UpdateItem (fewer than N, not this
 * appointment yet) — so two sessions at once never take the same unit and a retry of the same
 * appointment keeps its unit; giving a unit back removes its entry, conditioned on its position
 * still holding that appointment.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  clientPackageKey, CLIENT_PACKAGE_SK, coveringPeriod, drawDownKey, giveBackUnit, isDate, packageNote, packagePlanKey, PACKAGE_MESSAGES, PACKAGE_PLAN_PREFIX, PACKAGE_PLAN_SK,
  readPackagePlan, usage, type ClientPackage, type PackagePlan,
} from '../../domain/billing/packages.ts';
import { clientKey } from '../../domain/client.ts';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { billableClient, nameOf, practiceBilling } from './practice.ts';
import { billingScope, conflict, invalid, isId, notFound, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, getItems, practiceTable, put, transact } from './store.ts';

async function queryPrefix(practiceId: string, prefix: string): Promise<Item[]> {
  const found: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: practiceTable(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':p': prefix }, ExclusiveStartKey: start,
    }));
    found.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

export const packagePlansOf = (practiceId: string) => queryPrefix(practiceId, PACKAGE_PLAN_SK) as Promise<(PackagePlan & Item)[]>;

export function toPlan(p: Item): Item {
  return { id: p.id, name: p.name, sessionsPerPeriod: p.sessionsPerPeriod, priceCents: p.priceCents, interval: p.interval ?? 'month', version: p.version };
}

/** The package as the API shows it, with this period's use. */
export function toPackage(pkg: ClientPackage, today: string, drawn: string[]): Item {
  const u = usage(pkg, today, drawn);
  return {
    clientId: pkg.clientId, clientName: pkg.clientName, planId: pkg.planId, planName: pkg.planName, sessionsPerPeriod: pkg.sessionsPerPeriod, priceCents: pkg.priceCents,
    startDate: pkg.startDate, status: pkg.status, periodStart: u.period?.start ?? null, periodEnd: u.period?.end ?? null, used: u.used, left: u.left,
    cardRenewal: Boolean(pkg.stripeSubscriptionId) && pkg.status !== 'ENDED', paidThrough: pkg.paidThrough ?? null, endedOn: pkg.endedOn ?? null,
    version: pkg.version,
  };
}

/** Each package with the appointments drawn in the period holding `today`. */
export async function withUsage(practiceId: string, packages: ClientPackage[], today: string): Promise<Item[]> {
  const keys = packages.map((p) => usage(p, today, []).period).map((period, i) => (period ? drawDownKey(practiceId, packages[i].clientId, period.start) : null));
  const found = await getItems(keys.filter((k): k is { PK: string; SK: string } => k !== null));
  return packages.map((p, i) => {
    const item = keys[i] ? found.find((f) => f.SK === keys[i]!.SK) : undefined;
    return toPackage(p, today, (item?.drawn as string[] | undefined) ?? []);
  });
}

export async function getClientPackages(caller: Caller, now = new Date()): Promise<BillingAnswer> {
  const [plans, packages, practice] = await Promise.all([packagePlansOf(caller.practiceId), queryPrefix(caller.practiceId, CLIENT_PACKAGE_SK), practiceBilling(caller.practiceId, now)]);
  let shown = packages as unknown as ClientPackage[];
  if (billingScope(caller.roles) === 'own') {
    const clients = await getItems(shown.map((p) => clientKey(caller.practiceId, p.clientId)));
    const own = new Set(clients.filter((c) => c.therapistId === caller.sub).map((c) => c.id as string));
    shown = shown.filter((p) => own.has(p.clientId));
  }
  return {
    data: { currency: (practice.settings.currency as string) ?? 'USD', decimals: practice.catalog.decimals, plans: plans.map(toPlan), packages: await withUsage(caller.practiceId, shown, practice.today) },
    audit: { action: 'client.package.read', entityType: 'Client', entityIds: shown.map((p) => p.clientId) },
  };
}

/** saveClientPackagePlan(planId?, version?, name, sessionsPerPeriod, priceCents): a new package, or one changed (version guarded). */
export async function saveClientPackagePlan(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  // The practice's catalogue: callers who reach the whole practice's billing (an own-client clinician does not set prices).
  if (billingScope(caller.roles) !== 'all') throw new Refusal('Not Authorized', 'Unauthorized');
  const read = readPackagePlan(args);
  if ('problems' in read) throw invalid(PACKAGE_MESSAGES.plan, read.problems);
  const stamp = now.toISOString();
  if (args.planId === undefined || args.planId === null) {
    const plan = { ...read.plan, id: PACKAGE_PLAN_PREFIX + randomUUID().replaceAll('-', '').slice(0, 16), interval: 'month', version: 1 };
    const out = await transact([put({ ...packagePlanKey(caller.practiceId, plan.id), entity: 'PackagePlan', ...plan, createdAt: stamp, createdBy: caller.sub, updatedAt: stamp }, 'attribute_not_exists(PK)')]);
    if (!out.ok) throw conflict();
    return { data: toPlan(plan), audit: { action: 'client.package.plan', entityType: 'PackagePlan', entityId: plan.id } };
  }
  const prev = isId(args.planId) ? await getItem(packagePlanKey(caller.practiceId, args.planId)) : null;
  if (!prev) throw notFound(PACKAGE_MESSAGES.planNotFound);
  if (prev.version !== args.version) throw conflict();
  const next = { ...prev, ...read.plan, version: prev.version + 1, updatedAt: stamp, updatedBy: caller.sub };
  const out = await transact([put(next, '#v = :v', { ':v': prev.version }, { '#v': 'version' })]);
  if (!out.ok) throw conflict();
  return { data: toPlan(next), audit: { action: 'client.package.plan', entityType: 'PackagePlan', entityId: prev.id } };
}

/**
 * assignClientSubscription with a package's id: the client on that package from the start date (the
 * same rules as a seat: the client within the caller's reach, a valid date; again: the plan and
 * start date change). Answers the package as a purchase of the subscriptions page's shape.
 */
export async function assignPackage(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const plan = isId(args.purchaseId) ? await getItem(packagePlanKey(caller.practiceId, args.purchaseId)) : null;
  if (!plan) throw notFound(PACKAGE_MESSAGES.planNotFound);
  const client = await billableClient(caller, args.clientId);
  if (!isDate(args.startDate)) throw invalid(PACKAGE_MESSAGES.startDate, [{ field: 'startDate', reason: 'format' }]);
  const prev = await getItem(clientPackageKey(caller.practiceId, client.id));
  const stamp = now.toISOString();
  const pkg: ClientPackage = {
    clientId: client.id, clientName: nameOf(client), planId: plan.id, planName: plan.name, sessionsPerPeriod: plan.sessionsPerPeriod, priceCents: plan.priceCents,
    startDate: args.startDate, status: 'ACTIVE', endedOn: null, paidThrough: null, stripeSubscriptionId: null, version: ((prev?.version as number) ?? 0) + 1,
  };
  // A package renewed by card keeps its card subscription (Stripe's periods); the practice changes the rest.
  if (prev && prev.status !== 'ENDED' && prev.stripeSubscriptionId) Object.assign(pkg, { paidThrough: prev.paidThrough, stripeSubscriptionId: prev.stripeSubscriptionId, status: prev.status, checkoutId: prev.checkoutId });
  const item = { ...clientPackageKey(caller.practiceId, client.id), entity: 'ClientPackage', ...pkg, assignedAt: stamp, assignedBy: caller.sub, updatedAt: stamp };
  const out = await transact([prev ? put(item, '#v = :v', { ':v': prev.version }, { '#v': 'version' }) : put(item, 'attribute_not_exists(PK)')]);
  if (!out.ok) throw conflict();
  const practice = await practiceBilling(caller.practiceId, now);
  const shown = toPackage(pkg, practice.today, []);
  return {
    data: {
      id: plan.id, appId: 'PACKAGE', planId: plan.id, planName: plan.name, seats: plan.sessionsPerPeriod, used: shown.used, periodStart: shown.periodStart ?? pkg.startDate,
      renewsOn: shown.periodEnd ?? pkg.startDate, status: pkg.status === 'ENDED' ? 'ENDED' : 'ACTIVE', version: pkg.version,
      assigned: [{ clientId: client.id, clientName: pkg.clientName, startDate: pkg.startDate, assignedAt: stamp }],
    },
    audit: { action: 'client.package.assign', entityType: 'Client', entityId: client.id },
  };
}

export interface Coverage {
  periodStart: string;
  position: number;
  note: string;
}

/**
 * The unit of the client's package a session on `date` takes (the same one again for the same
 * appointment), or null: no package covering that day, or all N of its period taken.
 */
export async function drawDown(practiceId: string, clientId: string, appointmentId: string, date: string): Promise<Coverage | null> {
  const pkg = (await getItem(clientPackageKey(practiceId, clientId))) as (ClientPackage & Item) | null;
  const period = pkg ? coveringPeriod(pkg, date) : null;
  if (!pkg || !period) return null;
  const key = drawDownKey(practiceId, clientId, period.start);
  const n = pkg.sessionsPerPeriod;
  const at = (drawn: string[]) => drawn.indexOf(appointmentId) + 1;
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: practiceTable(), Key: key, ReturnValues: 'ALL_NEW',
      UpdateExpression: 'SET drawn = list_append(if_not_exists(drawn, :empty), :one), entity = :e, clientId = :c, periodEnd = :end',
      ConditionExpression: 'attribute_not_exists(drawn) OR (size(drawn) < :n AND NOT contains(drawn, :a))',
      ExpressionAttributeValues: { ':empty': [], ':one': [appointmentId], ':e': 'PackageDrawDown', ':c': clientId, ':end': period.end, ':n': n, ':a': appointmentId },
    }));
    const position = at((out.Attributes?.drawn as string[]) ?? []);
    return { periodStart: period.start, position, note: packageNote(pkg.planName, position, n) };
  } catch (err) {
    if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
  }
  // Full, or this appointment holds a unit already (a retry): which one.
  const again = await dynamo().send(new GetCommand({ TableName: practiceTable(), Key: key, ConsistentRead: true }));
  const position = at((again.Item?.drawn as string[] | undefined) ?? []);
  return position > 0 ? { periodStart: period.start, position, note: packageNote(pkg.planName, position, n) } : null;
}

/** The appointment's unit of that period given back (a covered session cancelled, voided or no longer attended). */
export async function giveBack(practiceId: string, clientId: string, appointmentId: string, periodStart: string): Promise<void> {
  const key = drawDownKey(practiceId, clientId, periodStart);
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await dynamo().send(new GetCommand({ TableName: practiceTable(), Key: key, ConsistentRead: true }));
    const drawn = (found.Item?.drawn as string[] | undefined) ?? [];
    const i = drawn.indexOf(appointmentId);
    if (i < 0 || giveBackUnit(drawn, appointmentId).length === drawn.length) return;
    try {
      await dynamo().send(new UpdateCommand({ TableName: practiceTable(), Key: key, UpdateExpression: `REMOVE drawn[${i}]`, ConditionExpression: `drawn[${i}] = :a`, ExpressionAttributeValues: { ':a': appointmentId } }));
      return;
    } catch (err) {
      // Another unit of the period moved meanwhile: read the list again.
      if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
    }
  }
  throw conflict();
}
