/**
 * Dates, times, phones and money as the spec shows them (part 2 §9): calendar dates YYYY-MM-DD,
 * timestamps MM/DD/YYYY, in the practice's time zone (default US/Pacific); where the practice's
 * locale is en-US (every practice today) dates people read are MM/DD/YYYY, times 12-hour with
 * AM/PM and US phone numbers (503) 555-0142; money in US dollars with a chosen number of decimals
 * (default 0), written the way the reader's language writes numbers.
 */
import { toE164 } from '../../../domain/phone';

export const DEFAULT_TIME_ZONE = 'US/Pacific';
/** The practice's locale: how dates, times and phone numbers are written for it. */
export const PRACTICE_LOCALE = 'en-US';

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

/** A month 'YYYY-MM' as the reader's language names it: 'Nov 2026' (en), 'nov 2026' (es), '2026年11月' (zh). Anything else as given. */
export function formatMonth(month: string, language = 'en-US'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
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

export interface PracticeFormatOptions {
  /** IANA time zone an instant is shown in; default US/Pacific. */
  timeZone?: string;
  /** The practice's locale; default en-US (MM/DD/YYYY, 12-hour AM/PM). */
  locale?: string;
}

/** A date people read: '03/05/2026' where the practice is en-US, '2026-03-05' otherwise. A calendar date keeps its day. */
export function formatPracticeDate(value: Date | string | number, options: PracticeFormatOptions = {}): string {
  return formatDate(value, { timeZone: options.timeZone, style: (options.locale ?? PRACTICE_LOCALE) === 'en-US' ? 'timestamp' : 'date' });
}

/** A time of day: '2:05 PM' where the practice is en-US, '14:05' otherwise. Takes an instant or 'HH:mm'. */
export function formatPracticeTime(value: Date | string | number, options: PracticeFormatOptions = {}): string {
  const twelve = (options.locale ?? PRACTICE_LOCALE) === 'en-US';
  if (typeof value === 'string') {
    const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
    if (match) {
      const hour = Number(match[1]);
      const minute = Number(match[2]);
      if (hour > 23 || minute > 59) throw new RangeError(`Invalid time: ${value}`);
      if (!twelve) return `${String(hour).padStart(2, '0')}:${match[2]}`;
      return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time');
  return new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE, hour: twelve ? 'numeric' : '2-digit', minute: '2-digit', hourCycle: twelve ? 'h12' : 'h23',
  }).format(date);
}

/** An instant as date and time: '03/05/2026, 2:05 PM' (en-US practice). */
export function formatPracticeDateTime(value: Date | string | number, options: PracticeFormatOptions = {}): string {
  return `${formatPracticeDate(value, options)}, ${formatPracticeTime(value, options)}`;
}

/**
 * A phone number as people write it: a US number (+1 and ten digits, however typed) as
 * (503) 555-0142; any other number as it was given. Empty stays empty.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  const e164 = toE164(text);
  if (!e164 || !e164.startsWith('+1') || e164.length !== 12) return text;
  const d = e164.slice(2);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
