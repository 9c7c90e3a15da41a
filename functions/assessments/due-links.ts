/**
 * Links for the later occurrences of a link-delivered schedule (issue 13), run with the appointment
 * reminders (EventBridge Scheduler every 5 minutes in AWS, the local runtime's timer): a Query on
 * the Practice table's sparse GSI3 (`ASSESSLINK#<UTC day>`, keys set when the assignment is made or
 * its last link sent) for yesterday and today up to now — no Scan — then, per assignment whose
 * occurrence has opened: claim it with a conditional update (that occurrence's link not yet sent;
 * the keys move on to the next occurrence, or leave the index when none is left), then send the
 * link (functions/assessments/link.ts). Claim before send: a link goes at most once per occurrence.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { practiceName } from '../shared/practice-name.ts';
import { assignmentKey, doneKey, linkDueKeys, linkMark } from '../../domain/assessments/items.ts';
import { clientRecord, getItem, practiceTimezone, scheduleOf, type Item } from './store.ts';
import { issueLink } from './link.ts';
import { nextLinkCheck, occurrencesOf } from './occurrences.ts';

export interface LinkRun {
  considered: number;
  sent: number;
}

/** The update that moves an assignment's GSI3 keys to its next opening (or out of the index). */
function moveOn(a: Item, next: string | null): { expression: string; values: Record<string, unknown> } {
  if (!next) return { expression: 'REMOVE GSI3PK, GSI3SK', values: {} };
  const keys = linkDueKeys(next, a.practiceId as string, a.clientId as string, a.id as string);
  return { expression: 'SET GSI3PK = :pk, GSI3SK = :sk', values: { ':pk': keys.GSI3PK, ':sk': keys.GSI3SK } };
}

export async function sendDueAssessmentLinks(now = new Date(), send: Notifier = defaultNotifier()): Promise<LinkRun> {
  const run: LinkRun = { considered: 0, sent: 0 };
  const days = [new Date(now.getTime() - 86_400_000), now].map((d) => d.toISOString().slice(0, 10));
  for (const day of days) {
    const found = await dynamo().send(new QueryCommand({
      TableName: table('PRACTICE_TABLE'), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :now',
      ExpressionAttributeValues: { ':pk': `ASSESSLINK#${day}`, ':now': now.toISOString() },
    }));
    for (const entry of (found.Items ?? []) as Item[]) {
      run.considered += 1;
      const [, pId, cId, aId] = String(entry.GSI3SK).split('#');
      const a = pId && cId && aId ? await getItem(assignmentKey(pId, cId, aId)) : null;
      if (!a || a.GSI3SK !== entry.GSI3SK) continue;
      const practiceId = a.practiceId as string;
      const clientId = a.clientId as string;
      const timezone = await practiceTimezone(practiceId);
      const schedule = scheduleOf(a);
      const live = !a.stoppedAt && a.delivery === 'link';
      // Before each appointment: the client's booked sessions (occurrences.ts), looked at again within the hour.
      const view = live ? await occurrencesOf(practiceId, a, timezone, now) : null;
      const occurrence = view?.open ?? null;
      const pending = occurrence && linkMark(occurrence) !== a.linkedOccurrence && !(await getItem(doneKey(practiceId, clientId, a.id as string, occurrence.key)));
      const move = moveOn(a, view ? nextLinkCheck(schedule, view, now) : null);
      try {
        await dynamo().send(new UpdateCommand({
          TableName: table('PRACTICE_TABLE'), Key: assignmentKey(practiceId, clientId, a.id as string),
          UpdateExpression: pending ? `${move.expression.startsWith('SET') ? move.expression + ', linkedOccurrence = :k' : 'SET linkedOccurrence = :k ' + move.expression}` : move.expression,
          ConditionExpression: 'GSI3SK = :old',
          ExpressionAttributeValues: { ...move.values, ':old': a.GSI3SK, ...(pending ? { ':k': linkMark(occurrence) } : {}) },
        }));
      } catch (error) {
        // Another run claimed it first.
        if ((error as Error).name === 'ConditionalCheckFailedException') continue;
        throw error;
      }
      if (!pending || !occurrence) continue;
      const client = await clientRecord(practiceId, clientId);
      const contact = (client?.contact ?? {}) as { email?: string | null; phone?: string | null };
      if (!contact.email && !contact.phone) continue;
      await issueLink({ practiceId, clientId, assignmentId: a.id as string, occurrence, practiceName: await practiceName(practiceId), email: contact.email ?? null, phone: contact.phone ?? null }, now, send);
      run.sent += 1;
    }
  }
  return run;
}
