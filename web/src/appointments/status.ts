/** Appointment statuses as people read them, and the status page's date range. */
import type { Appointment, AppointmentStatus } from './api.ts';
import { addDays, utcFromWallClock } from './time.ts';
import { addEnglishSource } from '../i18n/catalog.ts';
import { ENGLISH_TRANSLATOR } from '../i18n/translator.ts';
import '../i18n/portal-messages.ts';

export const STATUS_LABEL: Record<AppointmentStatus, string> = {
  SCHEDULED: 'Upcoming',
  ATTENDED: 'Attended',
  NO_SHOW: 'No-show',
  CANCELLED: 'Cancelled',
  LATE_CANCELLED: 'Late-cancelled',
};
// The English of appointments.status.* (translated in messages/portal/<lang>.json): show a label through tm().
addEnglishSource('appointments.status', STATUS_LABEL);

/** The status page's filter, in the spec's order (issue #7): upcoming, attended, no-show, cancelled, late-cancelled. */
export const STATUS_ORDER: AppointmentStatus[] = ['SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED', 'LATE_CANCELLED'];

/** Spec part 2 §9: "Range ends add 2 days". */
export const RANGE_END_EXTRA_DAYS = 2;

/**
 * The UTC window the status page asks for: from the start of the first day (practice time) to the
 * start of the day two days after the last one, as the spec says range ends add 2 days.
 */
export function statusRange(firstDay: string, lastDay: string, zone: string): { from: string; to: string } {
  return { from: utcFromWallClock(firstDay, '00:00', zone), to: utcFromWallClock(addDays(lastDay, RANGE_END_EXTRA_DAYS), '00:00', zone) };
}

/** "Weekly, 6 times" / "Every other week until 2026-05-01", in the translator's language. */
export function recurrenceText(recurrence: Appointment['recurrence'], t: (key: string, values?: Record<string, string | number>) => string = ENGLISH_TRANSLATOR.t): string | null {
  if (!recurrence) return null;
  const every = recurrence.interval === 2 ? 'biweekly' : 'weekly';
  if (recurrence.count) return t('appointments.recurrence.count', { every, count: recurrence.count });
  if (recurrence.until) return t('appointments.recurrence.until', { every, until: recurrence.until });
  return t('appointments.recurrence.every', { every });
}
