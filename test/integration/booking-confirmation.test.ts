/**
 * Issue 19: a booked appointment sends its client a confirmation by their preferred channel —
 * e-mail when they chose e-mail communication, else a text to their phone — with the telehealth
 * link for a video session and no PHI beyond the time and the practice's name. A client with no
 * address gets nothing and the booking still stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
let token = '';
const run = Date.now().toString(36);
const PRACTICE = `Harbor Counseling ${run}`;

const call = async (query: string, variables: Record<string, unknown> = {}) => {
  const { body } = await graphql(`${runtime.url}/graphql`, token, query, variables);
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
};
const CREATE = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id start videoRoomId clientVideoPath } }';

async function addClient(first: string, contact: Record<string, unknown>, email = false): Promise<string> {
  const data = await call('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', {
    input: { personalDetail: { first, last: 'Booked' }, dateOfBirth: '02/03/1990', contact, communicationSetting: { email } },
  });
  return data.addClient.id;
}

const startIn = (days: number, hour: number) => {
  const t = new Date(Date.now() + days * 86_400_000);
  t.setUTCHours(hour, 0, 0, 0);
  return t.toISOString();
};
const book = async (clientId: string, locationType: 'TELEHEALTH' | 'OFFICE', start: string) =>
  (await call(CREATE, { input: { clientId, serviceCode: '90834', locationType, start, durationMinutes: 45, sendEmailReminder: false } })).createAppointment;
const to = (address: string) => runtime.outbox.list().filter((m) => m.to === address);

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  token = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  const { getPracticeDetails } = await call('query { getPracticeDetails { version } }');
  await call('mutation ($version: Int!, $input: PracticeDetailsInput!) { editPracticeDetails(version: $version, input: $input) { version } }', {
    version: getPracticeDetails.version,
    input: { name: PRACTICE },
  });
  const { getAppointmentSettings } = await call('query { getAppointmentSettings { version } }');
  await call('mutation ($version: Int!, $input: AppointmentSettingsInput!) { editAppointmentSettings(version: $version, input: $input) { version } }', {
    version: getAppointmentSettings.version,
    input: { allowDoubleBooking: true },
  });
}, 60_000);
afterAll(async () => runtime?.stop());

describe('booking confirmation', () => {
  it('e-mails a client who chose e-mail, with the video link, the time and the practice name, and nothing more', async () => {
    const email = `ella.${run}@client.example`;
    const clientId = await addClient('Ella', { email, phone: '+15035550142' }, true);
    const [appointment] = await book(clientId, 'TELEHEALTH', startIn(3, 18));
    const mails = to(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Appointment confirmed');
    expect(mail.body).toContain(`${runtime.url}${appointment.clientVideoPath}`);
    expect(mail.body).toContain(PRACTICE);
    expect(mail.body).toMatch(/\d{1,2}:\d{2} (AM|PM) (PST|PDT)/);
    for (const phi of ['Ella', 'Booked', '90834', 'Psychotherapy', '1990']) expect(mail.body + mail.subject).not.toContain(phi);
    expect(to('+15035550142')).toHaveLength(0);
  });

  it('texts a client who did not choose e-mail, with no video link for an office visit', async () => {
    const phone = '+15035550177';
    const clientId = await addClient('Omar', { phone, email: `omar.${run}@client.example` });
    await book(clientId, 'OFFICE', startIn(4, 17));
    const [sms] = to(phone);
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain(PRACTICE);
    expect(sms.body).not.toContain('video');
    expect(sms.body).not.toContain('Omar');
    expect(to(`omar.${run}@client.example`)).toHaveLength(0);
  });

  it('books for a client with no address and sends nothing', async () => {
    const before = runtime.outbox.list().length;
    const clientId = await addClient('Nora', {});
    const [appointment] = await book(clientId, 'TELEHEALTH', startIn(5, 16));
    expect(appointment.id).toBeTruthy();
    expect(runtime.outbox.list().length).toBe(before);
  });
});
