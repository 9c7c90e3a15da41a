/**
 * Co-signature reminders (issue 18), one entry of the scheduled jobs
 * (functions/appointment-reminders/jobs.ts: EventBridge Scheduler every 5 minutes in AWS, the local
 * runtime's timer): a Query of the Practice table's sparse GSI3 (`COSIGNDUE#<UTC day>`, keys written
 * when a supervised clinician signs a note: the signature + the assignment's reminderDays) for
 * yesterday and today up to `now` — no Scan. Per note still awaiting co-signature: claim the
 * reminder with a conditional put (`COSIGNREMIND#<appointment>#<signedAt>`, once per note per
 * signature — a note returned and signed again is a new step), take the note out of the reminder
 * index, then e-mail each current supervisor. The e-mail names no client, clinician, date or note:
 * only that a note awaits their co-signature and the console page. Logs counts only.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { queryAll } from '../shared/dynamo-read.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { cosignStatus, reminderDuePartition, type CosignNote } from '../../domain/supervision.ts';
import { members, supervisionOf, updateIf, type Item } from './store.ts';

export interface CosignReminderRun {
  considered: number;
  sent: number;
}

/** How long a reminder's claim is kept (seconds): long after its due day has left the job's window. */
const CLAIM_KEEP_SECONDS = 90 * 86_400;

export const COSIGN_REMINDER_SUBJECT = 'A progress note is awaiting your co-signature';

export function cosignReminderText(days: number, origin: string): string {
  return `A progress note of a clinician you supervise has waited ${days} day${days === 1 ? '' : 's'} or more for your co-signature.\n\nSign in to review it: ${origin}/app/supervision`;
}

async function claim(note: Item, now: Date): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({
      TableName: table('PRACTICE_TABLE'),
      Item: { PK: note.PK, SK: `COSIGNREMIND#${String(note.appointmentId)}#${String(note.signedAt)}`, entity: 'CosignReminder', noteId: note.id, sentAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + CLAIM_KEEP_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    }));
    return true;
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Out of the reminder index (only if the keys are still the ones read: a later signature keeps its own). */
async function leaveIndex(note: Item): Promise<void> {
  await updateIf({ Key: { PK: note.PK, SK: note.SK }, UpdateExpression: 'REMOVE GSI3PK, GSI3SK', ConditionExpression: 'GSI3SK = :old', ExpressionAttributeValues: { ':old': note.GSI3SK } });
}

export async function sendCosignReminders(now = new Date(), send: Notifier = defaultNotifier()): Promise<CosignReminderRun> {
  const run: CosignReminderRun = { considered: 0, sent: 0 };
  const origin = process.env.PORTAL_ORIGIN ?? '';
  const days = [new Date(now.getTime() - 86_400_000), now].map((d) => d.toISOString().slice(0, 10));
  for (const day of days) {
    const due = await queryAll({
      TableName: table('PRACTICE_TABLE'), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :now',
      ExpressionAttributeValues: { ':pk': reminderDuePartition(day), ':now': now.toISOString() },
    });
    for (const note of due) {
      run.considered += 1;
      const practiceId = String(note.practiceId);
      const record = note.entity === 'ProgressNote' && cosignStatus(note as unknown as CosignNote, true) === 'awaiting' ? await supervisionOf(practiceId, String(note.clinicianId)) : null;
      const supervisorIds = record?.supervisorIds ?? [];
      if (supervisorIds.length === 0 || !(await claim(note, now))) {
        // Nothing to remind of (co-signed, returned, no longer supervised) or another run sent it.
        await leaveIndex(note);
        continue;
      }
      await leaveIndex(note);
      const team = await members(practiceId);
      const waited = Math.max(1, Math.floor((now.getTime() - Date.parse(String(note.signedAt))) / 86_400_000));
      for (const m of team.filter((x) => supervisorIds.includes(x.sub) && x.email)) {
        await send.sendEmail(m.email as string, COSIGN_REMINDER_SUBJECT, cosignReminderText(waited, origin));
      }
      run.sent += 1;
    }
  }
  return run;
}
