/**
 * setAppointmentStatus: ATTENDED or NO_SHOW once the appointment has started, or SCHEDULED again
 * (reinstating a cancelled one books the slot again, checked against double-booking).
 */
import { parseDateTime } from '../../domain/appointment/calendar.ts';
import { isCancelled } from '../../domain/appointment/status.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { practiceContext } from './practice.ts';
import { invalid, type AppointmentsRequest, type Item } from './request.ts';
import { doubleBooked, lockUpdate, scheduleCheck } from './schedule.ts';
import { transact, versionGuard, withScheduleRetry } from './store.ts';
import { writableAppointment } from './targets.ts';
import { syncSessionLine } from '../billing/lines.ts';

const SETTABLE = ['ATTENDED', 'NO_SHOW', 'SCHEDULED'];

export async function setAppointmentStatus(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller, args } = request;
  const { item } = await writableAppointment(request);
  const status = args.status;
  if (typeof status !== 'string' || !SETTABLE.includes(status)) throw invalid([{ field: 'status', reason: 'format' }]);
  const startMs = parseDateTime(item.start) as number;
  if (status !== 'SCHEDULED' && now.getTime() < startMs) throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotStarted }]);
  if (status !== 'SCHEDULED' && isCancelled(item.status)) throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotScheduled }]);
  const next = { ...item, status, version: item.version + 1, updatedAt: now.toISOString(), updatedBy: caller.sub };
  // Reinstating a cancelled appointment books the slot again.
  const context = status === 'SCHEDULED' && isCancelled(item.status) ? await practiceContext(caller.practiceId) : null;
  await withScheduleRetry(async () => {
    const writes: Item[] = [versionGuard(item, next)];
    let lockIndex: number | null = null;
    if (context && !context.allowDoubleBooking) {
      const check = await scheduleCheck(caller.practiceId, item.clinicianId, [{ startMs, endMs: parseDateTime(item.end) as number }], new Set([item.id]));
      if (check.clash) throw doubleBooked();
      lockIndex = 1;
      writes.push(lockUpdate(caller.practiceId, item.clinicianId, check.seq));
    }
    await transact(writes, lockIndex);
  });
  // Client billing (issue 15): attended (or a no-show with the practice's fee) becomes a session line; back to scheduled removes an un-invoiced one.
  await syncSessionLine(caller.practiceId, next, now);
  return [next];
}
