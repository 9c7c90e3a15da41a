/**
 * Appointments as the API returns them (readOnly from the caller's rights, the client's video path)
 * and the listAppointments page size, widest range and GSI key range. APPSYNC_JS-safe.
 */
import { canWrite, type AppointmentAccess } from './access.ts';
import { formatDateTime } from './calendar.ts';
import { MAX_DURATION_MINUTES } from './input.ts';

/** Items per page of listAppointments (one DynamoDB Query each). */
export const APPOINTMENT_PAGE_SIZE = 200;
/** Widest listAppointments range (a year and a bit). */
export const MAX_RANGE_DAYS = 400;

/** The video path a client opens for a telehealth appointment. */
export function clientVideoPath(videoRoomId: unknown, clinicianId: unknown): string | null {
  return typeof videoRoomId === 'string' && videoRoomId.length > 0 ? '/public/video/' + videoRoomId + '/' + String(clinicianId) : null;
}

/** An appointment as the API returns it to this caller (readOnly from their rights). */
export function toAppointment(item: Record<string, unknown>, callerSub: string, access: AppointmentAccess): Record<string, unknown> {
  return {
    id: item.id,
    seriesId: item.seriesId || null,
    clientId: item.clientId,
    clientName: item.clientName || '',
    clinicianId: item.clinicianId,
    clinicianName: item.clinicianName || null,
    serviceCode: item.serviceCode,
    locationType: item.locationType,
    locationName: item.locationName || null,
    start: item.start,
    end: item.end,
    durationMinutes: item.durationMinutes,
    recurrence: item.recurrence || null,
    status: item.status,
    sendEmailReminder: item.sendEmailReminder === true,
    videoRoomId: item.videoRoomId || null,
    clientVideoPath: clientVideoPath(item.videoRoomId, item.clinicianId),
    readOnly: !canWrite(access, callerSub, item.clinicianId),
    progressNoteId: item.progressNoteId || null,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * The GSI key range of listAppointments(from, to): starts from `from` minus the longest
 * appointment up to (not including) `to`; overlapping is then end > from.
 */
export function listRange(fromMs: number, toMs: number): { lower: string; upper: string; from: string } {
  return { lower: formatDateTime(fromMs - MAX_DURATION_MINUTES * 60000), upper: formatDateTime(toMs), from: formatDateTime(fromMs) };
}
