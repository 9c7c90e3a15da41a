/** The appointment an edit, cancel or status change names (if this caller may change it), and the occurrences a SERIES scope reaches. */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { canSee, canWrite, type AppointmentAccess } from '../../domain/appointment/access.ts';
import { appointmentKey, appointmentSeriesKey } from '../../domain/appointment/keys.ts';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { accessOf, conflict, invalid, NOT_FOUND, type AppointmentsRequest, type Item } from './request.ts';
import { getItem, practiceTable } from './store.ts';

/** The appointment if the caller sees it (else NotFound, like a missing one) and may change it (else Unauthorized). */
export async function writableAppointment(request: AppointmentsRequest): Promise<{ item: Item; access: AppointmentAccess; version: number }> {
  const { caller, args } = request;
  const access = accessOf(caller);
  if (typeof args.id !== 'string' || args.id.length === 0 || args.id.length > 64) throw new Refusal(NOT_FOUND, 'NotFound');
  const item = await getItem(appointmentKey(caller.practiceId, args.id));
  if (!item || !canSee(access, caller.sub, item.clinicianId)) throw new Refusal(NOT_FOUND, 'NotFound');
  if (!canWrite(access, caller.sub, item.clinicianId)) throw new Refusal('Not Authorized', 'Unauthorized');
  if (typeof args.version !== 'number' || !Number.isInteger(args.version)) throw invalid([{ field: 'version', reason: 'format' }]);
  if (item.version !== args.version) throw conflict();
  return { item, access, version: args.version };
}

/** THIS: the appointment; SERIES: it and the later occurrences of its series that are still scheduled. */
export async function targetsOf(practiceId: string, item: Item, scope: unknown): Promise<Item[]> {
  if (scope !== 'THIS' && scope !== 'SERIES') throw invalid([{ field: 'scope', reason: 'format' }]);
  if (scope === 'THIS' || !item.seriesId) return [item];
  const series = await getItem(appointmentSeriesKey(practiceId, item.seriesId));
  const ids: string[] = (series?.occurrenceIds ?? []).filter((id: string) => id !== item.id);
  const later: Item[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Item[] = ids.slice(i, i + 100).map((id) => appointmentKey(practiceId, id));
    while (keys.length > 0) {
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [practiceTable()]: { Keys: keys, ConsistentRead: true } } }));
      later.push(...((out.Responses?.[practiceTable()] ?? []) as Item[]));
      keys = (out.UnprocessedKeys?.[practiceTable()]?.Keys ?? []) as Item[];
    }
  }
  const from = item.start as string;
  return [item, ...later.filter((o) => o.status === 'SCHEDULED' && o.start > from).sort((a, b) => (a.start < b.start ? -1 : 1))];
}
