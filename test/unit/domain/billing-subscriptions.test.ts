/**
 * Client subscriptions' rules (domain/billing/subscriptions.ts): an app's plans, the purchase a
 * purchase id names, and assigning a client — a free seat, once per app across active purchases,
 * again on the same purchase moves the start date, the start date within the purchase's period,
 * an ended purchase takes no one.
 */
import { describe, expect, it } from 'vitest';
import { appOfPurchase, assign, plansOf, type Purchase } from '../../../domain/billing/subscriptions.ts';

const purchase = (over: Partial<Purchase> = {}): Purchase => ({ id: 'ACT_p1', appId: 'ACT', planId: 'ACT-YEAR', seats: 2, periodStart: '2026-09-01', renewsOn: '2027-09-01', status: 'ACTIVE', assigned: [], version: 1, ...over });
const who = (clientId: string, startDate = '2026-11-26') => ({ clientId, clientName: 'N', startDate, assignedAt: '2026-11-26T12:00:00Z', assignedBy: 'owner' });

describe('client subscription plans', () => {
  it('are monthly and yearly app access per seat for the practice\'s apps only', () => {
    expect(plansOf('DBT').map((p) => [p.id, p.interval, p.priceCents])).toEqual([['DBT-MONTH', 'month', 1500], ['DBT-YEAR', 'year', 15000]]);
    expect(plansOf('NOPE')).toEqual([]);
    expect(appOfPurchase('MI_abc')).toBe('MI');
    expect(appOfPurchase('XX_abc')).toBeNull();
  });
});

describe('assigning a client', () => {
  it('takes a free seat and bumps the version; the same client again moves the start date, not a second seat', () => {
    const once = assign(purchase(), [], who('c1'));
    expect('purchase' in once && once.purchase).toMatchObject({ version: 2, assigned: [{ clientId: 'c1', startDate: '2026-11-26' }] });
    const again = assign((once as { purchase: Purchase }).purchase, [], who('c1', '2026-12-01'));
    expect('purchase' in again && again.purchase.assigned).toEqual([expect.objectContaining({ clientId: 'c1', startDate: '2026-12-01' })]);
  });

  it('refuses a full purchase, a client on another active purchase of the app, an ended purchase and dates outside the period', () => {
    const full = purchase({ assigned: [who('a'), who('b')] });
    expect(assign(full, [], who('c'))).toEqual({ refusal: 'full' });
    expect(assign(purchase(), [purchase({ id: 'ACT_p2', assigned: [who('c')] })], who('c'))).toEqual({ refusal: 'elsewhere' });
    expect('purchase' in assign(purchase(), [purchase({ id: 'ACT_p2', status: 'ENDED', assigned: [who('c')] })], who('c'))).toBe(true);
    expect(assign(purchase({ status: 'ENDED' }), [], who('c'))).toEqual({ refusal: 'ended' });
    for (const d of ['2026-08-31', '2027-09-01', '2026-13-01', 'tomorrow']) expect(assign(purchase(), [], who('c', d))).toEqual({ refusal: 'startDate' });
  });
});
