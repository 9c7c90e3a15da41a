/**
 * Times in the practice's time zone (spec part 2 §9: default US/Pacific, abbreviation fallback
 * PDT). The API stores and takes UTC; people read and type the practice's wall-clock time, so every
 * conversion goes through here (the browser's own zone never matters).
 *
 * The calendar is run in UTC and handed "wall-clock as if UTC" dates: an appointment at 10:00 in
 * the practice shows at 10:00 whatever the browser's zone, and a drop at 10:00 is read back as
 * 10:00 in the practice. `calendarIso` / `fromCalendarDate` are that mapping.
 */
import { DEFAULT_TIMEZONE, FALLBACK_ABBREVIATION } from '../../../domain/timezone';
import { fromFloating, toFloating, usableTimezone } from '../../../domain/wall-clock';

export { DEFAULT_TIMEZONE, FALLBACK_ABBREVIATION };

/** The zone if the browser knows it, else the default (domain/wall-clock.ts). */
export function practiceTimezone(zone: string | null | undefined): string {
  return usableTimezone(zone);
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(utcMs: number, zone: string): WallParts {
  const w = new Date(toFloating(utcMs, zone));
  return { year: w.getUTCFullYear(), month: w.getUTCMonth() + 1, day: w.getUTCDate(), hour: w.getUTCHours(), minute: w.getUTCMinutes(), second: w.getUTCSeconds() };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The practice's date (YYYY-MM-DD) and time (HH:mm) of a UTC instant. */
export function wallClock(utc: string | Date, zone: string): { date: string; time: string } {
  const w = wallParts(new Date(utc).getTime(), zone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A real calendar date as YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** A time of day as HH:mm (24 h). */
export function isTime(text: string): boolean {
  const m = TIME.exec(text);
  return Boolean(m) && Number(m![1]) < 24 && Number(m![2]) < 60;
}

/**
 * The UTC instant (ISO, with Z) of a wall-clock date and time in the zone. A time that does not
 * exist (skipped when clocks go forward) lands an hour later, as clocks show it; a time that
 * happens twice (when clocks go back) is the first one.
 */
export function utcFromWallClock(date: string, time: string, zone: string): string {
  if (!isIsoDate(date) || !isTime(time)) throw new RangeError('date must be YYYY-MM-DD and time HH:mm');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return new Date(fromFloating(Date.UTC(y, mo - 1, d, h, mi), zone)).toISOString();
}

/** The zone's short name at that instant (PST / PDT for US/Pacific), or PDT when unknown. */
export function timezoneAbbreviation(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value || FALLBACK_ABBREVIATION;
  } catch {
    return FALLBACK_ABBREVIATION;
  }
}

/** For the calendar (run in UTC): the practice's wall-clock time of an instant, as a zone-less ISO string. */
export function calendarIso(utc: string, zone: string): string {
  const w = wallParts(new Date(utc).getTime(), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Back from the calendar: a date whose UTC fields are the practice's wall clock → the real UTC instant. */
export function fromCalendarDate(date: Date, zone: string): string {
  const iso = date.toISOString();
  return utcFromWallClock(iso.slice(0, 10), iso.slice(11, 16), zone);
}

/** "Now" for the calendar: the practice's wall clock as if it were UTC (today's cell, now line). */
export function calendarNow(zone: string, now: Date = new Date()): Date {
  return new Date(`${calendarIso(now.toISOString(), zone)}Z`);
}

/** YYYY-MM-DD plus whole days (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today in the practice (YYYY-MM-DD). */
export function practiceToday(zone: string, now: Date = new Date()): string {
  return wallClock(now, zone).date;
}

/** "Mon, 03/09/2026, 10:00 AM PDT": a moment in practice time (spec part 2 §9: timestamps as MM/DD/YYYY). */
export function formatInZone(utc: string, zone: string, weekdayLanguage = 'en-US'): string {
  const at = new Date(utc);
  // The date and time as the practice writes them (en-US); the weekday's name in the reader's language.
  const weekday = new Intl.DateTimeFormat(weekdayLanguage, { timeZone: zone, weekday: 'short' }).format(at);
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit',
  }).format(at);
  return `${weekday}, ${text} ${timezoneAbbreviation(zone, at)}`;
}

export type Meridiem = 'AM' | 'PM';

/** A 24-hour HH:mm as a 12-hour clock reading ('14:05' → 02:05 PM); an unreadable time as 12:00 AM-less text. */
export function toTwelveHour(time: string): { clock: string; meridiem: Meridiem } {
  if (!isTime(time)) return { clock: time, meridiem: 'AM' };
  const [h, m] = time.split(':').map(Number);
  return { clock: `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(m)}`, meridiem: h < 12 ? 'AM' : 'PM' };
}

/** A 12-hour clock reading (hh:mm, hours 1–12) and AM/PM as 24-hour HH:mm, or null when it is not a time. */
export function fromTwelveHour(clock: string, meridiem: Meridiem): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  return `${pad((hour % 12) + (meridiem === 'PM' ? 12 : 0))}:${pad(minute)}`;
}
