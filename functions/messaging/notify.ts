/**
 * The new-message notification to a client (issue 12): sent only when the client has an active
 * portal access for this practice, by their preferred channel (text message to their phone, else
 * e-mail), at most once per conversation per 15 minutes (or the quiet period the practice chose on
 * its Notifications page, which can also switch these notices off) — claimed with a conditional update of the
 * conversation's lastNotifiedAt, so two concurrent sends notify once. The text names the practice
 * only ("You have a new secure message from <practice>"): never the message, the sender, the
 * client's name or anything clinical. A failed send is logged by name only and does not fail the
 * message (it is stored and delivered live already).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import type { Notifier } from '../shared/notifier.ts';
import { conversationKey } from '../../domain/messaging/access.ts';
import { NOTIFICATION_SUBJECT, NOTIFY_WINDOW_MS, notificationText } from '../../domain/messaging/rules.ts';
import { notificationSettingsOf } from '../../domain/notifications.ts';
import { settingsKey } from '../../domain/practice.ts';
import { getItem, practiceName } from './store.ts';
import type { Conversation } from './request.ts';

const E164 = /^\+[1-9]\d{6,14}$/;

/** Where the client wants to hear from the practice: their portal access record's preference, else their record's contact. */
async function destination(c: Conversation): Promise<{ channel: 'sms' | 'email'; to: string } | null> {
  const access = await getItem({ PK: `P#${c.practiceId}`, SK: `PortalAccess#${c.clientId}` });
  if (!access || access.state !== 'active') return null;
  const client = await getItem({ PK: `P#${c.practiceId}`, SK: `Client#${c.clientId}` });
  const contact = (client?.contact ?? {}) as { phone?: string; email?: string };
  const phone = (access.phone as string | undefined) ?? contact.phone;
  const email = (access.email as string | undefined) ?? contact.email;
  if (access.preferredChannel === 'sms' && typeof phone === 'string' && E164.test(phone)) return { channel: 'sms', to: phone };
  return typeof email === 'string' && email.includes('@') ? { channel: 'email', to: email } : null;
}

/** Claims the conversation's notification slot (nothing sent in the last `windowMs`); false when taken. */
async function claim(c: Conversation, now: Date, windowMs: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table('PRACTICE_TABLE'),
        Key: conversationKey(c.practiceId, c.clientId),
        UpdateExpression: 'SET lastNotifiedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastNotifiedAt) OR lastNotifiedAt <= :cutoff)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': new Date(now.getTime() - windowMs).toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export async function notifyClient(c: Conversation, notifier: Notifier, now = new Date()): Promise<'sent' | 'throttled' | 'none'> {
  try {
    const chosen = notificationSettingsOf(await getItem(settingsKey(c.practiceId, 'NotificationSettings')));
    if (chosen && !chosen.messageNotifications) return 'none';
    const to = await destination(c);
    if (!to) return 'none';
    if (!(await claim(c, now, chosen ? chosen.messageNotificationMinutes * 60_000 : NOTIFY_WINDOW_MS))) return 'throttled';
    const text = notificationText(await practiceName(c.practiceId));
    if (to.channel === 'sms') {
      await notifier.sendSms(to.to, text);
    } else {
      const origin = (process.env.PORTAL_ORIGIN ?? '').replace(/\/+$/, '');
      await notifier.sendEmail(to.to, NOTIFICATION_SUBJECT, `${text}.\n\nSign in to read it: ${origin}/portal\n`);
    }
    return 'sent';
  } catch (err) {
    console.error('messaging notification failed', (err as Error)?.name ?? 'Error');
    return 'none';
  }
}
