// Statements (issue 15, spec §3): previous balance, invoices, payments, ending balance — carried
// from month to month; voids and refunds on their own days; drafts never owed; month edges.
import { describe, expect, it } from 'vitest';
import { accountEvents, monthOf, previousMonth, statementOf, type StatementInvoice, type StatementPayment } from '../../../domain/billing/statement.ts';

const inv = (number: string, issueDate: string, totalCents: number, extra: Partial<StatementInvoice> = {}): StatementInvoice => ({ number, status: 'SENT', issueDate, totalCents, wasSent: true, ...extra });
const pay = (date: string, amountCents: number, refunds: StatementPayment['refunds'] = [], method = 'CARD'): StatementPayment => ({ date, method, amountCents, refunds });

describe('statements', () => {
  const invoices = [
    inv('INV-00001', '2026-08-31', 15000),
    inv('INV-00002', '2026-09-30', 30000),
    inv('INV-00003', '2026-09-15', 12000, { status: 'VOID', voidedOn: '2026-10-02' }),
    inv('INV-00004', '2026-10-01', 9999, { status: 'DRAFT', wasSent: false }),
    inv('INV-00005', '2026-10-31', 14000, { status: 'PARTIALLY_PAID' }),
  ];
  const payments = [pay('2026-09-01', 15000), pay('2026-09-30', 20000, [], 'CHECK'), pay('2026-10-10', 25000, [{ date: '2026-11-03', amountCents: 5000 }])];
  const events = accountEvents(invoices, payments);

  it('lists the month’s invoices and payments between the previous and the ending balance', () => {
    const october = statementOf(events, '2026-10-01', '2026-10-31');
    expect(october.previousBalanceCents).toBe(15000 + 30000 + 12000 - 15000 - 20000);
    expect(october.lines.map((l) => [l.date, l.kind, l.reference, l.amountCents])).toEqual([
      ['2026-10-02', 'VOID', 'INV-00003', -12000],
      ['2026-10-10', 'PAYMENT', 'CARD', -25000],
      ['2026-10-31', 'INVOICE', 'INV-00005', 14000],
    ]);
    expect(october).toMatchObject({ invoicedCents: 14000, paidCents: 25000, endingBalanceCents: 22000 - 12000 - 25000 + 14000 });
  });

  it('carries each month’s ending balance into the next month’s previous balance', () => {
    let month = monthOf('2026-08-10');
    let carried = 0;
    for (let i = 0; i < 5; i++) {
      const s = statementOf(events, month.from, month.to);
      expect(s.previousBalanceCents).toBe(carried);
      carried = s.endingBalanceCents;
      const next = new Date(Date.UTC(Number(month.to.slice(0, 4)), Number(month.to.slice(5, 7)), 1)).toISOString().slice(0, 10);
      month = monthOf(next);
    }
    // Five months on, the balance is everything sent less everything paid, plus the refund.
    expect(carried).toBe(15000 + 30000 + 14000 - 15000 - 20000 - 25000 + 5000);
  });

  it('a refund raises the balance on its own day; a voided draft and a draft never appear', () => {
    const november = statementOf(events, '2026-11-01', '2026-11-30');
    expect(november.lines).toEqual([{ date: '2026-11-03', kind: 'REFUND', reference: 'CARD', amountCents: 5000 }]);
    expect(events.some((e) => e.reference === 'INV-00004')).toBe(false);
    expect(accountEvents([inv('INV-9', '2026-10-01', 100, { status: 'VOID', voidedOn: '2026-10-02', wasSent: false })], [])).toEqual([]);
  });

  it('a credit shows as a negative balance, and month edges hold across years and leap days', () => {
    const credit = statementOf(accountEvents([inv('INV-1', '2027-12-31', 1000)], [pay('2027-12-31', 1500)]), '2027-12-01', '2027-12-31');
    expect(credit.endingBalanceCents).toBe(-500);
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(previousMonth('2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(previousMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
