/** cancelAppointment: THIS or the SERIES from it on, CANCELLED or LATE_CANCELLED by the practice's notice. */
import { parseDateTime } from '../../domain/appointment/calendar.ts';
import { cancelStatus } from '../../domain/appointment/status.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { practiceContext } from './practice.ts';
import { invalid, type AppointmentsRequest, type Item } from './request.ts';
import { transact, versionGuard } from './store.ts';
import { targetsOf, writableAppointment } from './targets.ts';
import { syncSessionLine } from '../billing/lines.ts';

export async function cancelAppointment(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller, args } = request;
  const { item } = await writableAppointment(request);
  if (item.status !== 'SCHEDULED') throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotScheduled }]);
  const [context, targets] = await Promise.all([practiceContext(caller.practiceId), targetsOf(caller.practiceId, item, args.scope)]);
  const stamp = now.toISOString();
  const next = targets.map((t) => ({
    ...t,
    status: cancelStatus(parseDateTime(t.start) as number, now.getTime(), context.lateCancelHours),
    version: t.version + 1,
    updatedAt: stamp,
    updatedBy: caller.sub,
  }));
  await transact(next.map((n, i) => versionGuard(targets[i], n)), null);
  // Client billing (issue 15): a late cancellation bills the practice's policy fee, when it has one.
  for (const n of next.filter((a) => a.status === 'LATE_CANCELLED')) await syncSessionLine(caller.practiceId, n, now);
  return next;
}
