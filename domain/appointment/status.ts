/** An appointment's statuses and the cancellation rule (late when inside the practice's notice). */

export const APPOINTMENT_STATUS = ['SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED', 'LATE_CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS)[number];

/** Cancelling now: LATE_CANCELLED when less than lateCancelHours before the start (or after it), else CANCELLED. */
export function cancelStatus(startMs: number, nowMs: number, lateCancelHours: number): AppointmentStatus {
  return nowMs > startMs - lateCancelHours * 3600000 ? 'LATE_CANCELLED' : 'CANCELLED';
}

export function isCancelled(status: unknown): boolean {
  return status === 'CANCELLED' || status === 'LATE_CANCELLED';
}
