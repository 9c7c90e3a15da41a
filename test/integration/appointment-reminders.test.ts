/**
 * Appointment reminders (functions/appointment-reminders) against the local runtime: an
 * appointment with the flag gets one reminder at the practice's lead time, by its channel, to the
 * client's address, with no PHI in it; not before, never twice, none when cancelled or unflagged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { sendDueReminders } from '../../functions/appointment-reminders/index.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
let token = '';
let clientId = '';
const clientEmail = 'rhea.reminder@client.example';
const clientPhone = '+15555550142';

const call = async (query: string, variables: Record<string, unknown> = {}) => {
  const { body } = await graphql(`${runtime.url}/graphql`, token, query, variables);
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
};
const SETTINGS = 'query { getAppointmentSettings { version } }';
const EDIT_SETTINGS = 'mutation ($version: Int!, $input: AppointmentSettingsInput!) { editAppointmentSettings(version: $version, input: $input) { version } }';
const CREATE = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version start } }';
const CANCEL = 'mutation ($id: ID!, $version: Int!) { cancelAppointment(id: $id, version: $version, scope: THIS) { id status } }';

async function settings(input: Record<string, unknown>) {
  const { getAppointmentSettings } = await call(SETTINGS);
  await call(EDIT_SETTINGS, { version: getAppointmentSettings.version, input });
}

/** A whole-minute start `hours` from now, on a free slot (the calendar forbids double-booking). */
function startIn(hours: number): string {
  const t = new Date(Date.now() + hours * 3_600_000);
  t.setUTCSeconds(0, 0);
  return t.toISOString();
}

const book = async (start: string, sendEmailReminder: boolean, extra: Record<string, unknown> = {}) =>
  (await call(CREATE, { input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start, durationMinutes: 30, sendEmailReminder, ...extra } })).createAppointment[0];

// Reminders only: a booking also sends its confirmation (functions/appointments/confirmation.ts).
const messagesTo = (to: string) => runtime.outbox.list().filter((m) => m.to === to && m.subject !== 'Appointment confirmed' && !m.body.includes(' is booked.'));

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  token = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  const added = await call('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', {
    input: { personalDetail: { first: 'Rhea', last: 'Minder' }, dateOfBirth: '02/03/1990', contact: { email: clientEmail, phone: clientPhone } },
  });
  clientId = added.addClient.id;
  await settings({ reminderLeadMinutes: 240, reminderChannel: 'EMAIL', allowDoubleBooking: true });
}, 60_000);
afterAll(async () => runtime?.stop());

describe('appointment reminders', () => {
  it('sends one e-mail at the lead time, without the client name, and never again', async () => {
    const start = startIn(30 + 3);
    await book(start, true);
    const before = await sendDueReminders(new Date(Date.parse(start) - 5 * 3_600_000));
    expect(messagesTo(clientEmail)).toHaveLength(0);
    expect(before.sent).toBe(0);

    const due = new Date(Date.parse(start) - 3 * 3_600_000);
    expect((await sendDueReminders(due)).sent).toBe(1);
    const [mail] = messagesTo(clientEmail);
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Appointment reminder');
    expect(mail.body).toMatch(/PST|PDT/);
    expect(mail.body).toContain('online (video session)');
    expect(mail.body).not.toMatch(/\bRhea\b|\bMinder\b|90834/);

    expect((await sendDueReminders(due)).sent).toBe(0);
    expect((await sendDueReminders(new Date(due.getTime() + 60 * 60_000))).sent).toBe(0);
    expect(messagesTo(clientEmail)).toHaveLength(1);
  });

  it('sends none for a cancelled or an unflagged appointment', async () => {
    const cancelled = await book(startIn(60), true);
    await call(CANCEL, { id: cancelled.id, version: cancelled.version });
    const unflagged = await book(startIn(61), false);
    const at = new Date(Date.parse(unflagged.start) - 60 * 60_000);
    const count = messagesTo(clientEmail).length;
    await sendDueReminders(at);
    expect(messagesTo(clientEmail)).toHaveLength(count);
  });

  it("texts the client's phone when the practice chooses SMS, leaving out what it excludes", async () => {
    await settings({ reminderChannel: 'SMS', reminderIncludesLocation: false, reminderIncludesClinician: false });
    const start = startIn(100);
    await book(start, true);
    expect((await sendDueReminders(new Date(Date.parse(start) - 2 * 3_600_000))).sent).toBe(1);
    const [sms] = messagesTo(clientPhone);
    expect(sms.channel).toBe('sms');
    expect(sms.body).not.toContain('video');
    expect(sms.body).not.toContain(' with ');
  });

  it('follows the Notifications page once saved: switched off, none goes; back on, its lead time and channel', async () => {
    const NOTICES = '{ getNotificationSettings { version appointmentReminders reminderLeadMinutes reminderChannel messageNotifications messageNotificationMinutes } }';
    const EDIT_NOTICES = 'mutation ($version: Int!, $input: NotificationSettingsInput!) { editNotificationSettings(version: $version, input: $input) { version } }';
    expect((await call(NOTICES)).getNotificationSettings).toEqual({ version: 0, appointmentReminders: true, reminderLeadMinutes: 1440, reminderChannel: 'EMAIL', messageNotifications: true, messageNotificationMinutes: 15 });
    // Bad input: the fields named, nothing written.
    await expect(call(EDIT_NOTICES, { version: 0, input: { reminderLeadMinutes: 5, reminderChannel: 'PIGEON', messageNotificationMinutes: 2 } })).rejects.toThrow(/reminderLeadMinutes.*reminderChannel.*messageNotificationMinutes|reminderChannel.*reminderLeadMinutes/);
    expect((await call(NOTICES)).getNotificationSettings.version).toBe(0);

    await call(EDIT_NOTICES, { version: 0, input: { appointmentReminders: false } });
    const start = startIn(130);
    await book(start, true);
    const count = messagesTo(clientEmail).length + messagesTo(clientPhone).length;
    expect((await sendDueReminders(new Date(Date.parse(start) - 60 * 60_000))).sent).toBe(0);
    // Back on with a 30-minute lead by e-mail (the appointment settings still say SMS): not yet at 60 minutes, then once.
    await call(EDIT_NOTICES, { version: 1, input: { appointmentReminders: true, reminderLeadMinutes: 30, reminderChannel: 'EMAIL' } });
    await expect(call(EDIT_NOTICES, { version: 1, input: { appointmentReminders: false } })).rejects.toThrow('The settings were changed by someone else');
    expect((await sendDueReminders(new Date(Date.parse(start) - 60 * 60_000))).sent).toBe(0);
    expect((await sendDueReminders(new Date(Date.parse(start) - 20 * 60_000))).sent).toBe(1);
    expect(messagesTo(clientEmail).length + messagesTo(clientPhone).length).toBe(count + 1);
    expect(messagesTo(clientEmail).at(-1)!.subject).toBe('Appointment reminder');
  });
});
