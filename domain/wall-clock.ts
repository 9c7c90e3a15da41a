/**
 * Wall-clock time in a time zone — the one conversion (issue 17), used by the appointments Lambda's
 * recurrence arithmetic (recurrence.ts), the local seed and the browser (web/src/appointments/time.ts).
 * A "floating" epoch is the zone's wall-clock fields read as if they were UTC. Uses Intl: Node and
 * browsers only, not APPSYNC_JS.
 */
import { DEFAULT_TIMEZONE } from './timezone.ts';

const DAY = 24 * 60 * 60_000;

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
  const parts: Record<string, number> = {};
  for (const part of formatter(timezone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const seconds = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return seconds + (utcMs - Math.floor(utcMs / 1000) * 1000);
}

/**
 * The instant at which the timezone's clock shows this floating time. A wall time that happens twice
 * (clocks go back) is the first one; one that does not exist (the spring-forward gap) is read with the
 * standard-time offset, i.e. it lands one offset-change later, as clocks show it.
 */
export function fromFloating(floatingMs: number, timezone: string): number {
  // The zone's offsets either side of the change (a day before and after cover any transition).
  const offsets = [toFloating(floatingMs - DAY, timezone) - (floatingMs - DAY), toFloating(floatingMs + DAY, timezone) - (floatingMs + DAY)];
  const candidates = offsets.map((offset) => floatingMs - offset).sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (toFloating(candidate, timezone) === floatingMs) return candidate;
  }
  return floatingMs - Math.min(offsets[0], offsets[1]);
}

/** YYYY-MM-DD of an instant in the timezone. */
export function localDate(utcMs: number, timezone: string): string {
  return new Date(toFloating(utcMs, timezone)).toISOString().slice(0, 10);
}
