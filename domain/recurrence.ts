/**
 * Recurring appointments (issue #7): the occurrences of a weekly rule in the practice's timezone.
 * Node only (the appointments Lambda): the `rrule` package expands the rule and Intl converts
 * between UTC and the practice's wall clock. The rule runs on "floating" wall-clock times (the
 * local date and time written as if UTC), so an appointment at 10:00 stays at 10:00 local across
 * a daylight-saving change; each floating time is then placed in the timezone.
 */
import * as rruleModule from 'rrule';
import { DEFAULT_TIMEZONE } from './field-readers.ts';
import { parseDate } from './appointment/calendar.ts';
import { MAX_OCCURRENCES, type RecurrenceData } from './appointment/input.ts';

// rrule ships CommonJS for Node (no named exports there) and ESM for bundlers (esbuild): take RRule from either.
const { RRule } = ((rruleModule as unknown as { RRule?: unknown }).RRule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default) as typeof rruleModule;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The timezone if Intl knows it, else the default (US/Pacific). */
export function usableTimezone(timezone: unknown): string {
  if (typeof timezone !== 'string' || timezone.length === 0) return DEFAULT_TIMEZONE;
  try {
    formatter(timezone);
    return timezone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** The wall-clock time of an instant in the timezone, as a floating epoch (local fields read as UTC). */
export function toFloating(utcMs: number, timezone: string): number {
  const parts = Object.fromEntries(formatter(timezone).formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const seconds = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return seconds + (utcMs - Math.floor(utcMs / 1000) * 1000);
}

/**
 * The instant at which the timezone's clock shows this floating time. In the spring-forward gap
 * (a wall time that does not exist) it is the instant one offset-change later, as calendars do.
 */
export function fromFloating(floatingMs: number, timezone: string): number {
  const first = floatingMs - (toFloating(floatingMs, timezone) - floatingMs);
  const second = floatingMs - (toFloating(first, timezone) - first);
  if (second === first || toFloating(second, timezone) === floatingMs) return second;
  // Neither instant shows this wall time: it is in the gap; take the later reading.
  return Math.max(first, second);
}

/** YYYY-MM-DD of an instant in the timezone. */
export function localDate(utcMs: number, timezone: string): string {
  return new Date(toFloating(utcMs, timezone)).toISOString().slice(0, 10);
}

export interface Expansion {
  /** UTC starts, first = the given start. */
  starts: number[];
  /** RFC 5545 rule text (FREQ=WEEKLY;INTERVAL=…;COUNT=… or UNTIL=…), null for a single appointment. */
  rrule: string | null;
  problem: 'untilBeforeStart' | 'tooManyOccurrences' | null;
}

/** The occurrences of an appointment starting at `startMs` with this recurrence (none: just the one). */
export function expandOccurrences(startMs: number, timezone: string, recurrence: RecurrenceData | null): Expansion {
  if (!recurrence) return { starts: [startMs], rrule: null, problem: null };
  const tz = usableTimezone(timezone);
  const dtstart = new Date(toFloating(startMs, tz));
  const untilDays = recurrence.until !== null ? parseDate(recurrence.until) : null;
  // The whole last day counts (floating, end of the day in the practice's timezone).
  const until = untilDays !== null ? new Date((untilDays + 1) * 86400000 - 1000) : null;
  if (until && until.getTime() < dtstart.getTime()) return { starts: [], rrule: null, problem: 'untilBeforeStart' };
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: recurrence.interval,
    dtstart,
    ...(recurrence.count !== null ? { count: recurrence.count } : {}),
    ...(until ? { until } : {}),
  });
  const floating = rule.all((_date, i) => i <= MAX_OCCURRENCES);
  if (floating.length > MAX_OCCURRENCES) return { starts: [], rrule: null, problem: 'tooManyOccurrences' };
  const text = new RRule({
    freq: RRule.WEEKLY,
    interval: recurrence.interval,
    ...(recurrence.count !== null ? { count: recurrence.count } : {}),
    ...(until ? { until } : {}),
  }).toString().replace(/^RRULE:/, '');
  return { starts: floating.map((d) => fromFloating(d.getTime(), tz)), rrule: text, problem: null };
}

/**
 * Moves `utcMs` by the wall-clock change from `fromUtc` to `toUtc` (days and time of day in the
 * timezone): a series edit moving one occurrence from Tue 10:00 to Wed 11:00 moves every later
 * one to Wed 11:00 local, whatever the daylight-saving offset of its date.
 */
export function shiftWallClock(utcMs: number, fromUtc: number, toUtc: number, timezone: string): number {
  const tz = usableTimezone(timezone);
  const delta = toFloating(toUtc, tz) - toFloating(fromUtc, tz);
  return fromFloating(toFloating(utcMs, tz) + delta, tz);
}
