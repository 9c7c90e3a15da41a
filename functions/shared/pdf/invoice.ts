/**
 * An invoice as a PDF (issue 15): the practice's name, billing address, tax id and NPI; the
 * client; the invoice's number, dates and status; one line per session (date, CPT code, our short
 * name, units, fee, amount); total, paid and balance — amounts in the practice's money format.
 */
import { formatMoney } from '../../../domain/billing/money.ts';
import { renderPdf, type Block } from './layout.ts';

export interface InvoiceDocument {
  practiceName: string;
  address: string[];
  taxId: string | null;
  npi: string | null;
  clientName: string;
  number: string;
  status: string;
  issueDate: string;
  dueDate: string;
  lines: { date: string; serviceCode: string; description: string; units: number; feeCents: number; amountCents: number }[];
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  note: string | null;
  decimals: number;
  currency: string;
}

const STATUS_LABEL: Record<string, string> = { DRAFT: 'Draft', SENT: 'Sent', PARTIALLY_PAID: 'Partially paid', PAID: 'Paid', VOID: 'Void' };

export function invoiceBlocks(doc: InvoiceDocument): Block[] {
  const money = (cents: number) => formatMoney(cents, { decimals: doc.decimals, currency: doc.currency });
  const blocks: Block[] = [{ kind: 'heading', text: doc.practiceName || 'Invoice' }];
  for (const line of doc.address) blocks.push({ kind: 'paragraph', text: line });
  if (doc.taxId) blocks.push({ kind: 'field', label: 'Tax ID', value: doc.taxId });
  if (doc.npi) blocks.push({ kind: 'field', label: 'NPI', value: doc.npi });
  blocks.push(
    { kind: 'rule' },
    { kind: 'subheading', text: `Invoice ${doc.number}` },
    { kind: 'field', label: 'Client', value: doc.clientName },
    { kind: 'field', label: 'Status', value: STATUS_LABEL[doc.status] ?? doc.status },
    { kind: 'field', label: 'Issue date', value: doc.issueDate },
    { kind: 'field', label: 'Due date', value: doc.dueDate },
    { kind: 'rule' },
    { kind: 'subheading', text: 'Services' },
  );
  for (const l of doc.lines) {
    blocks.push({ kind: 'field', label: `${l.date} ${l.serviceCode}`, value: `${l.description} — ${l.units} × ${money(l.feeCents)} = ${money(l.amountCents)}` });
  }
  blocks.push(
    { kind: 'rule' },
    { kind: 'field', label: 'Total', value: money(doc.totalCents) },
    { kind: 'field', label: 'Paid', value: money(doc.paidCents) },
    { kind: 'field', label: 'Balance due', value: money(doc.balanceCents) },
  );
  if (doc.note) blocks.push({ kind: 'space' }, { kind: 'paragraph', text: doc.note });
  return blocks;
}

export function renderInvoice(doc: InvoiceDocument, createdAt = new Date()): Promise<Uint8Array> {
  return renderPdf(invoiceBlocks(doc), { title: `Invoice ${doc.number}`, subject: 'Invoice', createdAt });
}
