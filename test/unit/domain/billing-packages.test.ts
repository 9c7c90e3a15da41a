/**
 * Session packages (issue 15, session 8; domain/billing/packages.ts): monthly periods from the
 * start date (clamped at month ends, the boundary day opens the next period), which sessions a
 * package covers (not before its start, not from the day it ended, not beyond what was paid by
 * card), the draw-down of N units per period (a retry keeps its unit, the (N+1)th is not covered, a
 * unit given back is free again), the plan's input rules and what the page shows used and left.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, coveringPeriod, endDateOf, giveBackUnit, packageNote, periodOf, readPackagePlan, takeUnit, usage, type ClientPackage } from '../../../domain/billing/packages.ts';

const pkg = (over: Partial<ClientPackage> = {}): ClientPackage => ({
  clientId: 'c1', clientName: 'Ada Lovelace', planId: 'PKG_1', planName: '4 sessions a month', sessionsPerPeriod: 4, priceCents: 48000,
  startDate: '2026-01-31', status: 'ACTIVE', endedOn: null, paidThrough: null, stripeSubscriptionId: null, version: 1, ...over,
});

describe('periods', () => {
  it('run a month from the start date, clamped to short months, and the boundary day opens the next period', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(periodOf('2026-01-31', '2026-01-30')).toBeNull();
    expect(periodOf('2026-01-31', '2026-01-31')).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(periodOf('2026-01-31', '2026-02-27')).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(periodOf('2026-01-31', '2026-02-28')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(periodOf('2026-01-31', '2026-03-30')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(periodOf('2026-01-31', '2026-12-31')).toEqual({ start: '2026-12-31', end: '2027-01-31' });
  });

  it('a package covers from its start, not from the day it ended, and by card only what was paid', () => {
    expect(coveringPeriod(pkg(), '2026-01-30')).toBeNull();
    expect(coveringPeriod(pkg(), '2026-05-02')).toEqual({ start: '2026-04-30', end: '2026-05-31' });
    const ended = pkg({ status: 'ENDED', endedOn: '2026-03-10' });
    expect(coveringPeriod(ended, '2026-03-09')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(coveringPeriod(ended, '2026-03-10')).toBeNull();
    const card = pkg({ paidThrough: '2026-02-28', stripeSubscriptionId: 'sub_1' });
    expect(coveringPeriod(card, '2026-02-27')).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(coveringPeriod(card, '2026-02-28')).toBeNull();
    expect(coveringPeriod({ ...card, paidThrough: '2026-03-31' }, '2026-02-28')).toEqual({ start: '2026-02-28', end: '2026-03-31' });
  });
});

describe('draw-down', () => {
  it('takes N units a period in order; the same appointment keeps its unit; the (N+1)th is not covered', () => {
    let drawn: string[] = [];
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) {
      const took = takeUnit(drawn, id, 4)!;
      expect(took).toMatchObject({ position: i + 1, fresh: true });
      drawn = took.drawn;
    }
    expect(takeUnit(drawn, 'b', 4)).toEqual({ drawn, position: 2, fresh: false });
    expect(takeUnit(drawn, 'e', 4)).toBeNull();
    expect(packageNote('4 sessions a month', 2, 4)).toBe('Package: 4 sessions a month (2 of 4)');
  });

  it('a unit given back is free again; giving back what was not taken changes nothing', () => {
    const drawn = ['a', 'b', 'c', 'd'];
    const back = giveBackUnit(drawn, 'b');
    expect(back).toEqual(['a', 'c', 'd']);
    expect(takeUnit(back, 'e', 4)).toMatchObject({ position: 4, fresh: true });
    expect(giveBackUnit(back, 'zz')).toEqual(back);
  });

  it('used and left this period; nothing once ended', () => {
    expect(usage(pkg(), '2026-02-10', ['a', 'b'])).toEqual({ period: { start: '2026-01-31', end: '2026-02-28' }, used: 2, left: 2 });
    expect(usage(pkg(), '2026-02-28', [])).toMatchObject({ used: 0, left: 4 });
    expect(usage(pkg({ status: 'ENDED', endedOn: '2026-02-01' }), '2026-02-10', ['a'])).toEqual({ period: null, used: 0, left: 0 });
  });
});

describe('a package plan', () => {
  it('has a name, 1 to 31 sessions and a price of 0 to $100,000 in whole cents', () => {
    expect(readPackagePlan({ name: '  4 sessions   a month ', sessionsPerPeriod: 4, priceCents: 48000 })).toEqual({ plan: { name: '4 sessions a month', sessionsPerPeriod: 4, priceCents: 48000 } });
    expect(readPackagePlan({ name: 'Free check-ins', sessionsPerPeriod: 31, priceCents: 0 })).toHaveProperty('plan');
    const bad = readPackagePlan({ name: '', sessionsPerPeriod: 32, priceCents: 10_000_001 });
    expect(bad).toEqual({ problems: [{ field: 'name', reason: 'required' }, { field: 'sessionsPerPeriod', reason: 'format' }, { field: 'priceCents', reason: 'format' }] });
    expect(readPackagePlan({ name: 'x', sessionsPerPeriod: 0, priceCents: -1 })).toEqual({ problems: [{ field: 'sessionsPerPeriod', reason: 'format' }, { field: 'priceCents', reason: 'format' }] });
    expect(readPackagePlan({ name: 'x', sessionsPerPeriod: 2.5, priceCents: 10.5 })).toHaveProperty('problems');
    expect(readPackagePlan({ name: 'a\u0007b', sessionsPerPeriod: 2, priceCents: 100 })).toEqual({ problems: [{ field: 'name', reason: 'characters' }] });
  });
});

describe('ending a package (session 9)', () => {
  it('at the period\'s end: the first day of the next period, across month ends; today: today; not started yet: today', () => {
    const jan31 = pkg({ startDate: '2026-01-31' });
    expect(endDateOf(jan31, '2026-02-10', true)).toBe('2026-02-28');
    expect(endDateOf(jan31, '2026-02-28', true)).toBe('2026-03-31');
    expect(endDateOf(pkg({ startDate: '2028-01-31' }), '2028-02-01', true)).toBe('2028-02-29');
    expect(endDateOf(jan31, '2026-03-30', true)).toBe('2026-03-31');
    expect(endDateOf(pkg({ startDate: '2026-12-15' }), '2026-12-31', true)).toBe('2027-01-15');
    expect(endDateOf(jan31, '2026-02-10', false)).toBe('2026-02-10');
    expect(endDateOf(pkg({ startDate: '2026-12-01' }), '2026-11-26', true)).toBe('2026-11-26');
  });

  it('an ended package covers the days before endedOn (even while ENDED with endedOn ahead) and none from it', () => {
    const ended = pkg({ startDate: '2026-01-31', status: 'ENDED', endedOn: '2026-02-28' });
    expect(coveringPeriod(ended, '2026-02-27')).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(coveringPeriod(ended, '2026-02-28')).toBeNull();
    expect(usage(ended, '2026-02-20', ['a1'])).toMatchObject({ used: 1, left: 3 });
    expect(usage(ended, '2026-02-28', ['a1'])).toEqual({ period: null, used: 0, left: 0 });
  });
});
