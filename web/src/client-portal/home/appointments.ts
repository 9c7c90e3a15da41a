/** What the home page shows for an appointment: pure, so the rules are tested without a browser. */
import type { ClientAppointment } from '../api';

const CANCELLED = ['CANCELLED', 'LATE_CANCELLED'];

export const isCancelled = (appointment: ClientAppointment) => CANCELLED.includes(appointment.status ?? '');

/**
 * The telehealth join link (the public video link the booking confirmation sends), for a visit
 * still on. Only a link of this site (`origin`, the page's own) or an https one: never a
 * javascript: or other scheme from stored data.
 */
export function joinLink(appointment: ClientAppointment, origin: string): string | null {
  if (appointment.locationType !== 'TELEHEALTH' || isCancelled(appointment) || !appointment.videoUrl) return null;
  if (appointment.videoUrl.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(appointment.videoUrl, origin);
  } catch {
    return null;
  }
  return url.origin === origin || url.protocol === 'https:' ? url.href : null;
}

/** Upcoming first (soonest on top); a visit that has ended is no longer upcoming. */
export function upcoming(appointments: readonly ClientAppointment[], now: Date = new Date()): ClientAppointment[] {
  return appointments.filter((a) => Date.parse(a.endTime) > now.getTime()).sort((a, b) => a.startTime.localeCompare(b.startTime));
}
