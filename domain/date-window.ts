/**
 * Sane date ranges (issue 11 §6): an appointment, its series' last date and a progress note's date
 * lie within DATE_WINDOW_YEARS (20) of today — never in 1900 or in year 9999 (that one once reached
 * DynamoDB and came back as its error). Dates of birth: 1900 to today (contact-fields.ts).
 * Pure and APPSYNC_JS-safe (bundled into resolvers): no Date, no regex, no loops.
 */

/** How far before or after today an appointment or a note date may be. */
export const DATE_WINDOW_YEARS = 20;

const DAY_MS = 86400000;
/** The window as days, counting every leap day they can hold. */
const WINDOW_DAYS = DATE_WINDOW_YEARS * 365 + Math.ceil(DATE_WINDOW_YEARS / 4);

/** Whether an instant (epoch ms) lies within the window around `nowMs`. */
export function instantInWindow(ms: number, nowMs: number): boolean {
  return ms >= nowMs - WINDOW_DAYS * DAY_MS && ms <= nowMs + WINDOW_DAYS * DAY_MS;
}

/** Whether a day (days since 1970-01-01) lies within the window around the day of `nowMs`. */
export function dayInWindow(day: number, nowMs: number): boolean {
  const today = Math.floor(nowMs / DAY_MS);
  return day >= today - WINDOW_DAYS && day <= today + WINDOW_DAYS;
}
