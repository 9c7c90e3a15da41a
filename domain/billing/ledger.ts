/**
 * Invoices and payments as money rules (issue 15), pure so every rule is unit-tested: totals
 * recomputed from the lines, statuses draft → sent → partially paid → paid (→ void from any of
 * them), due and past-due dates, payments applied oldest first or to chosen invoices with the
 * rest kept as the client's credit, refunds out of that credit.
 *
 * Readings (docs/decisions.md "Client billing (issue 15)"):
 *   - A draft is not owed yet: it is neither payable nor counted in the balance until sent.
 *   - A paid or void invoice never changes; to correct one, void it and issue a new one from the
 *     same lines. Voiding moves what was paid on it to the client's credit.
 *   - A refund returns credit (money not applied to an invoice). Money applied to an invoice is
 *     refunded by voiding that invoice first — every cent stays accounted for on both sides.
 */
import { sumCents } from './money.ts';

export type InvoiceStatus = 'DRAFT' | 'SENT' | 'PARTIALLY_PAID' | 'PAID' | 'VOID';

export interface InvoiceLine {
  lineId: string;
  date: string;
  serviceCode: string;
  description: string;
  units: number;
  feeCents: number;
  amountCents: number;
}

export interface InvoiceMoney {
  id: string;
  number: string;
  issueDate: string;
  status: InvoiceStatus;
  totalCents: number;
  paidCents: number;
}

export interface Application {
  invoiceId: string;
  amountCents: number;
}

/** A line's amount is units × fee; the invoice total is their sum — never taken from the caller. */
export function invoiceTotal(lines: { units: number; feeCents: number }[]): number {
  return sumCents(lines.map((l) => l.units * l.feeCents));
}

export function balanceOf(invoice: { totalCents: number; paidCents: number; status: InvoiceStatus }): number {
  return invoice.status === 'VOID' || invoice.status === 'DRAFT' ? 0 : invoice.totalCents - invoice.paidCents;
}

/** Status of a sent invoice after payments: SENT, PARTIALLY_PAID or PAID. */
export function paidStatus(totalCents: number, paidCents: number): InvoiceStatus {
  if (paidCents <= 0) return 'SENT';
  return paidCents >= totalCents ? 'PAID' : 'PARTIALLY_PAID';
}

export function isPayable(status: InvoiceStatus): boolean {
  return status === 'SENT' || status === 'PARTIALLY_PAID';
}

/** YYYY-MM-DD plus `days` calendar days (month and year ends, leap days included). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Due date: the issue date plus the practice's invoicePastDue.days (0 or unset: due on issue). */
export function dueDateOf(issueDate: string, pastDueDays: number | null | undefined): string {
  return addDays(issueDate, typeof pastDueDays === 'number' && pastDueDays > 0 ? pastDueDays : 0);
}

/** Past due: still owed after its due date (the practice's today, YYYY-MM-DD). */
export function isPastDue(invoice: { status: InvoiceStatus; dueDate: string }, today: string): boolean {
  return isPayable(invoice.status) && today > invoice.dueDate;
}

/**
 * Applies `amountCents` to invoices: the chosen ones in the order given, else every payable one
 * oldest first (issue date, then number). Each takes at most its balance; the rest is credit.
 */
export function applyPayment(amountCents: number, invoices: InvoiceMoney[], chosen: string[] | null): { applications: Application[]; creditCents: number } {
  const order = chosen
    ? chosen.map((id) => invoices.find((i) => i.id === id)).filter((i): i is InvoiceMoney => !!i)
    : invoices.filter((i) => isPayable(i.status)).sort((a, b) => (a.issueDate === b.issueDate ? a.number.localeCompare(b.number) : a.issueDate.localeCompare(b.issueDate)));
  let left = amountCents;
  const applications: Application[] = [];
  for (const invoice of order) {
    if (left === 0) break;
    if (!isPayable(invoice.status)) continue;
    const take = Math.min(left, invoice.totalCents - invoice.paidCents);
    if (take <= 0) continue;
    applications.push({ invoiceId: invoice.id, amountCents: take });
    left -= take;
  }
  return { applications, creditCents: left };
}

/** The client's running totals (SK CLEDGER#<clientId>). Balance owed = invoiced − paid on invoices. */
export interface ClientLedger {
  invoicedCents: number;
  paidCents: number;
  creditCents: number;
  refundedCents: number;
}

export function ledgerOf(item: Record<string, unknown> | null | undefined): ClientLedger {
  const n = (k: string) => (item && typeof item[k] === 'number' ? (item[k]) : 0);
  return { invoicedCents: n('invoicedCents'), paidCents: n('paidCents'), creditCents: n('creditCents'), refundedCents: n('refundedCents') };
}

export function balanceDue(ledger: ClientLedger): number {
  return ledger.invoicedCents - ledger.paidCents;
}

/** How much of a payment can be refunded now: what it has not refunded yet, within the client's credit. */
export function refundable(payment: { amountCents: number; refundedCents: number }, ledger: ClientLedger): number {
  return Math.max(0, Math.min(payment.amountCents - payment.refundedCents, ledger.creditCents));
}
