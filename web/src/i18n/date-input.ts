/**
 * Dates typed into a form, in the order and with the separator the practice's locale writes them
 * (issue 19, spec part 2 §9): an en-US practice types and reads 03/05/2026 (MM/DD/YYYY); a
 * locale that writes the day first (en-GB, fr-FR) reads 05/03/2026, one that writes the year first
 * (zh-CN) 2026/03/05. The order and separator come from Intl, so no table of locales is kept here.
 * The form's value stays the calendar date as YYYY-MM-DD.
 */
export type DatePart = 'year' | 'month' | 'day';

export interface DatePattern {
  /** The three parts in the order the locale writes them. */
  order: readonly DatePart[];
  /** What goes between them ('/', '.', '-'). */
  separator: string;
}

const patterns = new Map<string, DatePattern>();

/** How `locale` writes a numeric date, e.g. en-US → month/day/year with '/'. */
export function datePattern(locale: string): DatePattern {
  let pattern = patterns.get(locale);
  if (!pattern) {
    // Latin digits whatever the locale's own numbering, so what is typed can be read back.
    const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', numberingSystem: 'latn' }).formatToParts(new Date(Date.UTC(2026, 2, 5, 12)));
    const order = parts.filter((p): p is Intl.DateTimeFormatPart & { type: DatePart } => p.type === 'year' || p.type === 'month' || p.type === 'day').map((p) => p.type);
    const between = parts.find((p, i) => p.type === 'literal' && i > 0 && i < parts.length - 1)?.value ?? '/';
    // Bidirectional marks (Arabic writes U+200F before the slash) are not typed.
    const separator = between.replace(/[\u200e\u200f\u061c]/g, '').trim() || '/';
    pattern = order.length === 3 ? { order, separator } : { order: ['year', 'month', 'day'], separator: '-' };
    patterns.set(locale, pattern);
  }
  return pattern;
}

/** The pattern as people read it: MM/DD/YYYY, with the letters a language uses (AAAA, JJ, GG, ...). */
export function patternText(pattern: DatePattern, letters: Record<DatePart, string> = { year: 'YYYY', month: 'MM', day: 'DD' }): string {
  return pattern.order.map((part) => letters[part]).join(pattern.separator);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-03-05' written in the pattern ('03/05/2026'); anything that is not such a date as it is. */
export function formatDateInput(iso: string, pattern: DatePattern): string {
  const match = ISO.exec(iso);
  if (!match) return iso;
  const parts: Record<DatePart, string> = { year: match[1], month: match[2], day: match[3] };
  return pattern.order.map((part) => parts[part]).join(pattern.separator);
}

/**
 * What was typed, read in the pattern: the real calendar date as YYYY-MM-DD, or null. Month and
 * day may have one digit, the year must have four, and any of / . - or a space separates them.
 */
export function parseDateInput(text: string, pattern: DatePattern): string | null {
  const pieces = text.trim().split(/\s*[/.\-\s]\s*/).filter((piece) => piece !== '');
  if (pieces.length !== 3 || !pieces.every((piece) => /^\d+$/.test(piece))) return null;
  const value = Object.fromEntries(pattern.order.map((part, i) => [part, pieces[i]])) as Record<DatePart, string>;
  if (value.year.length !== 4 || value.month.length > 2 || value.day.length > 2) return null;
  const year = Number(value.year);
  const month = Number(value.month);
  const day = Number(value.day);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${value.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
