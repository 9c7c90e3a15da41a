/**
 * The invoice PDF (issue 15) for the biller (getInvoicePdf) and for the client in the portal
 * (clientInvoices, clientInvoicePdf — the client principal's links only; drafts are not theirs to
 * see). The file name carries no PHI: the invoice number only. The portal's list also carries the
 * client's statements and superbills (document-items.ts).
 */
import { clientBucket, invoiceKey, ledgerKey } from '../../domain/billing/keys.ts';
import { balanceDue, balanceOf, ledgerOf } from '../../domain/billing/ledger.ts';
import { linkOf } from '../../domain/client-link.ts';
import { renderInvoice } from '../shared/pdf/invoice.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientDocumentsOf } from './document-items.ts';
import { loadInvoice } from './invoices.ts';
import { billableClient, practiceBilling, type PracticeBilling } from './practice.ts';
import { BILLING_MESSAGES, isId, notFound, type BillingAnswer, type Caller, type ClientPrincipal, type Item } from './request.ts';
import { getItem, queryAll } from './store.ts';
import { toInvoice } from './view.ts';

export async function invoicePdfOf(inv: Item, practice: PracticeBilling): Promise<Item> {
  const s = practice.settings;
  const a = (s.address ?? {}) as Item;
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const bytes = await renderInvoice({
    practiceName: practice.name, address: [a.line1, a.line2, cityLine].filter((l): l is string => typeof l === 'string' && l.length > 0),
    taxId: s.taxId ?? null, npi: s.organizationNPI ?? null, clientName: inv.clientName, number: inv.number, status: inv.status, issueDate: inv.issueDate, dueDate: inv.dueDate,
    lines: inv.lines, totalCents: inv.totalCents, paidCents: inv.paidCents, balanceCents: balanceOf(inv as never), note: inv.note ?? null,
    decimals: practice.catalog.decimals, currency: (s.currency as string) ?? 'USD',
  }, new Date(inv.updatedAt ?? inv.createdAt));
  return { fileName: `invoice-${inv.number}.pdf`, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64') };
}

export async function invoicePdf(caller: Caller, args: Item): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const inv = await loadInvoice(caller, client.id, args.id);
  return { data: await invoicePdfOf(inv, await practiceBilling(caller.practiceId)), audit: { action: 'invoice.pdf', entityType: 'Invoice', entityId: inv.id } };
}

/** The client's invoices (sent, paid, void — not drafts) and balance at each linked practice. */
export async function clientInvoices(principal: ClientPrincipal, now = new Date()): Promise<BillingAnswer> {
  const out = await Promise.all(principal.links.map(async (link) => {
    const [practice, ledger, ...buckets] = await Promise.all([
      practiceBilling(link.practiceId, now),
      getItem(ledgerKey(link.practiceId, link.clientId)),
      queryAll('GSI1', clientBucket(link.practiceId, link.clientId, 'INVOICE_UNPAID'), 200),
      queryAll('GSI1', clientBucket(link.practiceId, link.clientId, 'INVOICE_CLOSED'), 200),
    ]);
    const l = ledgerOf(ledger);
    const invoices = buckets.flat().sort((a, b) => (b.GSI1SK as string).localeCompare(a.GSI1SK)).map((i) => toInvoice(i, practice.today));
    const documents = await clientDocumentsOf(link.practiceId, link.clientId);
    return { practiceId: link.practiceId, practiceName: practice.name || 'Your practice', decimals: practice.catalog.decimals, currency: practice.settings.currency ?? 'USD', balanceCents: balanceDue(l), creditCents: l.creditCents, invoices, documents };
  }));
  await writeAudit(principal.sub, 'Query.clientInvoices', principal.links.map((l) => ({ practiceId: l.practiceId, action: 'client.invoices.read', entityType: 'Client', entityId: l.clientId })));
  return { data: out };
}

export async function clientInvoicePdf(principal: ClientPrincipal, args: Item): Promise<BillingAnswer> {
  const link = linkOf(principal.links, args.practiceId);
  if (!link) throw new Refusal('Not authorized', 'Unauthorized');
  const inv = isId(args.id) ? await getItem(invoiceKey(link.practiceId, args.id)) : null;
  if (!inv || inv.clientId !== link.clientId || inv.status === 'DRAFT') throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const pdf = await invoicePdfOf(inv, await practiceBilling(link.practiceId));
  await writeAudit(principal.sub, 'Query.clientInvoicePdf', [{ practiceId: link.practiceId, action: 'client.invoice.pdf', entityType: 'Invoice', entityId: inv.id }]);
  return { data: pdf };
}
