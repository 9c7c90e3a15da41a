/**
 * Authorization matrix rows: the practice's notification choices (/app/settings/notifications).
 * Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, U, call, outcomeOf, type AuthzDomain, type Caller, type Outcome, type Who } from './matrix.ts';

/** Edits the notification settings at their current version (read by the practice's owner, so a denied read does not hide the edit's answer). */
async function editNotifications(who: Who): Promise<Outcome> {
  const reader: Caller = who === 'otherPractice' ? 'otherPractice' : 'owner';
  const read = (await call(reader, '{ getNotificationSettings { version } }')).data as { getNotificationSettings: { version: number } };
  const version = read.getNotificationSettings.version;
  return outcomeOf(
    await call(who, 'mutation ($version: Int!, $input: NotificationSettingsInput!) { editNotificationSettings(version: $version, input: $input) { version } }', { version, input: { reminderLeadMinutes: 1440 } }),
    'Mutation.editNotificationSettings',
  );
}

export const notifications: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // The Notifications gate (spec §6): owner, admin, the three clinician roles and the supervisor
    // read; biller, scheduler and coordinators do not list it. Editing changes what every client
    // receives: the practice-settings holders only (owner, admin).
    'Query.getNotificationSettings':     [A,    A,    A,    A,    A,    A,    U,    U,    U,    A],
    'Mutation.editNotificationSettings': [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  },
  operations: {
    'Query.getNotificationSettings': async (who) => outcomeOf(await call(who, '{ getNotificationSettings { version } }'), 'Query.getNotificationSettings'),
    'Mutation.editNotificationSettings': (who) => editNotifications(who),
  },
  // The edit writes the practice's item at the version it has just read.
  exclusive: ['Mutation.editNotificationSettings'],
};
