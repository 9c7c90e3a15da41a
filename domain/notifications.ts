/**
 * The practice's notification choices (spec part 2 §1 /app/settings/notifications, menu gate
 * Notifications): which appointment reminders go out and when, and the new-secure-message notice to
 * clients. Stored as the practice's settings item `Settings#NotificationSettings` (domain/practice.ts
 * SETTINGS_KINDS: read and written by the generic Settings steps, version-guarded, audited).
 * Read by functions/appointment-reminders and functions/messaging/notify.ts. Pure and APPSYNC_JS-safe.
 */
import type { FieldProblem } from './client.ts';
import { onlyKeys, readFlag, readInt } from './field-readers.ts';

export const NOTIFICATION_FIELDS = ['appointmentReminders', 'reminderLeadMinutes', 'reminderChannel', 'messageNotifications', 'messageNotificationMinutes'];
export const NOTIFICATION_CHANNELS = ['EMAIL', 'SMS'];
/** Reminder lead time: 15 minutes to 7 days (as the appointment settings allowed). */
export const REMINDER_LEAD_RANGE = { min: 15, max: 10080 };
/** At most one new-message notice per conversation per this many minutes: 15 (issue 12) to a day. */
export const MESSAGE_NOTICE_RANGE = { min: 15, max: 1440 };

export interface NotificationSettingsData {
  /** Appointment reminders go out at all (each appointment still has its own sendEmailReminder). */
  appointmentReminders: boolean;
  reminderLeadMinutes: number;
  reminderChannel: string;
  /** Clients are told of a new secure message from the practice (never its text). */
  messageNotifications: boolean;
  /** The quiet period per conversation between two such notices. */
  messageNotificationMinutes: number;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsData = {
  appointmentReminders: true,
  reminderLeadMinutes: 1440,
  reminderChannel: 'EMAIL',
  messageNotifications: true,
  messageNotificationMinutes: 15,
};

/** Every field optional (a missing one keeps the default); unknown fields and bad values are problems, named, never echoed. */
export function validateNotificationSettings(input: unknown): { problems: FieldProblem[]; data: Record<string, unknown> } {
  const problems: FieldProblem[] = [];
  const root = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (input !== null && input !== undefined && root !== input) {
    problems.push({ field: 'input', reason: 'format' });
  }
  onlyKeys(root, NOTIFICATION_FIELDS, '', problems);
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  let channel = d.reminderChannel;
  const rawChannel = root.reminderChannel;
  if (rawChannel !== null && rawChannel !== undefined) {
    if (typeof rawChannel === 'string' && NOTIFICATION_CHANNELS.indexOf(rawChannel.toUpperCase()) >= 0) {
      channel = rawChannel.toUpperCase();
    } else {
      problems.push({ field: 'reminderChannel', reason: 'format' });
    }
  }
  const lead = readInt(root.reminderLeadMinutes, 'reminderLeadMinutes', REMINDER_LEAD_RANGE.min, REMINDER_LEAD_RANGE.max, problems);
  const quiet = readInt(root.messageNotificationMinutes, 'messageNotificationMinutes', MESSAGE_NOTICE_RANGE.min, MESSAGE_NOTICE_RANGE.max, problems);
  return {
    problems: problems,
    data: {
      appointmentReminders: readFlag(root.appointmentReminders, 'appointmentReminders', d.appointmentReminders, problems),
      reminderLeadMinutes: lead === null ? d.reminderLeadMinutes : lead,
      reminderChannel: channel,
      messageNotifications: readFlag(root.messageNotifications, 'messageNotifications', d.messageNotifications, problems),
      messageNotificationMinutes: quiet === null ? d.messageNotificationMinutes : quiet,
    },
  };
}

/** The stored item's choices, or null when the practice never saved them (then older settings apply). */
export function notificationSettingsOf(item: Record<string, unknown> | null | undefined): NotificationSettingsData | null {
  if (!item || !item.data) {
    return null;
  }
  return validateNotificationSettings(item.data).data as unknown as NotificationSettingsData;
}
