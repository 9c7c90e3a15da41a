/**
 * Appointment reminders (issue 7), run every few minutes: EventBridge Scheduler in AWS, a timer
 * in the local runtime. Reads the sparse GSI3 of the Practice table (appointments wanting a
 * reminder, by the UTC day of their start) for the days a lead time can reach — a few Queries per
 * run whatever the number of practices, no Scan — and for each appointment now within its
 * practice's lead time: claims it with a conditional update (still scheduled, same start, not yet
 * reminded; the claim also drops it from the index), then texts or e-mails the client. Claim before
 * send: a reminder goes at most once, even with overlapping runs. Texts hold no PHI
 * (domain/reminders.ts); nothing is logged but counts.
 */
import { GetCommand, QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { appointmentSettingsKey } from '../../domain/appointment/keys.ts';
import { appointmentSettingsOf } from '../../domain/appointment/settings.ts';
import { clientKey } from '../../domain/client.ts';
import { notificationSettingsOf } from '../../domain/notifications.ts';
import { settingsKey } from '../../domain/practice.ts';
import { usableTimezone } from '../../domain/recurrence.ts';
import { isReminderDue, reminderDays, reminderText } from '../../domain/reminders.ts';
import { dynamo, table } from '../shared/aws.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';

type Item = Record<string, NativeAttributeValue>;

export interface ReminderRun {
  /** Appointments in the index window that were looked at. */
  considered: number;
  sent: number;
  /** Due, but the client has no address for the practice's channel: claimed, nothing sent. */
  noAddress: number;
  /** Claimed, but the SMS/e-mail service refused or failed: not retried (at most once). */
  failed: number;
}

interface PracticeFacts {
  /** The practice's Notifications page: reminders switched off → none goes (nothing claimed). */
  enabled: boolean;
  name: string | null;
  timeZone: string;
  leadMinutes: number;
  channel: 'EMAIL' | 'SMS';
  includeClinician: boolean;
  includeLocation: boolean;
}

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: key }))).Item;
}

async function practiceFacts(practiceId: string): Promise<PracticeFacts> {
  const [details, settings, notices] = await Promise.all([
    getItem(settingsKey(practiceId, 'PracticeDetails')),
    getItem(appointmentSettingsKey(practiceId)),
    getItem(settingsKey(practiceId, 'NotificationSettings')),
  ]);
  const data = (details?.data ?? {}) as Item;
  const rules = appointmentSettingsOf(settings);
  // Once the practice saved its Notifications page, its choices decide; before, the appointment settings' reminder fields.
  const chosen = notificationSettingsOf(notices);
  const channel = chosen ? chosen.reminderChannel : rules.reminderChannel;
  return {
    enabled: chosen ? chosen.appointmentReminders : true,
    name: typeof data.name === 'string' ? data.name : null,
    timeZone: usableTimezone(data.timezone),
    leadMinutes: chosen ? chosen.reminderLeadMinutes : rules.reminderLeadMinutes,
    channel: channel === 'SMS' ? 'SMS' : 'EMAIL',
    includeClinician: rules.reminderIncludesClinician,
    includeLocation: rules.reminderIncludesLocation,
  };
}

async function* indexedAppointments(nowMs: number): AsyncGenerator<Item> {
  const from = new Date(nowMs).toISOString();
  for (const day of reminderDays(nowMs)) {
    let start: Item | undefined;
    do {
      const page = await dynamo().send(
        new QueryCommand({
          TableName: table('PRACTICE_TABLE'),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :day AND GSI3SK > :from',
          ExpressionAttributeValues: { ':day': `REMIND#${day}`, ':from': from },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) yield item;
      start = page.LastEvaluatedKey;
    } while (start);
  }
}

/** Marks the reminder sent, only if the appointment is unchanged and not reminded yet. */
async function claim(item: Item, nowIso: string): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table('PRACTICE_TABLE'),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET reminderSentAt = :now REMOVE GSI3PK, GSI3SK',
        ConditionExpression: 'attribute_exists(PK) AND #status = :scheduled AND #start = :start AND sendEmailReminder = :yes AND attribute_not_exists(reminderSentAt)',
        ExpressionAttributeNames: { '#status': 'status', '#start': 'start' },
        ExpressionAttributeValues: { ':now': nowIso, ':scheduled': 'SCHEDULED', ':start': item.start, ':yes': true },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function sendDueReminders(now = new Date(), send: Notifier = notifier()): Promise<ReminderRun> {
  const run: ReminderRun = { considered: 0, sent: 0, noAddress: 0, failed: 0 };
  const practices = new Map<string, Promise<PracticeFacts>>();
  for await (const item of indexedAppointments(now.getTime())) {
    run.considered++;
    if (item.status !== 'SCHEDULED' || item.sendEmailReminder !== true || item.reminderSentAt) continue;
    const practiceId = String(item.practiceId);
    if (!practices.has(practiceId)) practices.set(practiceId, practiceFacts(practiceId));
    const facts = await practices.get(practiceId)!;
    if (!facts.enabled) continue;
    const startMs = Date.parse(item.start);
    if (!isReminderDue(startMs, facts.leadMinutes, now.getTime())) continue;
    if (!(await claim(item, now.toISOString()))) continue;

    const client = await getItem(clientKey(practiceId, String(item.clientId)));
    const to = facts.channel === 'SMS' ? client?.contact?.phone : client?.contact?.email;
    if (typeof to !== 'string' || !to) {
      run.noAddress++;
      continue;
    }
    const where = !facts.includeLocation ? null : item.locationType === 'TELEHEALTH' ? 'online (video session)' : item.locationName ?? null;
    const text = reminderText({
      practiceName: facts.name,
      startMs,
      timeZone: facts.timeZone,
      clinicianName: facts.includeClinician ? item.clinicianName ?? null : null,
      where,
    });
    try {
      if (facts.channel === 'SMS') await send.sendSms(to, text.body);
      else await send.sendEmail(to, text.subject, text.body);
      run.sent++;
    } catch {
      // One client's bad number must not stop the others' reminders; the count reaches the log.
      run.failed++;
    }
  }
  return run;
}
