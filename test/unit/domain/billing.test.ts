/**
 * Client billing's money rules (issue 15): cents and the one formatter, the session line an
 * appointment bills (client fee, sliding scale, policy fees, place of service), invoice totals,
 * payments applied oldest first or as chosen with the rest as credit, refunds out of credit, and
 * due dates across month and year ends.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney, isCents, parseMoney, percentOf } from '../../../domain/billing/money.ts';
import { catalogOf, validateCatalog } from '../../../domain/billing/catalog.ts';
import { clientFeesOf, lineFor, type BillableAppointment } from '../../../domain/billing/session-line.ts';
import { applyPayment, balanceDue, dueDateOf, invoiceTotal, isPastDue, paidStatus, refundable, type InvoiceMoney } from '../../../domain/billing/ledger.ts';
import { DEFAULT_SERVICES } from '../../../domain/appointment/services.ts';

describe('money', () => {
  it('formats cents in USD with the practice decimals, 0 by default (rounded half up)', () => {
    expect(formatMoney(14000)).toBe('$140');
    expect(formatMoney(12350)).toBe('$124');
    expect(formatMoney(12349)).toBe('$123');
    expect(formatMoney(123456, { decimals: 2 })).toBe('$1,234.56');
    expect(formatMoney(5, { decimals: 2 })).toBe('$0.05');
  });
  it('reads typed amounts as cents and refuses what is not money', () => {
    expect(parseMoney('125')).toBe(12500);
    expect(parseMoney('$1,234.5')).toBe(123450);
    expect(parseMoney('0.07')).toBe(7);
    for (const bad of ['-5', '1.234', 'abc', '', '1e3', '100000.01']) expect(parseMoney(bad)).toBeNull();
    expect(isCents(1.5)).toBe(false);
    expect(isCents(-1)).toBe(false);
    expect(isCents(10_000_001)).toBe(false);
    expect(percentOf(14000, 25)).toBe(3500);
    expect(percentOf(333, 50)).toBe(167);
  });
});

describe('services offered', () => {
  it('a practice starts with the common psychotherapy codes, our own short names, one default', () => {
    const codes = catalogOf(null).services.map((s) => s.code);
    for (const code of ['90791', '90792', '90832', '90834', '90837', '90846', '90847', '90853', '90839', '90840', '90833', '90836', '90838', '90785']) expect(codes).toContain(code);
    expect(DEFAULT_SERVICES.filter((s) => s.isDefault)).toHaveLength(1);
    expect(catalogOf(null)).toMatchObject({ decimals: 0, lateCancelFeeCents: 0, noShowFeeCents: 0, version: 0 });
  });
  it('an edit names every problem: absurd rates, duplicate codes, no single default, decimals', () => {
    const { problems } = validateCatalog({
      services: [
        { code: '90834', description: 'Therapy', defaultMinutes: 45, rateCents: 99_999_999, isDefault: true },
        { code: '90834', description: 'Again', defaultMinutes: 45, rateCents: -1, isDefault: true },
      ],
      decimals: 3, lateCancelFeeCents: 5000, noShowFeeCents: 1.5,
    });
    expect(problems.map((p) => p.field)).toEqual(['services.0.rateCents', 'services.1.code', 'services.1.rateCents', 'services', 'decimals', 'noShowFeeCents']);
    const ok = validateCatalog({ services: [{ code: '90834', description: 'Therapy, 45 minutes', defaultMinutes: 45, rateCents: 15000, isDefault: true }], decimals: 2, lateCancelFeeCents: 5000, noShowFeeCents: 7500 });
    expect(ok.problems).toEqual([]);
    expect(ok.catalog?.services[0]).toEqual({ code: '90834', description: 'Therapy, 45 minutes', defaultMinutes: 45, rateCents: 15000, isDefault: true });
  });
});

describe('session line', () => {
  const catalog = { ...catalogOf(null), lateCancelFeeCents: 5000, noShowFeeCents: 7500 };
  const appt: BillableAppointment = { id: 'a1', clientId: 'c1', clientName: 'Ada L', clinicianId: 'u1', clinicianName: 'Olivia Owens', serviceCode: '90834', locationType: 'TELEHEALTH', status: 'ATTENDED' };
  it('an attended session bills the practice rate, telehealth at place of service 10', () => {
    expect(lineFor(appt, '2026-03-09', catalog, clientFeesOf(null))).toMatchObject({ id: 'a1', feeCents: 14000, amountCents: 14000, units: 1, placeOfService: '10', reason: 'SESSION', status: 'UNINVOICED', serviceName: 'Psychotherapy, 45 minutes' });
    expect(lineFor({ ...appt, locationType: 'OFFICE' }, '2026-03-09', catalog, clientFeesOf(null))?.placeOfService).toBe('11');
  });
  it("the client's own fee wins; else the sliding scale takes its percent off the rate", () => {
    expect(lineFor(appt, '2026-03-09', catalog, clientFeesOf({ fees: [{ code: '90834', amountCents: 6000, isDefault: true }], slidingScalePercent: 50 }))?.feeCents).toBe(6000);
    expect(lineFor({ ...appt, serviceCode: '90837' }, '2026-03-09', catalog, clientFeesOf({ fees: [], slidingScalePercent: 25 }))?.feeCents).toBe(13500);
  });
  it('no-show and late cancellation bill the policy fee, or nothing when the practice has none', () => {
    expect(lineFor({ ...appt, status: 'NO_SHOW' }, '2026-03-09', catalog, clientFeesOf(null))).toMatchObject({ reason: 'NO_SHOW', feeCents: 7500 });
    expect(lineFor({ ...appt, status: 'LATE_CANCELLED' }, '2026-03-09', catalog, clientFeesOf(null))).toMatchObject({ reason: 'LATE_CANCEL', feeCents: 5000 });
    expect(lineFor({ ...appt, status: 'NO_SHOW' }, '2026-03-09', catalogOf(null), clientFeesOf(null))).toBeNull();
    expect(lineFor({ ...appt, status: 'CANCELLED' }, '2026-03-09', catalog, clientFeesOf(null))).toBeNull();
    expect(lineFor({ ...appt, status: 'SCHEDULED' }, '2026-03-09', catalog, clientFeesOf(null))).toBeNull();
  });
});

describe('invoices and payments', () => {
  const inv = (id: string, issueDate: string, totalCents: number, paidCents = 0, status: InvoiceMoney['status'] = 'SENT'): InvoiceMoney => ({ id, number: id, issueDate, status, totalCents, paidCents });
  it('totals are units × fee summed, in cents', () => {
    expect(invoiceTotal([{ units: 1, feeCents: 14000 }, { units: 2, feeCents: 9000 }, { units: 1, feeCents: 1 }])).toBe(32001);
  });
  it('a payment goes to the oldest open invoices first; the rest is credit', () => {
    const out = applyPayment(30000, [inv('B', '2026-02-01', 14000), inv('A', '2026-01-05', 14000, 4000, 'PARTIALLY_PAID'), inv('D', '2026-01-01', 9000, 0, 'DRAFT'), inv('V', '2025-12-01', 9000, 0, 'VOID'), inv('P', '2025-11-01', 9000, 9000, 'PAID')], null);
    expect(out).toEqual({ applications: [{ invoiceId: 'A', amountCents: 10000 }, { invoiceId: 'B', amountCents: 14000 }], creditCents: 6000 });
  });
  it('a payment to chosen invoices pays only those, in that order', () => {
    expect(applyPayment(5000, [inv('A', '2026-01-05', 14000), inv('B', '2026-02-01', 14000)], ['B'])).toEqual({ applications: [{ invoiceId: 'B', amountCents: 5000 }], creditCents: 0 });
  });
  it('partial payments move the status; paying the rest marks it paid', () => {
    expect(paidStatus(14000, 0)).toBe('SENT');
    expect(paidStatus(14000, 5000)).toBe('PARTIALLY_PAID');
    expect(paidStatus(14000, 14000)).toBe('PAID');
  });
  it('refunds come out of credit, never beyond the payment', () => {
    const ledger = { invoicedCents: 28000, paidCents: 24000, creditCents: 6000, refundedCents: 0 };
    expect(balanceDue(ledger)).toBe(4000);
    expect(refundable({ amountCents: 30000, refundedCents: 0 }, ledger)).toBe(6000);
    expect(refundable({ amountCents: 3000, refundedCents: 1000 }, ledger)).toBe(2000);
    expect(refundable({ amountCents: 30000, refundedCents: 0 }, { ...ledger, creditCents: 0 })).toBe(0);
  });
  it('due dates and past due across month, year and leap-day ends', () => {
    expect(dueDateOf('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateOf('2028-01-31', 30)).toBe('2028-03-01');
    expect(dueDateOf('2026-12-20', 15)).toBe('2027-01-04');
    expect(dueDateOf('2026-04-30', 0)).toBe('2026-04-30');
    expect(isPastDue({ status: 'SENT', dueDate: '2026-02-28' }, '2026-03-01')).toBe(true);
    expect(isPastDue({ status: 'PARTIALLY_PAID', dueDate: '2026-02-28' }, '2026-02-28')).toBe(false);
    expect(isPastDue({ status: 'PAID', dueDate: '2026-02-28' }, '2026-03-01')).toBe(false);
  });
});
