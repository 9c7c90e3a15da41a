/**
 * createAppointment: one occurrence, or a weekly series (each occurrence its own item, plus a series
 * item listing them) in one TransactWriteItems, checked against double-booking when the practice
 * forbids it; telehealth rooms claimed and the client sent a booking confirmation.
 */
import { randomUUID } from 'node:crypto';
import { canWrite } from '../../domain/appointment/access.ts';
import { endOf, validateAppointmentInput } from '../../domain/appointment/input.ts';
import { appointmentSeriesKey } from '../../domain/appointment/keys.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { expandOccurrences } from '../../domain/recurrence.ts';
import { Refusal } from '../shared/refusal.ts';
import { claimAppointmentRooms } from '../shared/video-room.ts';
import { sendBookingConfirmation } from './confirmation.ts';
import { occurrenceItem } from './occurrence.ts';
import { bookableClient, checkCatalog, clientName, clinicianName, practiceClinician, practiceContext } from './practice.ts';
import { accessOf, invalid, type AppointmentsRequest, type Item } from './request.ts';
import { doubleBooked, lockUpdate, scheduleCheck } from './schedule.ts';
import { practiceTable, transact, withScheduleRetry } from './store.ts';

export async function createAppointment(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller } = request;
  const access = accessOf(caller);
  if (access.write === 'none') throw new Refusal('Not Authorized', 'Unauthorized');
  const { problems, data } = validateAppointmentInput(request.args.input, null, now.getTime());
  if (problems.length > 0) throw invalid(problems);
  const clinicianId = data.clinicianId ?? caller.sub;
  if (!canWrite(access, caller.sub, clinicianId)) throw new Refusal('Not Authorized', 'Unauthorized');
  const [context, client, clinician] = await Promise.all([
    practiceContext(caller.practiceId),
    bookableClient(caller.practiceId, data.clientId, caller),
    practiceClinician(caller.practiceId, clinicianId),
  ]);
  checkCatalog(data, context, null);
  const expansion = expandOccurrences(data.startMs, context.timezone, data.recurrence);
  if (expansion.problem === 'untilBeforeStart') throw invalid([{ field: 'recurrence.until', reason: 'format', message: MESSAGES.untilBeforeStart }]);
  if (expansion.problem === 'tooManyOccurrences') throw invalid([{ field: 'recurrence', reason: 'length', message: MESSAGES.tooManyOccurrences }]);
  const slots = expansion.starts.map((s) => ({ startMs: s, endMs: endOf(s, data.durationMinutes) }));
  const seriesId = data.recurrence ? randomUUID() : null;
  const recurrence = data.recurrence ? { ...data.recurrence, rrule: expansion.rrule } : null;
  const stamp = now.toISOString();
  const ids = slots.map(() => randomUUID());
  const items = slots.map((slot, i) =>
    occurrenceItem(caller.practiceId, ids[i], data, slot.startMs, {
      clinicianId, clientName: clientName(client), clinicianName: clinicianName(clinician), seriesId, recurrence, videoRoomId: null, status: 'SCHEDULED',
      version: 1, createdAt: stamp, createdBy: caller.sub, updatedAt: stamp, updatedBy: caller.sub,
    }),
  );
  await withScheduleRetry(async () => {
    const writes: Item[] = items.map((item) => ({ Put: { TableName: practiceTable(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }));
    if (seriesId) {
      writes.push({
        Put: {
          TableName: practiceTable(),
          Item: { ...appointmentSeriesKey(caller.practiceId, seriesId), entity: 'AppointmentSeries', id: seriesId, practiceId: caller.practiceId, recurrence, occurrenceIds: ids, timezone: context.timezone, createdAt: stamp, createdBy: caller.sub },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    let lockIndex: number | null = null;
    if (!context.allowDoubleBooking) {
      const check = await scheduleCheck(caller.practiceId, clinicianId, slots, new Set());
      if (check.clash) throw doubleBooked();
      lockIndex = writes.length;
      writes.push(lockUpdate(caller.practiceId, clinicianId, check.seq));
    }
    await transact(writes, lockIndex);
  });
  await claimAppointmentRooms(caller.practiceId, items, now);
  // The client hears of the booking by their preferred channel (issue 19); sending never fails the booking.
  await sendBookingConfirmation(caller.practiceId, client, items);
  return items;
}
