/**
 * Recurring appointments (issue #7): the occurrences of a weekly rule in the practice's timezone.
 * Node only (the appointments Lambda): the `rrule` package expands the rule and Intl converts
 * between UTC and the practice's wall clock. The rule runs on "floating" wall-clock times (the
 * local date and time written as if UTC), so an appointment at 10:00 stays at 10:00 local across
 * a daylight-saving change; each floating time is then placed in the timezone.
 */
import * as rruleModule from 'rrule';
import { fromFloating, localDate, toFloating, usableTimezone } from './wall-clock.ts';
import { parseDate } from './appointment/calendar.ts';
import { MAX_OCCURRENCES, type RecurrenceData } from './appointment/input.ts';

// rrule ships CommonJS for Node (no named exports there) and ESM for bundlers (esbuild): take RRule from either.
const { RRule } = ((rruleModule as unknown as { RRule?: unknown }).RRule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default);

// Wall-clock conversion: the one implementation, shared with the browser (issue 17).
export { usableTimezone, toFloating, fromFloating, localDate };

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
