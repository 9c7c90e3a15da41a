/**
 * Invoices (issue 15): created from one client's un-invoiced session lines as a draft, sent (due
 * date from the practice's invoicePastDue.days, counted in the client's balance), voided (lines
 * free to invoice again, what was paid becomes credit). Totals are always recomputed here; a paid
 * or void invoice never changes. Each change is one transaction, conditioned on what was read.
 */
import { randomUUID } from 'node:crypto';
import { billingIndexKeys, counterKey, invoiceKey, ledgerKey, lineKey } from '../../domain/billing/keys.ts';
import { dueDateOf, invoiceTotal, type InvoiceStatus } from '../../domain/billing/ledger.ts';
import { pastDueKeys } from '../../domain/billing/run.ts';
import { readText } from '../../domain/field-readers.ts';
import type { FieldProblem } from '../../domain/client.ts';
import { priorResult, requestIdOf, requestRecord } from './idempotency.ts';
import { docItem } from './document-items.ts';
import { lineItem } from './lines.ts';
import { memberName } from './statements.ts';
import { billableClient, nameOf, practiceBilling, responsibleClinician } from './practice.ts';
import { BILLING_MESSAGES, conflict, invalid, isId, notFound, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, getItems, nextNumber, put, transact, update } from './store.ts';
import { toInvoice } from './view.ts';

export const MAX_INVOICE_LINES = 50;

export function invoiceBucket(status: InvoiceStatus) {
  if (status === 'DRAFT') return 'INVOICE_DRAFT' as const;
  return status === 'SENT' || status === 'PARTIALLY_PAID' ? ('INVOICE_UNPAID' as const) : ('INVOICE_CLOSED' as const);
}

/** The stored invoice with the index keys of its bucket. */
export function invoiceItem(practiceId: string, inv: Item): Item {
  // The past-due index (GSI4, domain/billing/run.ts) follows the status: an owed invoice not yet reminded.
  const { GSI4PK: _pk, GSI4SK: _sk, ...rest } = inv;
  return { ...rest, ...invoiceKey(practiceId, inv.id), ...billingIndexKeys(practiceId, invoiceBucket(inv.status), { clientId: inv.clientId, clinicianId: inv.filedUnder, date: inv.issueDate, id: inv.id }), ...pastDueKeys(practiceId, inv as never), entity: 'Invoice' };
}

/** The invoice if it is this client's (else NotFound). */
export async function loadInvoice(caller: Caller, clientId: string, id: unknown): Promise<Item> {
  const inv = isId(id) ? await getItem(invoiceKey(caller.practiceId, id)) : null;
  if (!inv || inv.clientId !== clientId) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return inv;
}

/** A put of the changed invoice, conditioned on the version read. */
function guarded(practiceId: string, prev: Item, next: Item): Item {
  return put(invoiceItem(practiceId, next), '#v = :v', { ':v': prev.version }, { '#v': 'version' });
}

export async function createInvoice(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const requestId = requestIdOf(args.requestId);
  const prior = await priorResult(caller.practiceId, requestId, 'createInvoice');
  const practice = await practiceBilling(caller.practiceId, now);
  if (prior) return { data: toInvoice((await getItem(invoiceKey(caller.practiceId, prior)))!, practice.today), audit: { action: 'invoice.create', entityType: 'Invoice', entityId: prior } };
  const ids = Array.isArray(args.lineIds) ? [...new Set(args.lineIds)] : [];
  if (ids.length === 0 || ids.length > MAX_INVOICE_LINES || !ids.every(isId)) throw invalid(BILLING_MESSAGES.noLines, [{ field: 'lineIds', reason: 'count' }]);
  const problems: FieldProblem[] = [];
  const note = readText(args.note, 'note', 1000, problems, true);
  if (problems.length > 0) throw invalid('The note is too long (1000 characters at most).', problems);
  const lines = await getItems(ids.map((id) => lineKey(caller.practiceId, id)));
  if (lines.length !== ids.length || lines.some((l) => l.clientId !== client.id || l.status !== 'UNINVOICED')) throw invalid(BILLING_MESSAGES.lineTaken, [{ field: 'lineIds', reason: 'unavailable' }]);
  lines.sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date.localeCompare(b.date)));
  const id = randomUUID();
  const seq = await nextNumber(counterKey(caller.practiceId));
  const stamp = now.toISOString();
  const invoiceLines = lines.map((l) => ({ lineId: l.id, date: l.date, serviceCode: l.serviceCode, description: l.serviceName, units: l.units, feeCents: l.feeCents, amountCents: l.units * l.feeCents }));
  const invoice = {
    id, number: `INV-${String(seq).padStart(5, '0')}`, clientId: client.id, clientName: nameOf(client), filedUnder: responsibleClinician(client, caller.sub), status: 'DRAFT',
    issueDate: practice.today, dueDate: dueDateOf(practice.today, (practice.settings.invoicePastDue as Item)?.days), lines: invoiceLines, totalCents: invoiceTotal(invoiceLines), paidCents: 0,
    note: note ?? (practice.settings.invoiceSetting as Item)?.defaultText ?? null, version: 1, createdAt: stamp, createdBy: caller.sub, updatedAt: stamp,
  };
  const writes: Item[] = [put(invoiceItem(caller.practiceId, invoice), 'attribute_not_exists(PK)')];
  for (const l of lines) {
    writes.push(put(lineItem(caller.practiceId, { ...l, status: 'INVOICED', invoiceId: id }, l.filedUnder, stamp), '#s = :open AND #v = :v', { ':open': 'UNINVOICED', ':v': l.updatedAt }, { '#s': 'status', '#v': 'updatedAt' }));
  }
  writes.push(requestRecord(caller.practiceId, requestId, 'createInvoice', id, now));
  const out = await transact(writes);
  if (!out.ok) {
    if (out.failed.includes(writes.length - 1)) return createInvoice(caller, args, now);
    throw invalid(BILLING_MESSAGES.lineTaken, [{ field: 'lineIds', reason: 'unavailable' }]);
  }
  return { data: toInvoice(invoice, practice.today), audit: { action: 'invoice.create', entityType: 'Invoice', entityId: id } };
}

export async function sendInvoice(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const inv = await loadInvoice(caller, client.id, args.id);
  if (inv.status !== 'DRAFT') throw invalid(BILLING_MESSAGES.notDraft, [{ field: 'id', reason: 'status' }]);
  if (inv.version !== args.version) throw conflict();
  const practice = await practiceBilling(caller.practiceId, now);
  const stamp = now.toISOString();
  const next = { ...inv, status: 'SENT', issueDate: practice.today, dueDate: dueDateOf(practice.today, (practice.settings.invoicePastDue as Item)?.days), version: inv.version + 1, sentAt: stamp, updatedAt: stamp, updatedBy: caller.sub };
  // The sent invoice is a billing document (/app/billings/documents): who made it, who sent it.
  const [madeBy, sentBy] = await Promise.all([memberName(inv.createdBy), memberName(caller.sub)]);
  const doc = { id: randomUUID(), kind: 'INVOICE', invoiceId: inv.id, clientId: client.id, clientName: inv.clientName, filedUnder: inv.filedUnder, title: `Invoice ${inv.number}`, generatedAt: inv.createdAt, generatedBy: inv.createdBy, generatedByName: madeBy, sentAt: stamp, sentBy: caller.sub, sentByName: sentBy };
  const out = await transact([guarded(caller.practiceId, inv, next), update(ledgerKey(caller.practiceId, client.id), 'ADD invoicedCents :t', { ':t': inv.totalCents }), put(docItem(caller.practiceId, doc), 'attribute_not_exists(PK)')]);
  if (!out.ok) throw conflict();
  return { data: toInvoice(next, practice.today), audit: { action: 'invoice.send', entityType: 'Invoice', entityId: inv.id } };
}

export async function voidInvoice(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const inv = await loadInvoice(caller, client.id, args.id);
  if (inv.status === 'VOID') throw invalid(BILLING_MESSAGES.alreadyVoid, [{ field: 'id', reason: 'status' }]);
  if (inv.version !== args.version) throw conflict();
  const practice = await practiceBilling(caller.practiceId, now);
  const stamp = now.toISOString();
  const next = { ...inv, status: 'VOID', version: inv.version + 1, voidedAt: stamp, updatedAt: stamp, updatedBy: caller.sub };
  const writes: Item[] = [guarded(caller.practiceId, inv, next)];
  const lines = await getItems(inv.lines.map((l: Item) => lineKey(caller.practiceId, l.lineId)));
  for (const l of lines) {
    if (l.invoiceId !== inv.id) continue;
    writes.push(put(lineItem(caller.practiceId, { ...l, status: 'UNINVOICED', invoiceId: null }, l.filedUnder, stamp), '#i = :id', { ':id': inv.id }, { '#i': 'invoiceId' }));
  }
  if (inv.status !== 'DRAFT') {
    writes.push(update(ledgerKey(caller.practiceId, client.id), 'ADD invoicedCents :t, paidCents :p, creditCents :c', { ':t': -inv.totalCents, ':p': -inv.paidCents, ':c': inv.paidCents }));
  }
  const out = await transact(writes);
  if (!out.ok) throw conflict();
  return { data: toInvoice(next, practice.today), audit: { action: 'invoice.void', entityType: 'Invoice', entityId: inv.id } };
}

export async function getInvoice(caller: Caller, args: Item, now = new Date()): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const inv = await loadInvoice(caller, client.id, args.id);
  const practice = await practiceBilling(caller.practiceId, now);
  return { data: toInvoice(inv, practice.today), audit: { action: 'invoice.read', entityType: 'Invoice', entityId: inv.id } };
}
