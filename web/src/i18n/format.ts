/**
 * Dates and money as the spec shows them (part 2 §9): calendar dates YYYY-MM-DD, timestamps
 * MM/DD/YYYY, in the practice's time zone (default US/Pacific); money in US dollars with a chosen
 * number of decimals (default 0), written the way the reader's language writes numbers.
 */
export const DEFAULT_TIME_ZONE = 'US/Pacific';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateFormatOptions {
  /** 'date' → YYYY-MM-DD (default); 'timestamp' → MM/DD/YYYY. */
  style?: 'date' | 'timestamp';
  /** IANA time zone the instant is shown in; default US/Pacific. */
  timeZone?: string;
}

/** Year, month and day of an instant in a time zone, or of a calendar date as written. */
function calendarParts(value: Date | string | number, timeZone: string): { year: string; month: string; day: string } {
  // A plain calendar date (a birthday, a due date) has no time zone: shifting it would change the day.
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value.trim());
    if (match) {
      const [, year, month, day] = match;
      const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) {
        throw new RangeError(`Invalid date: ${value}`);
      }
      return { year, month, day };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year').padStart(4, '0'), month: part('month'), day: part('day') };
}

/** '2026-03-05' (style 'date') or '03/05/2026' (style 'timestamp'). Throws RangeError on an invalid date. */
export function formatDate(value: Date | string | number, options: DateFormatOptions = {}): string {
  const { year, month, day } = calendarParts(value, options.timeZone ?? DEFAULT_TIME_ZONE);
  return options.style === 'timestamp' ? `${month}/${day}/${year}` : `${year}-${month}-${day}`;
}

export interface MoneyFormatOptions {
  /** Digits after the decimal point, 0–20; default 0. */
  decimals?: number;
  /** BCP 47 language the number is written in; default English (US). */
  locale?: string;
}

/** US dollars: formatMoney(20) → '$20', formatMoney(8.5, { decimals: 2 }) → '$8.50'. */
export function formatMoney(amount: number, options: MoneyFormatOptions = {}): string {
  const decimals = options.decimals ?? 0;
  if (!Number.isFinite(amount)) throw new RangeError('Invalid amount');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) throw new RangeError('Decimals must be a whole number from 0 to 20');
  return new Intl.NumberFormat(options.locale ?? 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}
