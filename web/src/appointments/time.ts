/**
 * Times in the practice's time zone (spec part 2 §9: default US/Pacific, abbreviation fallback
 * PDT). The API stores and takes UTC; people read and type the practice's wall-clock time, so every
 * conversion goes through here (the browser's own zone never matters).
 *
 * The calendar is run in UTC and handed "wall-clock as if UTC" dates: an appointment at 10:00 in
 * the practice shows at 10:00 whatever the browser's zone, and a drop at 10:00 is read back as
 * 10:00 in the practice. `calendarIso` / `fromCalendarDate` are that mapping.
 */
export const DEFAULT_TIMEZONE = 'US/Pacific';
export const FALLBACK_ABBREVIATION = 'PDT';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The zone if the browser knows it, else the default. */
export function practiceTimezone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  return format;
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
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** Minutes the zone is ahead of UTC at that instant (US/Pacific: -480 in winter, -420 in summer). */
export function offsetMinutes(zone: string, utcMs: number): number {
  const w = wallParts(utcMs, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / MINUTE);
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
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Try both offsets around the instant; keep the earliest candidate that reads back as asked.
  const candidates = [offsetMinutes(zone, asUtc - DAY), offsetMinutes(zone, asUtc + DAY)]
    .map((offset) => asUtc - offset * MINUTE)
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    const back = wallClock(new Date(candidate), zone);
    if (back.date === date && back.time === time) return new Date(candidate).toISOString();
  }
  // In the gap of a spring-forward change: the standard-time reading (an hour later on the clock).
  return new Date(asUtc - Math.min(...[offsetMinutes(zone, asUtc - DAY), offsetMinutes(zone, asUtc + DAY)]) * MINUTE).toISOString();
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
export function formatInZone(utc: string, zone: string): string {
  const at = new Date(utc);
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, weekday: 'short', month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit',
  }).format(at);
  return `${text} ${timezoneAbbreviation(zone, at)}`;
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
