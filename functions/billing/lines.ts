/**
 * Session lines from appointments (issue 15): the appointments Lambda calls syncSessionLine after
 * it changed an appointment's status (attended, no-show, late cancel, or back to scheduled). The
 * line's id is the appointment's, so writing it again is a no-op (idempotent); an invoiced line
 * never changes here; a line whose appointment no longer bills is removed while not invoiced. A
 * session of a client on a session package takes a unit of its period (packages.ts) and charges
 * nothing; a line that no longer takes it gives it back.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { billingIndexKeys, clientFeesKey, lineKey } from '../../domain/billing/keys.ts';
import { clientFeesOf, lineFor } from '../../domain/billing/session-line.ts';
import { clientKey } from '../../domain/client.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { dynamo } from '../shared/aws.ts';
import { drawDown, giveBack } from './packages.ts';
import { practiceBilling, responsibleClinician } from './practice.ts';
import type { Item } from './request.ts';
import { getItem, practiceTable } from './store.ts';

/** The stored line item: the line, its bucket's index keys, bookkeeping. */
export function lineItem(practiceId: string, line: Item, filedUnder: string, stamp: string): Item {
  const bucket = line.status === 'INVOICED' ? 'SESSION_INVOICED' : 'SESSION_OPEN';
  // The index keys after the line: a stored line passed back in (invoicing it) carries its old bucket's keys, which must not win.
  return { ...line, ...lineKey(practiceId, line.id), ...billingIndexKeys(practiceId, bucket, { clientId: line.clientId, clinicianId: filedUnder, date: line.date, id: line.id }), entity: 'SessionLine', filedUnder, practiceId, updatedAt: stamp };
}

export async function syncSessionLine(practiceId: string, appointment: Item, now = new Date()): Promise<void> {
  const [practice, existing, client, fees] = await Promise.all([
    practiceBilling(practiceId, now),
    getItem(lineKey(practiceId, appointment.id)),
    getItem(clientKey(practiceId, appointment.clientId)),
    getItem(clientFeesKey(practiceId, appointment.clientId)),
  ]);
  if (existing && existing.status !== 'UNINVOICED') return;
  const date = localDate(Date.parse(appointment.start), practice.timezone);
  const line: Item | null = lineFor(appointment as never, date, practice.catalog, clientFeesOf(fees));
  // A session package (packages.ts): the first N sessions of its period charge nothing and say so.
  const covered = line?.reason === 'SESSION' ? await drawDown(practiceId, line.clientId, appointment.id, date) : null;
  if (line && covered) Object.assign(line, { serviceName: `${line.serviceName} — ${covered.note}`, listFeeCents: line.feeCents, feeCents: 0, amountCents: 0, packagePeriod: covered.periodStart });
  try {
    if (!line) {
      if (existing) {
        await dynamo().send(new DeleteCommand({ TableName: practiceTable(), Key: lineKey(practiceId, appointment.id), ConditionExpression: '#s = :open', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':open': 'UNINVOICED' } }));
      }
    } else {
      const stamp = now.toISOString();
      const item = { ...lineItem(practiceId, line, responsibleClinician(client, appointment.clinicianId), stamp), createdAt: existing?.createdAt ?? stamp };
      await dynamo().send(new PutCommand({ TableName: practiceTable(), Item: item, ConditionExpression: 'attribute_not_exists(PK) OR #s = :open', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':open': 'UNINVOICED' } }));
    }
  } catch (err) {
    // Invoiced meanwhile: the invoice holds the line as it was; nothing to change.
    if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
    return;
  }
  // The line no longer takes the unit it had (cancelled, no longer attended, another period): give it back.
  if (existing?.packagePeriod && existing.packagePeriod !== covered?.periodStart) await giveBack(practiceId, existing.clientId, appointment.id, existing.packagePeriod);
}
