/**
 * A client's statement (issue 15, spec part 2 §3): previous balance, the period's invoices and
 * payments, ending balance. Pure, so the carrying from month to month is unit-tested.
 *
 * The account balance is what the client owes on sent invoices less what they paid (credit shows
 * as a negative balance): every event moves it —
 *   an invoice sent           + its total        (on its issue date; drafts are not owed)
 *   a sent invoice voided     − its total        (on the day it was voided)
 *   a payment                 − its amount       (card, cash, check, external; on its date)
 *   a refund                  + its amount       (money returned to the client)
 * The previous balance is the sum of every event before the period; the ending balance is the
 * previous one plus the period's lines, so one month's ending balance is the next one's previous
 * balance by construction.
 */
import { sumCents } from './money.ts';

export type StatementLineKind = 'INVOICE' | 'VOID' | 'PAYMENT' | 'REFUND';

export interface StatementLine {
  date: string;
  kind: StatementLineKind;
  /** Invoice number, or the payment method (CARD, CASH…) and reference. */
  reference: string;
  /** Positive: owed more (invoice, refund); negative: owed less (payment, void). */
  amountCents: number;
}

export interface StatementInvoice {
  number: string;
  status: string;
  issueDate: string;
  totalCents: number;
  /** YYYY-MM-DD in the practice's zone, when voided. */
  voidedOn?: string | null;
  /** Sent before it was voided (a voided draft was never owed). */
  wasSent: boolean;
}

export interface StatementPayment {
  date: string;
  method: string;
  amountCents: number;
  refunds: { date: string; amountCents: number }[];
}

export interface Statement {
  from: string;
  to: string;
  previousBalanceCents: number;
  lines: StatementLine[];
  invoicedCents: number;
  paidCents: number;
  endingBalanceCents: number;
}

/** Every event of the client's account, oldest first (same day: invoices, voids, payments, refunds). */
export function accountEvents(invoices: StatementInvoice[], payments: StatementPayment[]): StatementLine[] {
  const events: StatementLine[] = [];
  for (const inv of invoices) {
    if (!inv.wasSent) continue;
    events.push({ date: inv.issueDate, kind: 'INVOICE', reference: inv.number, amountCents: inv.totalCents });
    if (inv.status === 'VOID' && inv.voidedOn) events.push({ date: inv.voidedOn, kind: 'VOID', reference: inv.number, amountCents: -inv.totalCents });
  }
  for (const p of payments) {
    events.push({ date: p.date, kind: 'PAYMENT', reference: p.method, amountCents: -p.amountCents });
    for (const r of p.refunds) events.push({ date: r.date, kind: 'REFUND', reference: p.method, amountCents: r.amountCents });
  }
  const order: Record<StatementLineKind, number> = { INVOICE: 0, VOID: 1, PAYMENT: 2, REFUND: 3 };
  return events.sort((a, b) => (a.date === b.date ? order[a.kind] - order[b.kind] || a.reference.localeCompare(b.reference) : a.date.localeCompare(b.date)));
}

/** The statement of [from, to] (YYYY-MM-DD, inclusive). */
export function statementOf(events: StatementLine[], from: string, to: string): Statement {
  const before = events.filter((e) => e.date < from);
  const lines = events.filter((e) => e.date >= from && e.date <= to);
  const previousBalanceCents = sumCents(before.map((e) => e.amountCents));
  return {
    from,
    to,
    previousBalanceCents,
    lines,
    invoicedCents: sumCents(lines.filter((l) => l.kind === 'INVOICE').map((l) => l.amountCents)),
    paidCents: -sumCents(lines.filter((l) => l.kind === 'PAYMENT').map((l) => l.amountCents)),
    endingBalanceCents: previousBalanceCents + sumCents(lines.map((l) => l.amountCents)),
  };
}

/** The calendar month holding `date` (YYYY-MM-DD) as [first, last] day. */
export function monthOf(date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The month before the one holding `date`. */
export function previousMonth(date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number);
  const prev = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  return monthOf(prev);
}
