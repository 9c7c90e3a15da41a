/**
 * A client's billing (issue 15): the chart tab's view (their lines, invoices, payments, balance,
 * fees) and their fees — default services with their own amounts and a sliding scale.
 */
import { servicesKey } from '../../domain/appointment/keys.ts';
import { catalogOf, validateCatalog } from '../../domain/billing/catalog.ts';
import { clientBucket, clientFeesKey, ledgerKey, type Bucket } from '../../domain/billing/keys.ts';
import { isCents, sumCents } from '../../domain/billing/money.ts';
import { clientFeesOf } from '../../domain/billing/session-line.ts';
import { billableClient, practiceBilling } from './practice.ts';
import { conflict, invalid, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, put, queryAll, transact } from './store.ts';
import { toBalance, toInvoice, toLine, toPayment } from './view.ts';

const byDateDesc = (a: Item, b: Item) => (b.GSI1SK as string).localeCompare(a.GSI1SK);

async function bucketsOf(practiceId: string, clientId: string, buckets: Bucket[]): Promise<Item[]> {
  return (await Promise.all(buckets.map((b) => queryAll('GSI1', clientBucket(practiceId, clientId, b), 200)))).flat().sort(byDateDesc);
}

export function toProfile(clientId: string, item: Item | null): Item {
  const fees = clientFeesOf(item);
  return { clientId, fees: fees.fees, slidingScalePercent: fees.slidingScalePercent, version: fees.version };
}

export async function getClientBilling(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const pid = caller.practiceId;
  const [practice, lines, invoices, payments, ledger, fees] = await Promise.all([
    practiceBilling(pid, now),
    bucketsOf(pid, client.id, ['SESSION_OPEN', 'SESSION_INVOICED']),
    bucketsOf(pid, client.id, ['INVOICE_DRAFT', 'INVOICE_UNPAID', 'INVOICE_CLOSED']),
    bucketsOf(pid, client.id, ['PAYMENT']),
    getItem(ledgerKey(pid, client.id)),
    getItem(clientFeesKey(pid, client.id)),
  ]);
  const uninvoiced = sumCents(lines.filter((l) => l.status === 'UNINVOICED').map((l) => l.amountCents));
  return {
    data: {
      clientId: client.id, decimals: practice.catalog.decimals, currency: practice.settings.currency ?? 'USD',
      balance: toBalance(client.id, ledger, uninvoiced), lines: lines.map(toLine), invoices: invoices.map((i) => toInvoice(i, practice.today)), payments: payments.map(toPayment), profile: toProfile(client.id, fees),
    },
    audit: { action: 'billing.client.read', entityType: 'Client', entityId: client.id },
  };
}

export async function editClientBillingProfile(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const catalog = catalogOf(await getItem(servicesKey(caller.practiceId)));
  const list = Array.isArray(args.fees) ? (args.fees as Item[]) : [];
  const problems: { field: string; reason: string; message: string }[] = [];
  if (list.length > 30) problems.push({ field: 'fees', reason: 'count', message: 'List at most 30 services for a client.' });
  const seen = new Set<string>();
  const fees = list.map((f, i) => {
    if (!catalog.services.some((s) => s.code === f?.code)) problems.push({ field: `fees.${i}.code`, reason: 'unknown', message: 'Choose a service the practice offers.' });
    else if (seen.has(f.code)) problems.push({ field: `fees.${i}.code`, reason: 'duplicate', message: `Service ${f.code} is listed twice.` });
    seen.add(f?.code);
    if (!isCents(f?.amountCents)) problems.push({ field: `fees.${i}.amountCents`, reason: 'range', message: 'A fee is between $0 and $100,000.' });
    return { code: f?.code as string, amountCents: f?.amountCents as number, isDefault: f?.isDefault === true };
  });
  if (fees.filter((f) => f.isDefault).length > 1) problems.push({ field: 'fees', reason: 'default', message: 'Choose at most one default service.' });
  const pct = args.slidingScalePercent;
  if (typeof pct !== 'number' || !Number.isInteger(pct) || pct < 0 || pct > 100) problems.push({ field: 'slidingScalePercent', reason: 'range', message: 'A sliding scale is 0 to 100 percent off.' });
  if (problems.length > 0) throw invalid(problems.map((p) => p.message).join(' '), problems);
  const current = await getItem(clientFeesKey(caller.practiceId, client.id));
  const version = clientFeesOf(current).version;
  if (args.version !== version) throw conflict();
  const item = { ...clientFeesKey(caller.practiceId, client.id), entity: 'ClientFees', clientId: client.id, fees, slidingScalePercent: pct, version: version + 1, updatedAt: now.toISOString(), updatedBy: caller.sub };
  const out = await transact([put(item, version === 0 ? 'attribute_not_exists(PK)' : '#v = :v', version === 0 ? undefined : { ':v': version }, version === 0 ? undefined : { '#v': 'version' })]);
  if (!out.ok) throw conflict();
  return { data: toProfile(client.id, item), audit: { action: 'billing.fees.update', entityType: 'Client', entityId: client.id } };
}

export async function getBillingCatalog(caller: Caller): Promise<BillingAnswer> {
  const practice = await practiceBilling(caller.practiceId);
  return { data: { ...practice.catalog, currency: practice.settings.currency ?? 'USD' } };
}

export async function editBillingCatalog(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const { catalog, problems } = validateCatalog(args.input);
  if (!catalog) throw invalid(problems.map((p) => p.message).join(' '), problems);
  const current = await getItem(servicesKey(caller.practiceId));
  const version = catalogOf(current).version;
  if (args.version !== version) throw conflict();
  const item = { ...(current ?? {}), ...servicesKey(caller.practiceId), kind: 'ServicesOffered', ...catalog, version: version + 1, updatedAt: now.toISOString(), updatedBy: caller.sub };
  const out = await transact([put(item, version === 0 ? 'attribute_not_exists(PK) OR attribute_not_exists(#v)' : '#v = :v', version === 0 ? undefined : { ':v': version }, { '#v': 'version' })]);
  if (!out.ok) throw conflict();
  const practice = await practiceBilling(caller.practiceId, now);
  return { data: { ...practice.catalog, currency: practice.settings.currency ?? 'USD' }, audit: { action: 'billing.catalog.update', entityType: 'Practice', entityId: caller.practiceId } };
}
