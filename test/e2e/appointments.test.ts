/**
 * Appointments in Chromium, as people click: a clinician books a weekly appointment, sees it in
 * the month and week views, opens it, writes and signs a SOAP note and adds an addendum (the
 * original stays); a clinicianBasic does not see another clinician's appointment; a supervisor
 * sees it read-only; the status page filters by status and clinician. axe finds nothing on either page.
 * Supervision (issue 18): the clinician is supervised, so her signed note shows "Awaiting
 * co-signature"; the supervisor opens her awaiting list, reads the note read-only and co-signs it
 * (the clinician then sees who co-signed and when), and returns another note with a comment.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { apiAs } from '../support/seeded-api.ts';
import { usePortal } from '../support/portal.ts';
import { addDays, practiceToday, utcFromWallClock } from '../../web/src/appointments/time.ts';

const portal = usePortal();
const email = (role: string) => DEMO_ACCOUNTS.find((a) => a.email.startsWith(`${role}@`))!.email;
const clinician = email('fullclient');
const basic = email('basic');
const supervisor = email('supervisor');

// Made-up people, unique per run.
const run = Date.now().toString(36);
const clientName = `Avery Weekly${run}`;
const basicClientName = `Blake Own${run}`;

async function newPage(): Promise<Page> {
  const context = await portal.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  return context.newPage();
}

const api = (who: string, query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, who, query, variables);

async function practiceZone(): Promise<string> {
  const data = await api(clinician, '{ getAppointmentSettings { timezone } }');
  return data.getAppointmentSettings.timezone;
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The calendar's event for a client (events are buttons; agenda rows are rows). */
const event = (page: Page, name: string) => page.locator('.fc-event', { hasText: name });

/** The client's event on one day of the month or week view shown. */
const eventOn = (page: Page, day: string, name: string) =>
  page.locator(`.fc-daygrid-day[data-date="${day}"], .fc-timegrid-col[data-date="${day}"]`).locator('.fc-event', { hasText: name });

/**
 * Brings `day` into the month or week view shown: the calendar opens on today's month or week,
 * and `day` (an hour ago) is the day before when the run starts in the practice's first hour.
 */
async function showDay(page: Page, view: 'month' | 'week', day: string, zone: string) {
  const shown = view === 'month'
    ? day.slice(0, 7) === practiceToday(zone).slice(0, 7)
    : (await page.locator(`.fc-timegrid-col[data-date="${day}"]`).count()) > 0;
  if (!shown) await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await page.locator(`.fc-daygrid-day[data-date="${day}"], .fc-timegrid-col[data-date="${day}"]`).first().waitFor();
}

const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.getByRole('option', { name: option }).first().click();
}

describe('appointments', () => {
  let appointmentId = '';
  let noteDay = '';

  beforeAll(async () => {
    // The clinician is supervised by the demo supervisor (the owner's assignment, as on the team page).
    const [fiona, sara] = await Promise.all([api(clinician, '{ me { id } }'), api(supervisor, '{ me { id } }')]);
    await api(email('owner'), 'mutation ($c: ID!, $s: [ID!]!) { setSupervisors(clinicianId: $c, supervisorIds: $s) { clinicianId } }', { c: fiona.me.id, s: [sara.me.id] });
    const add = 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }';
    const [first, last] = clientName.split(' ');
    await api(clinician, add, { input: { personalDetail: { first, last }, dateOfBirth: '02/03/1984' } });
    const [bFirst, bLast] = basicClientName.split(' ');
    await api(basic, add, { input: { personalDetail: { first: bFirst, last: bLast }, dateOfBirth: '06/07/1991' } });
  });

  it('books a weekly appointment, shows it in month and week views, moves one by drag, and keeps a signed SOAP note with its addendum', async () => {
    // The day of an hour ago in the practice's zone: today, or yesterday in its first hour, so that
    // the occurrence dragged to 0:15 has begun (signing waits for the start) whatever the hour of the run.
    const zone = await practiceZone();
    const day = practiceToday(zone, new Date(Date.now() - 3_600_000));
    noteDay = day;
    const page = await newPage();
    await signedInBrowser(page, portal.runtime.url, clinician);
    await page.goto(`${portal.runtime.url}/app/appointment`);
    await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
    await page.getByText(/Times are in the practice's time zone: .+ \((PST|PDT|[A-Z]{2,5}|GMT[+-]\d+)\)\./).waitFor();
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'New appointment' }).click();
    const form = page.getByRole('dialog', { name: 'New appointment' });
    await form.getByLabel('Client', { exact: true }).click();
    await form.getByRole('combobox', { name: 'Find a client' }).fill(clientName.slice(0, 12));
    await form.getByRole('option', { name: clientName }).click();
    await choose(page, form, 'Service', /^90834/);
    await form.getByLabel('Date', { exact: true }).fill(us(day));
    await form.getByRole('textbox', { name: /^Start time/ }).fill('02:15'); // hh:mm, with AM (the default) beside it
    await choose(page, form, 'Repeat', 'Weekly');
    await form.getByLabel('Number of sessions', { exact: true }).fill('3');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Create appointment' }).click();
    await page.getByText('3 appointments were created.').waitFor();

    // Month view (the default) shows the day's occurrence; so does the week view.
    await showDay(page, 'month', day, zone);
    await eventOn(page, day, clientName).waitFor();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.locator('.fc-timeGridWeek-view').waitFor();
    await showDay(page, 'week', day, zone);
    await eventOn(page, day, clientName).waitFor();
    await expect(event(page, clientName).count()).resolves.toBe(1);
    await expectNoAxeViolations(page);

    // Drag it two hours earlier: only this occurrence moves, to 0:15 practice time (begun, so its
    // note can be signed: signing waits for the start).
    const booked = eventOn(page, day, clientName);
    await page.locator('td.fc-timegrid-slot-lane[data-time="00:00:00"]').scrollIntoViewIfNeeded();
    const six = await page.locator('td.fc-timegrid-slot-lane[data-time="02:00:00"]').boundingBox();
    const eight = await page.locator('td.fc-timegrid-slot-lane[data-time="00:00:00"]').boundingBox();
    const from = (await booked.boundingBox())!;
    const x = from.x + from.width / 2;
    const y = from.y + Math.min(8, from.height / 2);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 10, { steps: 5 });
    await page.mouse.move(x, y + (eight!.y - six!.y), { steps: 10 });
    await page.mouse.up();
    await page.getByText(/^The appointment was moved to .*12:15 AM/).waitFor();

    await eventOn(page, day, clientName).click();
    const details = page.getByRole('dialog', { name: `Appointment with ${clientName}` });
    await details.getByText(/12:15 AM (PST|PDT|[A-Z]{2,5}|GMT[+-]\d+)$/).waitFor();
    await details.getByText('Weekly, 3 times').waitFor();
    await details.getByText('90834').waitFor();
    await details.getByRole('button', { name: 'Progress note' }).click();

    const note = page.getByRole('dialog', { name: `Progress note: ${clientName}` });
    await note.getByLabel('Template').waitFor();
    const boxes = note.getByRole('textbox');
    const count = await boxes.count();
    expect(count).toBe(4); // SOAP: subjective, objective, assessment, plan
    for (let i = 0; i < count; i++) await boxes.nth(i).fill(`Section ${i + 1} of the session ${run}`);
    await note.getByRole('button', { name: 'Save and sign' }).click();
    await note.getByText('The note was signed.').waitFor();
    await note.getByText('Awaiting co-signature').waitFor();
    // Signed: the sections are text now, with no Save button; only an addendum can be added.
    await note.getByText(`Section 1 of the session ${run}`).waitFor();
    await expect(note.getByRole('button', { name: 'Save', exact: true }).count()).resolves.toBe(0);
    await note.getByLabel('Add addendum').fill(`Addendum: client called after the session ${run}`);
    await note.getByRole('button', { name: 'Add addendum' }).click();
    await note.getByText('The addendum was added.').waitFor();
    await note.getByText(`Addendum: client called after the session ${run}`).waitFor();
    for (let i = 1; i <= 4; i++) await note.getByText(`Section ${i} of the session ${run}`).waitFor();

    // Reopened later, the note is still signed with the original text and the addendum.
    await note.getByRole('button', { name: 'Close', exact: true }).click();
    await page.reload();
    await page.locator('.fc-dayGridMonth-view').waitFor();
    await showDay(page, 'month', day, zone);
    await eventOn(page, day, clientName).click();
    await page.getByRole('dialog', { name: `Appointment with ${clientName}` }).getByRole('button', { name: 'Progress note' }).click();
    const again = page.getByRole('dialog', { name: `Progress note: ${clientName}` });
    await again.getByText(`Addendum: client called after the session ${run}`).waitFor();
    await again.getByText(`Section 3 of the session ${run}`).waitFor();
    await again.getByText('Awaiting co-signature').waitFor();

    const found = await api(clinician, 'query ($from: AWSDateTime!, $to: AWSDateTime!) { listAppointments(from: $from, to: $to) { items { id clientName } } }', {
      from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      to: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    const mine = found.listAppointments.items.filter((a: { clientName: string }) => a.clientName === clientName);
    expect(mine).toHaveLength(3);
    appointmentId = mine[0].id;
    await page.context().close();
  });

  it("lets the supervisor co-sign the supervisee's note read-only, and return another with a comment", async () => {
    expect(noteDay).not.toBe('');
    const page = await newPage();
    await signedInBrowser(page, portal.runtime.url, supervisor);
    await page.goto(`${portal.runtime.url}/app/supervision`);
    const row = page.getByRole('row').filter({ hasText: clientName });
    await row.getByText('Fiona Fuller').waitFor();
    await row.getByRole('radio').click();
    const reader = page.getByRole('main');
    await reader.getByRole('heading', { name: 'Progress note (read-only)' }).waitFor();
    await reader.getByText(`Section 2 of the session ${run}`).waitFor();
    await reader.getByText(`Addendum: client called after the session ${run}`).waitFor();
    await expect(reader.getByRole('textbox').count()).resolves.toBe(0);
    await reader.getByRole('button', { name: 'Co-sign', exact: true }).click();
    await page.getByText('Note co-signed.').waitFor();
    await expect.poll(() => row.count()).toBe(0);

    // One of the seeded supervisee's notes goes back with a comment; he sees it returned.
    const awaiting = async () => (await api(supervisor, '{ listNotesAwaitingCosign { items { noteId clinicianName } } }')).listNotesAwaitingCosign.items as { noteId: string; clinicianName: string }[];
    const bens = (await awaiting()).filter((i) => i.clinicianName === 'Ben Baker').map((i) => i.noteId);
    expect(bens.length).toBeGreaterThan(0);
    await page.getByRole('row').filter({ hasText: 'Ben Baker' }).first().getByRole('radio').click();
    await reader.getByRole('button', { name: 'Return with comment' }).click();
    await reader.getByLabel('Comment for the clinician').fill(`Add the risk assessment ${run}`);
    await reader.getByRole('button', { name: 'Return to clinician' }).click();
    await page.getByText('Note returned to the clinician.').waitFor();
    await page.context().close();
    const states = await Promise.all(bens.map(async (n) => (await api(basic, 'query ($n: ID!) { getNoteCosign(noteId: $n) { noteId status returns { comment } } }', { n })).getNoteCosign));
    const back = states.filter((s: { status: string }) => s.status === 'RETURNED');
    expect(back.map((s: { returns: { comment: string }[] }) => s.returns.at(-1)?.comment)).toEqual([`Add the risk assessment ${run}`]);
    expect((await awaiting()).map((i) => i.noteId)).not.toContain(back[0].noteId);

    // The clinician's note now shows the co-signature with the supervisor's name and time.
    const mine = await newPage();
    await signedInBrowser(mine, portal.runtime.url, clinician);
    await mine.goto(`${portal.runtime.url}/app/appointment`);
    await mine.locator('.fc-dayGridMonth-view').waitFor();
    await showDay(mine, 'month', noteDay, await practiceZone());
    await eventOn(mine, noteDay, clientName).click();
    await mine.getByRole('dialog', { name: `Appointment with ${clientName}` }).getByRole('button', { name: 'Progress note' }).click();
    await mine.getByRole('dialog', { name: `Progress note: ${clientName}` }).getByText(/^Co-signed by Sara Stone on .+\d{1,2}:\d{2}.*\(version \d+\)$/).waitFor();
    await mine.context().close();
  });

  it("does not show a clinicianBasic another clinician's appointment, in the calendar or by id", async () => {
    expect(appointmentId).not.toBe('');
    // The basic clinician's own appointment today (05:30 practice time) shows; the other clinician's does not.
    const zone = await practiceZone();
    const clients = await api(basic, 'query ($s: String) { getClients(search: $s) { items { id } } }', { s: basicClientName });
    await api(basic, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', {
      input: {
        clientId: clients.getClients.items[0].id, serviceCode: '90834', locationType: 'TELEHEALTH', start: utcFromWallClock(practiceToday(zone), '05:30', zone),
        durationMinutes: 45, sendEmailReminder: false,
      },
    });

    const page = await newPage();
    await signedInBrowser(page, portal.runtime.url, basic);
    await page.goto(`${portal.runtime.url}/app/appointment`);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await event(page, basicClientName).first().waitFor();
    await expect(event(page, clientName).count()).resolves.toBe(0);
    await expect(page.getByText(clientName).count()).resolves.toBe(0);
    // The agenda lists the week's appointments as rows, also without the other clinician's.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.locator('.fc-listWeek-view').getByText(basicClientName).first().waitFor();
    await expect(page.getByText(clientName).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);

    // Telehealth: the clinician starts the video; the client's public link is shown to copy.
    await event(page, basicClientName).first().click();
    const details = page.getByRole('dialog', { name: `Appointment with ${basicClientName}` });
    const link = await details.getByLabel("Client's video link").inputValue();
    expect(link).toMatch(new RegExp(`^${portal.runtime.url}/public/video/[^/]+/[^/]+$`));
    await details.getByRole('button', { name: 'Start video' }).waitFor();

    const byId = await api(basic, 'query ($id: ID!) { getAppointment(id: $id) { id } }', { id: appointmentId });
    expect(byId.getAppointment).toBeNull();
    await page.context().close();
  });

  it("shows a supervisor the practice's appointments read-only", async () => {
    const page = await newPage();
    await signedInBrowser(page, portal.runtime.url, email('supervisor'));
    await page.goto(`${portal.runtime.url}/app/appointment`);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await event(page, clientName).first().waitFor();
    await expect(page.getByRole('button', { name: 'New appointment' }).count()).resolves.toBe(0);
    await event(page, clientName).first().click();
    const details = page.getByRole('dialog', { name: `Appointment with ${clientName}` });
    await details.getByText('You can view this appointment but not change it.').waitFor();
    for (const name of ['Edit', 'Mark attended', 'Cancel appointment']) await expect(details.getByRole('button', { name }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('filters the status page by status and clinician', async () => {
    // One more for the same client, yesterday 05:10 practice time, marked attended (it has started).
    const zone = await practiceZone();
    const clients = await api(clinician, 'query ($s: String) { getClients(search: $s) { items { id } } }', { s: clientName });
    const past = await api(clinician, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version } }', {
      input: {
        clientId: clients.getClients.items[0].id, serviceCode: '90832', locationType: 'OFFICE', start: utcFromWallClock(addDays(practiceToday(zone), -1), '05:10', zone),
        durationMinutes: 30, sendEmailReminder: false,
      },
    });
    const [done] = past.createAppointment;
    await api(clinician, 'mutation ($id: ID!, $version: Int!) { setAppointmentStatus(id: $id, version: $version, status: ATTENDED) { id } }', { id: done.id, version: done.version });

    const page = await newPage();
    await signedInBrowser(page, portal.runtime.url, clinician);
    await page.goto(`${portal.runtime.url}/app/appointment-status`);
    await page.getByRole('heading', { name: 'Appointment status', level: 1 }).waitFor();
    // The days this file booked (yesterday to the weekly series' last): the demo practice's own
    // sessions of the last month would otherwise fill the first pages of the default ±30 days.
    await page.getByLabel('First day', { exact: true }).fill(us(addDays(practiceToday(zone), -1)));
    await page.getByLabel('Last day', { exact: true }).fill(us(addDays(practiceToday(zone), 15)));
    const rows = page.getByRole('row').filter({ hasText: clientName });
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(4);
    await expectNoAxeViolations(page);

    await choose(page, page.getByRole('main'), 'Status', 'Attended');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('Attended').waitFor();

    await choose(page, page.getByRole('main'), 'Status', 'Upcoming');
    await expect.poll(() => rows.count()).toBe(3);

    // Another clinician's appointments only: none of these.
    await choose(page, page.getByRole('main'), 'Status', 'All statuses');
    await choose(page, page.getByRole('main'), 'Clinician', /Ben Baker|basic@demo/);
    await page.getByRole('row').filter({ hasText: basicClientName }).first().waitFor();
    await expect(rows.count()).resolves.toBe(0);
    await page.context().close();
  });
});
