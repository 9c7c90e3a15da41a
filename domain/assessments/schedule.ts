/**
 * Assessment schedules (issue 13), pure: once, weekly, every 2 weeks, monthly, or before each
 * appointment, from a start date to an optional end date, in the practice's time zone. Occurrences
 * are local calendar dates (a weekly Monday stays a Monday across DST); each opens at local
 * midnight of its date and expires when the next one opens (once: after 14 days). Monthly keeps
 * the start's day of month, on the month's last day when shorter (Jan 31 → Feb 28/29 → Mar 31).
 * Before each appointment: opens 48 hours before each booked (SCHEDULED) appointment within the
 * dates and expires at its start; the appointments are read from the client's appointment index.
 */
import { fromFloating } from '../wall-clock.ts';

export const FREQUENCIES = ['once', 'weekly', 'biweekly', 'monthly', 'beforeAppointment'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface Schedule {
  frequency: Frequency;
  /** YYYY-MM-DD in the practice's zone. */
  startDate: string;
  /** YYYY-MM-DD inclusive; null: until stopped. */
  endDate: string | null;
}

export interface Occurrence {
  /** Stable key of the occurrence: its local date, or `appt:<appointment id>` for beforeAppointment. */
  key: string;
  opensAt: string;
  expiresAt: string;
}

const DAY = 86_400_000;
const ONCE_DAYS = 14;
/** A schedule reaches at most this far from its start (and an end date at most this far ahead). */
export const MAX_SCHEDULE_DAYS = 2 * 366;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of a YYYY-MM-DD read as UTC midnight, or null when not a real date. */
export function dateValue(date: unknown): number | null {
  if (typeof date !== 'string') return null;
  const m = DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : null;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type ScheduleProblem = 'frequency' | 'startDate' | 'endDate' | 'endBeforeStart' | 'tooLong';

/** Reads a schedule from input; `today` (YYYY-MM-DD, practice zone) bounds the start date. */
export function readSchedule(input: unknown, today: string): { value: Schedule } | { problem: ScheduleProblem } {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const frequency = raw.frequency;
  if (typeof frequency !== 'string' || (FREQUENCIES as readonly string[]).indexOf(frequency) < 0) return { problem: 'frequency' };
  const start = raw.startDate === undefined || raw.startDate === null || raw.startDate === '' ? today : raw.startDate;
  const startMs = dateValue(start);
  const todayMs = dateValue(today) as number;
  if (startMs === null || startMs < todayMs - DAY || startMs > todayMs + MAX_SCHEDULE_DAYS * DAY) return { problem: 'startDate' };
  let endDate: string | null = null;
  if (frequency !== 'once' && raw.endDate !== undefined && raw.endDate !== null && raw.endDate !== '') {
    const endMs = dateValue(raw.endDate);
    if (endMs === null) return { problem: 'endDate' };
    if (endMs < startMs) return { problem: 'endBeforeStart' };
    if (endMs > startMs + MAX_SCHEDULE_DAYS * DAY) return { problem: 'tooLong' };
    endDate = raw.endDate as string;
  }
  return { value: { frequency: frequency as Frequency, startDate: start as string, endDate } };
}

/** The n-th occurrence's local date (n ≥ 0) of a date-based schedule. */
export function nthDate(schedule: Schedule, n: number): string {
  const start = dateValue(schedule.startDate) as number;
  if (schedule.frequency === 'weekly') return iso(start + n * 7 * DAY);
  if (schedule.frequency === 'biweekly') return iso(start + n * 14 * DAY);
  if (schedule.frequency === 'monthly') {
    const d = new Date(start);
    const month = d.getUTCMonth() + n;
    const year = d.getUTCFullYear() + Math.floor(month / 12);
    const m = ((month % 12) + 12) % 12;
    const last = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
    return iso(Date.UTC(year, m, Math.min(d.getUTCDate(), last)));
  }
  return schedule.startDate;
}

/** Local midnight of a date in the zone, as an ISO instant. */
export function localMidnight(date: string, timezone: string): string {
  return new Date(fromFloating(dateValue(date) as number, timezone)).toISOString();
}

const within = (schedule: Schedule, date: string) => !schedule.endDate || date <= schedule.endDate;

/** The date-based occurrence open at `now` (the latest one opened and not expired), or null. */
export function currentOccurrence(schedule: Schedule, timezone: string, nowMs: number): Occurrence | null {
  if (schedule.frequency === 'beforeAppointment') return null;
  if (schedule.frequency === 'once') {
    const opens = localMidnight(schedule.startDate, timezone);
    const expires = new Date(fromFloating((dateValue(schedule.startDate) as number) + ONCE_DAYS * DAY, timezone)).toISOString();
    return Date.parse(opens) <= nowMs && nowMs < Date.parse(expires) ? { key: schedule.startDate, opensAt: opens, expiresAt: expires } : null;
  }
  let found: Occurrence | null = null;
  for (let n = 0; n < 800; n += 1) {
    const date = nthDate(schedule, n);
    if (!within(schedule, date)) break;
    const opens = localMidnight(date, timezone);
    if (Date.parse(opens) > nowMs) break;
    const next = nthDate(schedule, n + 1);
    found = { key: date, opensAt: opens, expiresAt: localMidnight(next, timezone) };
  }
  return found && nowMs < Date.parse(found.expiresAt) ? found : null;
}

/** Occurrence dates of a date-based schedule from `from` to `to` (inclusive, YYYY-MM-DD). */
export function occurrencesBetween(schedule: Schedule, from: string, to: string): string[] {
  if (schedule.frequency === 'beforeAppointment') return [];
  const out: string[] = [];
  for (let n = 0; n < 800; n += 1) {
    const date = nthDate(schedule, n);
    if (date > to || !within(schedule, date)) break;
    if (date >= from) out.push(date);
    if (schedule.frequency === 'once') break;
  }
  return out;
}

/** A before-appointment occurrence opens this long before the appointment starts (and expires at its start). */
export const BEFORE_APPOINTMENT_HOURS = 48;
const LEAD = BEFORE_APPOINTMENT_HOURS * 3_600_000;

/** What a before-appointment schedule reads of an appointment (the client's, from the per-client index). */
export interface BookedAppointment {
  id: string;
  /** ISO instant. */
  start: string;
  status: string;
}

/**
 * The occurrence for a booked appointment (beforeAppointment schedules), or null when it is not
 * SCHEDULED or starts outside the schedule's dates (local, inclusive). Keyed by the appointment's
 * id: a rescheduled appointment moves its occurrence (answered stays answered), a cancelled one drops it.
 */
export function appointmentOccurrence(schedule: Schedule, appointment: BookedAppointment, timezone: string): Occurrence | null {
  const start = Date.parse(appointment.start);
  if (appointment.status !== 'SCHEDULED' || !Number.isFinite(start)) return null;
  const startDate = localMidnight(schedule.startDate, timezone);
  const endLimit = schedule.endDate ? Date.parse(localMidnight(iso((dateValue(schedule.endDate) as number) + DAY), timezone)) : Infinity;
  if (start < Date.parse(startDate) || start >= endLimit) return null;
  return { key: `appt:${appointment.id}`, opensAt: new Date(start - LEAD).toISOString(), expiresAt: new Date(start).toISOString() };
}

/** The appointments' occurrences, soonest first. */
function appointmentOccurrences(schedule: Schedule, appointments: readonly BookedAppointment[], timezone: string): Occurrence[] {
  return appointments
    .map((a) => appointmentOccurrence(schedule, a, timezone))
    .filter((o): o is Occurrence => o !== null)
    .sort((x, y) => x.expiresAt.localeCompare(y.expiresAt));
}

/** The occurrence open at `nowMs` (the soonest appointment's when two are open at once), or null. */
export function openAppointmentOccurrence(schedule: Schedule, appointments: readonly BookedAppointment[], timezone: string, nowMs: number): Occurrence | null {
  return appointmentOccurrences(schedule, appointments, timezone).find((o) => Date.parse(o.opensAt) <= nowMs && nowMs < Date.parse(o.expiresAt)) ?? null;
}

/** The next appointment occurrence to open after `nowMs`, or null (none booked yet). */
export function nextAppointmentOccurrence(schedule: Schedule, appointments: readonly BookedAppointment[], timezone: string, nowMs: number): Occurrence | null {
  return appointmentOccurrences(schedule, appointments, timezone).find((o) => Date.parse(o.opensAt) > nowMs) ?? null;
}

/** The date-based occurrence that opens next after `nowMs`, or null. */
export function nextOccurrence(schedule: Schedule, timezone: string, nowMs: number): Occurrence | null {
  const opens = nextOpening(schedule, timezone, nowMs);
  return opens ? currentOccurrence(schedule, timezone, Date.parse(opens)) : null;
}

/** When the next date-based occurrence opens after `nowMs` (ISO), or null (none left, or appointment-based). */
export function nextOpening(schedule: Schedule, timezone: string, nowMs: number): string | null {
  if (schedule.frequency === 'beforeAppointment') return null;
  for (let n = 0; n < 800; n += 1) {
    const date = nthDate(schedule, n);
    if (!within(schedule, date)) return null;
    const opens = localMidnight(date, timezone);
    if (Date.parse(opens) > nowMs) return opens;
    if (schedule.frequency === 'once') return null;
  }
  return null;
}
