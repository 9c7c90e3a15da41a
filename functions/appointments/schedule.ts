/**
 * Double-booking: whether new slots overlap the clinician's other appointments, and the bump of
 * the clinician's schedule lock (read before the check) that makes the check hold at write time.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { formatDateTime, parseDateTime } from '../../domain/appointment/calendar.ts';
import { MAX_DURATION_MINUTES } from '../../domain/appointment/input.ts';
import { clinicianPartition, clinicianScheduleKey } from '../../domain/appointment/keys.ts';
import { isCancelled } from '../../domain/appointment/status.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { dynamo } from '../shared/aws.ts';
import { invalid } from './request.ts';
import { getItem, practiceTable } from './store.ts';

export interface Slot {
  startMs: number;
  endMs: number;
}

/**
 * The clinician's schedule lock value, and whether any of `slots` overlaps one of their
 * appointments that is not cancelled (ids in `except` are the ones being moved).
 */
export async function scheduleCheck(practiceId: string, clinicianId: string, slots: Slot[], except: Set<string>): Promise<{ seq: number | null; clash: boolean }> {
  const lock = await getItem(clinicianScheduleKey(practiceId, clinicianId));
  const from = Math.min(...slots.map((s) => s.startMs)) - MAX_DURATION_MINUTES * 60000;
  const to = Math.max(...slots.map((s) => s.endMs));
  let start: Record<string, unknown> | undefined;
  let clash = false;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: practiceTable(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': clinicianPartition(practiceId, clinicianId), ':lo': `APPT#${formatDateTime(from)}`, ':hi': `APPT#${formatDateTime(to)}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const other of out.Items ?? []) {
      if (except.has(other.id) || isCancelled(other.status)) continue;
      const os = parseDateTime(other.start) ?? 0;
      const oe = parseDateTime(other.end) ?? 0;
      if (slots.some((s) => s.startMs < oe && os < s.endMs)) clash = true;
    }
    start = out.LastEvaluatedKey;
  } while (start && !clash);
  return { seq: typeof lock?.seq === 'number' ? lock.seq : null, clash };
}

export const doubleBooked = () => invalid([{ field: 'start', reason: 'conflict', message: MESSAGES.clinicianDoubleBooked }]);

/** The lock bump that makes the overlap check hold at write time. */
export function lockUpdate(practiceId: string, clinicianId: string, seq: number | null) {
  return {
    Update: {
      TableName: practiceTable(),
      Key: clinicianScheduleKey(practiceId, clinicianId),
      UpdateExpression: 'SET seq = :next',
      ConditionExpression: seq === null ? 'attribute_not_exists(seq)' : 'seq = :seq',
      ExpressionAttributeValues: { ':next': (seq ?? 0) + 1, ...(seq === null ? {} : { ':seq': seq }) },
    },
  };
}
