/**
 * Statements and superbills as PDFs (issue 15), from the snapshot stored when they were generated,
 * so a download later shows exactly what was generated. Amounts in the practice's money format.
 */
import { formatMoney } from '../../../domain/billing/money.ts';
import type { Statement } from '../../../domain/billing/statement.ts';
import { PLACE_OF_SERVICE, type Superbill } from '../../../domain/billing/superbill.ts';
import { renderPdf, type Block } from './layout.ts';

export interface PracticeHeader {
  practiceName: string;
  address: string[];
  taxId: string | null;
  npi: string | null;
  decimals: number;
  currency: string;
}

const KIND_LABEL: Record<string, string> = { INVOICE: 'Invoice', VOID: 'Invoice voided', PAYMENT: 'Payment', REFUND: 'Refund' };
const METHOD_LABEL: Record<string, string> = { CARD: 'card', CASH: 'cash', CHECK: 'check', EXTERNAL: 'external' };

function header(p: PracticeHeader, title: string): Block[] {
  const blocks: Block[] = [{ kind: 'heading', text: p.practiceName || title }];
  for (const line of p.address) blocks.push({ kind: 'paragraph', text: line });
  if (p.taxId) blocks.push({ kind: 'field', label: 'Tax ID', value: p.taxId });
  if (p.npi) blocks.push({ kind: 'field', label: 'NPI', value: p.npi });
  blocks.push({ kind: 'rule' }, { kind: 'subheading', text: title });
  return blocks;
}

export function statementBlocks(p: PracticeHeader, clientName: string, s: Statement): Block[] {
  const money = (cents: number) => formatMoney(cents, { decimals: p.decimals, currency: p.currency });
  const blocks = header(p, `Statement ${s.from} to ${s.to}`);
  blocks.push({ kind: 'field', label: 'Client', value: clientName }, { kind: 'rule' }, { kind: 'field', label: 'Previous balance', value: money(s.previousBalanceCents) });
  for (const l of s.lines) {
    const what = l.kind === 'PAYMENT' || l.kind === 'REFUND' ? `${KIND_LABEL[l.kind]} (${METHOD_LABEL[l.reference] ?? l.reference})` : `${KIND_LABEL[l.kind]} ${l.reference}`;
    blocks.push({ kind: 'field', label: `${l.date} ${what}`, value: money(l.amountCents) });
  }
  if (s.lines.length === 0) blocks.push({ kind: 'paragraph', text: 'No invoices or payments in this period.' });
  blocks.push({ kind: 'rule' }, { kind: 'field', label: 'Ending balance', value: money(s.endingBalanceCents) });
  return blocks;
}

export interface SuperbillParties {
  clinicianName: string;
  clinicianNpi: string | null;
  clientName: string;
  clientDateOfBirth: string | null;
  clientAddress: string[];
}

export function superbillBlocks(p: PracticeHeader, who: SuperbillParties, s: Superbill): Block[] {
  const money = (cents: number) => formatMoney(cents, { decimals: p.decimals, currency: p.currency });
  const blocks = header(p, `Superbill ${s.from} to ${s.to}`);
  blocks.push({ kind: 'field', label: 'Clinician', value: who.clinicianName });
  if (who.clinicianNpi) blocks.push({ kind: 'field', label: 'Clinician NPI', value: who.clinicianNpi });
  blocks.push({ kind: 'field', label: 'Client', value: who.clientName });
  if (who.clientDateOfBirth) blocks.push({ kind: 'field', label: 'Date of birth', value: who.clientDateOfBirth });
  for (const line of who.clientAddress) blocks.push({ kind: 'paragraph', text: line });
  blocks.push({ kind: 'field', label: 'Diagnosis codes (ICD-10-CM)', value: s.diagnoses.length ? s.diagnoses.join(', ') : 'None on file' }, { kind: 'rule' }, { kind: 'subheading', text: 'Services' });
  for (const l of s.lines) {
    blocks.push({ kind: 'field', label: `${l.date} CPT ${l.serviceCode}`, value: `${l.serviceName} — ${l.units} × ${money(l.feeCents)} = ${money(l.amountCents)}; POS ${l.placeOfService}; paid ${money(l.paidCents)}` });
  }
  if (s.lines.length === 0) blocks.push({ kind: 'paragraph', text: 'No sessions in this period.' });
  const places = [...new Set(s.lines.map((l) => l.placeOfService))].filter((c) => PLACE_OF_SERVICE[c]).map((c) => `POS ${c}: ${PLACE_OF_SERVICE[c]}`);
  for (const text of places) blocks.push({ kind: 'paragraph', text });
  blocks.push({ kind: 'rule' }, { kind: 'field', label: 'Total charges', value: money(s.totalCents) }, { kind: 'field', label: 'Amount paid', value: money(s.paidCents) }, { kind: 'field', label: 'Balance', value: money(s.balanceCents) });
  return blocks;
}

export function renderStatement(p: PracticeHeader, clientName: string, s: Statement, createdAt: Date): Promise<Uint8Array> {
  return renderPdf(statementBlocks(p, clientName, s), { title: `Statement ${s.from} to ${s.to}`, subject: 'Statement', createdAt });
}

export function renderSuperbill(p: PracticeHeader, who: SuperbillParties, s: Superbill, createdAt: Date): Promise<Uint8Array> {
  return renderPdf(superbillBlocks(p, who, s), { title: `Superbill ${s.from} to ${s.to}`, subject: 'Superbill', createdAt });
}
