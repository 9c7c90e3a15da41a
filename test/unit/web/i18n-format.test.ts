import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDate, formatMoney, formatMonth } from '../../../web/src/i18n/format';

describe('formatDate', () => {
  it('shows an instant as YYYY-MM-DD in US/Pacific by default', () => {
    expect(DEFAULT_TIME_ZONE).toBe('US/Pacific');
    // 05:30 UTC on March 5 is still March 4 in California (PST, UTC−8).
    expect(formatDate('2026-03-05T05:30:00Z')).toBe('2026-03-04');
    expect(formatDate(new Date('2026-03-05T08:00:00Z'))).toBe('2026-03-05');
    // Daylight saving time (PDT, UTC−7).
    expect(formatDate(Date.UTC(2026, 6, 1, 6, 59))).toBe('2026-06-30');
    expect(formatDate(Date.UTC(2026, 6, 1, 7, 0))).toBe('2026-07-01');
  });

  it('shows timestamps as MM/DD/YYYY', () => {
    expect(formatDate('2026-03-05T20:00:00Z', { style: 'timestamp' })).toBe('03/05/2026');
    expect(formatDate('2026-12-31T09:00:00Z', { style: 'timestamp' })).toBe('12/31/2026');
  });

  it('uses another time zone when asked', () => {
    expect(formatDate('2026-03-05T05:30:00Z', { timeZone: 'America/New_York' })).toBe('2026-03-05');
    expect(formatDate('2026-03-05T05:30:00Z', { timeZone: 'Asia/Tokyo', style: 'timestamp' })).toBe('03/05/2026');
  });

  it('keeps a calendar date (a birthday) on its day whatever the zone', () => {
    expect(formatDate('1990-01-01')).toBe('1990-01-01');
    expect(formatDate('1990-01-01', { style: 'timestamp', timeZone: 'Pacific/Kiritimati' })).toBe('01/01/1990');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('yesterday')).toThrow(RangeError);
    expect(() => formatDate('2026-02-30')).toThrow(/Invalid date/);
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatMonth', () => {
  it("names a YYYY-MM month as the reader's language does, whatever the device's zone, and leaves anything else as given", () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'zh-CN')).toBe('2026年1月');
    expect(formatMonth('2026-11-05')).toBe('2026-11-05');
  });
});

describe('formatMoney', () => {
  it('shows whole US dollars by default', () => {
    expect(formatMoney(20)).toBe('$20');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(1234)).toBe('$1,234');
    expect(formatMoney(19.6)).toBe('$20');
  });

  it('shows the chosen number of decimals', () => {
    expect(formatMoney(8, { decimals: 2 })).toBe('$8.00');
    expect(formatMoney(8.125, { decimals: 1 })).toBe('$8.1');
    expect(formatMoney(-42.5, { decimals: 2 })).toBe('-$42.50');
  });

  it('writes the amount the way the language writes numbers, always in dollars', () => {
    expect(formatMoney(1234.5, { decimals: 2, locale: 'fr-FR' })).toMatch(/^1\s234,50\s\$US$/);
    expect(formatMoney(20, { locale: 'es-US' })).toBe('$20');
    expect(formatMoney(20, { locale: 'zh-CN' })).toBe('US$20');
  });

  it('refuses a bad amount or number of decimals', () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(1, { decimals: -1 })).toThrow(/Decimals/);
    expect(() => formatMoney(1, { decimals: 1.5 })).toThrow(/Decimals/);
  });
});
