/**
 * Reminders for an open occurrence left unanswered (issue 13), a scheduled job (jobs.ts: every 5
 * minutes in AWS, the local runtime's timer). Each active assignment has a reminder clock,
 * `AssessRemind#<client>#<assignment>`, whose sparse GSI3 keys (`ASSESSREMIND#<UTC day>`) say when it
 * next needs looking at (domain/assessments/reminders.ts). A run Queries yesterday's and today's
 * partitions up to now — no Scan — and per clock: reads the assignment and its open occurrence
 * (a before-appointment schedule reads the client's appointments), claims the step with a
 * conditional update (same keys as read; the mark `<occurrence>#<step>` and the next look written
 * in the same update), and only then sends: a portal client "You have a questionnaire waiting"
 * with the portal's address, a link client a new single-use link for the same occurrence (the
 * earlier link still works once; an answer through either spends the occurrence). Nothing goes
 * once the occurrence is answered or expired, or the assignment stopped. Counts only in logs.
 */
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { practiceName } from '../shared/practice-name.ts';
import { toE164 } from '../../domain/client.ts';
import { assignmentKey, doneKey } from '../../domain/assessments/items.ts';
import { dueStep, nextReminderAt, passedMark, portalReminderNotice, reminderClockKey, reminderDueKeys } from '../../domain/assessments/reminders.ts';
import { clientRecord, getItem, practiceTimezone, scheduleOf, type Item } from './store.ts';
import { isBeforeAppointment, occurrencesOf, scheduleEnded, type OccurrenceView } from './occurrences.ts';
import { issueLink } from './link.ts';

export interface AssessmentReminderRun {
  considered: number;
  sent: number;
  /** Due, but the occurrence was answered meanwhile: claimed, nothing sent. */
  answered: number;
  /** Due, but the client has no e-mail or phone: claimed, nothing sent. */
  noContact: number;
  /** Failed (the claim made, the send refused or an error): not retried — at most once; the next step still goes. */
  failed: number;
}

function nextLook(a: Item, view: OccurrenceView, answered: boolean, reminded: string | null, now: Date): string | null {
  const schedule = scheduleOf(a);
  return nextReminderAt({ open: view.open, answered, next: view.next, reminded, nowMs: now.getTime(), poll: isBeforeAppointment(schedule) && !scheduleEnded(schedule, now) });
}

/**
 * Sets an assignment's reminder clock (assigning, editing the schedule): the steps already past
 * at `now` are owed nothing. Stopping removes it (`stopReminders`).
 */
export async function startReminders(a: Item, timezone: string, now: Date): Promise<void> {
  const practiceId = a.practiceId as string;
  const clientId = a.clientId as string;
  const view = await occurrencesOf(practiceId, a, timezone, now);
  const reminded = passedMark(view.open, now.getTime());
  const at = nextLook(a, view, false, reminded, now);
  await dynamo().send(new PutCommand({
    TableName: table('PRACTICE_TABLE'),
    Item: {
      ...reminderClockKey(practiceId, clientId, a.id as string), entity: 'AssessmentReminderClock', practiceId, clientId, assignmentId: a.id, reminded,
      ...(at ? reminderDueKeys(at, practiceId, clientId, a.id as string) : {}),
    },
  }));
}

export async function stopReminders(practiceId: string, clientId: string, assignmentId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table('PRACTICE_TABLE'), Key: reminderClockKey(practiceId, clientId, assignmentId) }));
}

async function deliver(a: Item, occurrence: NonNullable<OccurrenceView['open']>, now: Date, send: Notifier): Promise<boolean> {
  const practiceId = a.practiceId as string;
  const clientId = a.clientId as string;
  const client = await clientRecord(practiceId, clientId);
  const contact = (client?.contact ?? {}) as { email?: string | null; phone?: string | null };
  if (!contact.email && !contact.phone) return false;
  const name = await practiceName(practiceId);
  if (a.delivery === 'link') {
    await issueLink({ practiceId, clientId, assignmentId: a.id as string, occurrence, practiceName: name, email: contact.email ?? null, phone: contact.phone ?? null, reminder: true }, now, send);
    return true;
  }
  const notice = portalReminderNotice(name, `${(process.env.PORTAL_ORIGIN ?? '').replace(/\/+$/, '')}/portal/assessments`);
  if (contact.email) await send.sendEmail(contact.email, notice.subject, notice.body);
  else {
    const phone = toE164(contact.phone as string);
    if (!phone) return false;
    await send.sendSms(phone, notice.sms);
  }
  return true;
}

/**
 * One run. It stops taking clocks after `budgetMs` of wall time (the Lambda has 2 minutes for
 * every job): what is left stays in the index, due, for the next run 5 minutes later.
 */
export async function sendAssessmentReminders(now = new Date(), send: Notifier = defaultNotifier(), budgetMs = 60_000): Promise<AssessmentReminderRun> {
  const run: AssessmentReminderRun = { considered: 0, sent: 0, answered: 0, noContact: 0, failed: 0 };
  const stopAt = Date.now() + budgetMs;
  const days = [new Date(now.getTime() - 86_400_000), now].map((d) => d.toISOString().slice(0, 10));
  for (const day of days) {
    let start: Record<string, unknown> | undefined;
    do {
      if (Date.now() > stopAt) return run;
      const page = await dynamo().send(new QueryCommand({
        TableName: table('PRACTICE_TABLE'), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :now',
        ExpressionAttributeValues: { ':pk': `ASSESSREMIND#${day}`, ':now': now.toISOString() }, ExclusiveStartKey: start,
      }));
      for (const entry of (page.Items ?? []) as Item[]) {
        if (Date.now() > stopAt) return run;
        run.considered += 1;
        // One clock's failure (a refused send, a throttled read) does not hold up the others'.
        const outcome = await remindOne(entry, now, send).catch(() => 'failed' as const);
        if (outcome !== 'none') run[outcome] += 1;
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return run;
}

async function remindOne(entry: Item, now: Date, send: Notifier): Promise<'sent' | 'answered' | 'noContact' | 'none'> {
  const [, practiceId, clientId, assignmentId] = String(entry.GSI3SK).split('#');
  if (!practiceId || !clientId || !assignmentId) return 'none';
  const key = reminderClockKey(practiceId, clientId, assignmentId);
  const clock = await getItem(key);
  if (!clock || clock.GSI3SK !== entry.GSI3SK) return 'none';
  const a = await getItem(assignmentKey(practiceId, clientId, assignmentId));
  const live = !!a && !a.stoppedAt;
  const view: OccurrenceView = live ? await occurrencesOf(practiceId, a, await practiceTimezone(practiceId), now) : { open: null, next: null };
  const reminded = (clock.reminded as string | null | undefined) ?? null;
  const step = view.open ? dueStep(view.open, reminded, now.getTime()) : null;
  const answered = !!view.open && !!(await getItem(doneKey(practiceId, clientId, assignmentId, view.open.key)));
  const mark = view.open && step !== null ? `${view.open.key}#${step}` : reminded;
  const at = live ? nextLook(a, view, answered, mark, now) : null;
  const keys = at ? reminderDueKeys(at, practiceId, clientId, assignmentId) : null;
  try {
    await dynamo().send(new UpdateCommand({
      TableName: table('PRACTICE_TABLE'), Key: key,
      UpdateExpression: keys ? 'SET reminded = :mark, GSI3PK = :pk, GSI3SK = :sk' : 'SET reminded = :mark REMOVE GSI3PK, GSI3SK',
      ConditionExpression: 'GSI3SK = :old',
      ExpressionAttributeValues: { ':mark': mark, ':old': entry.GSI3SK, ...(keys ? { ':pk': keys.GSI3PK, ':sk': keys.GSI3SK } : {}) },
    }));
  } catch (error) {
    // Another run claimed it first.
    if ((error as Error).name === 'ConditionalCheckFailedException') return 'none';
    throw error;
  }
  if (!a || !view.open || step === null) return 'none';
  if (answered) return 'answered';
  return (await deliver(a, view.open, now, send)) ? 'sent' : 'noContact';
}
