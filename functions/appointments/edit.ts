/**
 * editAppointment: THIS occurrence or the SERIES from it on (later occurrences keep their own
 * fields except the changed ones; a moved start shifts them by the same wall-clock change),
 * version-guarded and checked against double-booking when the practice forbids it.
 */
import { canWrite } from '../../domain/appointment/access.ts';
import { parseDateTime } from '../../domain/appointment/calendar.ts';
import { validateAppointmentInput } from '../../domain/appointment/input.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { shiftWallClock } from '../../domain/recurrence.ts';
import { Refusal } from '../shared/refusal.ts';
import { claimAppointmentRooms } from '../shared/video-room.ts';
import { occurrenceItem } from './occurrence.ts';
import { bookableClient, checkCatalog, clientName, clinicianName, practiceClinician, practiceContext } from './practice.ts';
import { invalid, type AppointmentsRequest, type Item } from './request.ts';
import { doubleBooked, lockUpdate, scheduleCheck } from './schedule.ts';
import { transact, versionGuard, withScheduleRetry } from './store.ts';
import { targetsOf, writableAppointment } from './targets.ts';

export async function editAppointment(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller, args } = request;
  const { item, access } = await writableAppointment(request);
  if (item.status !== 'SCHEDULED') throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotScheduled }]);
  const { problems, data, given } = validateAppointmentInput(args.input, item, now.getTime());
  if (given.includes('recurrence')) problems.push({ field: 'recurrence', reason: 'format', message: MESSAGES.recurrenceFixed });
  if (problems.length > 0) throw invalid(problems);
  const clinicianId = data.clinicianId ?? item.clinicianId;
  if (clinicianId !== item.clinicianId && !canWrite(access, caller.sub, clinicianId)) throw new Refusal('Not Authorized', 'Unauthorized');
  const [context, targets] = await Promise.all([practiceContext(caller.practiceId), targetsOf(caller.practiceId, item, args.scope)]);
  checkCatalog(data, context, given);
  const client = given.includes('clientId') && data.clientId !== item.clientId ? await bookableClient(caller.practiceId, data.clientId, caller) : null;
  const clinician = clinicianId !== item.clinicianId ? await practiceClinician(caller.practiceId, clinicianId) : null;
  const oldStart = parseDateTime(item.start) as number;
  const stamp = now.toISOString();
  const next = targets.map((target) => {
    const targetStart = parseDateTime(target.start) as number;
    const startMs = target === item ? data.startMs : given.includes('start') ? shiftWallClock(targetStart, oldStart, data.startMs, context.timezone) : targetStart;
    // Series edits carry the changed fields only; each later occurrence keeps the rest of its own.
    const own = target === item ? data : validateAppointmentInput(Object.fromEntries(given.filter((f) => f !== 'start').map((f) => [f, (args.input as Item)[f]])), target).data;
    return occurrenceItem(caller.practiceId, target.id, { ...own, clinicianId }, startMs, {
      clinicianId,
      clientName: client ? clientName(client) : target.clientName,
      clinicianName: clinician ? clinicianName(clinician) : target.clinicianName ?? null,
      seriesId: target.seriesId ?? null,
      recurrence: target.recurrence ?? null,
      videoRoomId: target.videoRoomId ?? null,
      status: target.status,
      version: target.version + 1,
      createdAt: target.createdAt,
      createdBy: target.createdBy,
      updatedAt: stamp,
      updatedBy: caller.sub,
      progressNoteId: target.progressNoteId ?? null,
    });
  });
  await withScheduleRetry(async () => {
    const writes: Item[] = next.map((n, i) => versionGuard(targets[i], n));
    let lockIndex: number | null = null;
    if (!context.allowDoubleBooking) {
      const slots = next.map((n) => ({ startMs: parseDateTime(n.start) as number, endMs: parseDateTime(n.end) as number }));
      const check = await scheduleCheck(caller.practiceId, clinicianId, slots, new Set(targets.map((t) => t.id)));
      if (check.clash) throw doubleBooked();
      lockIndex = writes.length;
      writes.push(lockUpdate(caller.practiceId, clinicianId, check.seq));
    }
    await transact(writes, lockIndex);
  });
  await claimAppointmentRooms(caller.practiceId, next, now);
  return next;
}
