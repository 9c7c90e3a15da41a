/** The stored item of one appointment occurrence, and the unguessable video room of a telehealth one. */
import { randomBytes } from 'node:crypto';
import { formatDateTime } from '../../domain/appointment/calendar.ts';
import { endOf, type AppointmentData } from '../../domain/appointment/input.ts';
import { appointmentIndexKeys, appointmentKey } from '../../domain/appointment/keys.ts';
import { reminderIndexKeys } from '../../domain/reminders.ts';
import type { Item } from './request.ts';

/** An unguessable video room id: 32 characters of [A-Za-z0-9_-] (192 random bits; see domain/video-ticket.ts). */
export function newVideoRoomId(): string {
  return randomBytes(24).toString('base64url');
}

/** The stored attributes of one occurrence (also used by the local seed). */
export function occurrenceItem(
  practiceId: string,
  id: string,
  data: AppointmentData,
  startMs: number,
  extra: { clinicianId: string; clientName: string; clinicianName: string | null; seriesId: string | null; recurrence: Item | null; videoRoomId: string | null; status: string; version: number; createdAt: string; createdBy: string; updatedAt: string; updatedBy: string; progressNoteId?: string | null },
): Item {
  const start = formatDateTime(startMs);
  return {
    ...appointmentKey(practiceId, id),
    ...appointmentIndexKeys(practiceId, id, extra.clinicianId, start, data.clientId),
    // Listed for the reminder job (functions/appointment-reminders) while a reminder is wanted.
    ...(data.sendEmailReminder && extra.status === 'SCHEDULED' ? reminderIndexKeys(practiceId, id, start) : {}),
    entity: 'Appointment',
    id,
    practiceId,
    seriesId: extra.seriesId,
    clientId: data.clientId,
    clientName: extra.clientName,
    clinicianId: extra.clinicianId,
    clinicianName: extra.clinicianName,
    serviceCode: data.serviceCode,
    locationType: data.locationType,
    locationName: data.locationName,
    start,
    end: formatDateTime(endOf(startMs, data.durationMinutes)),
    durationMinutes: data.durationMinutes,
    recurrence: extra.recurrence,
    status: extra.status,
    sendEmailReminder: data.sendEmailReminder,
    videoRoomId: data.locationType === 'TELEHEALTH' ? extra.videoRoomId ?? newVideoRoomId() : null,
    progressNoteId: extra.progressNoteId ?? null,
    version: extra.version,
    createdAt: extra.createdAt,
    createdBy: extra.createdBy,
    updatedAt: extra.updatedAt,
    updatedBy: extra.updatedBy,
  };
}
