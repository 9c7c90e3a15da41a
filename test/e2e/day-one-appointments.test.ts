/**
 * Issue 19, appointments as a new clinician meets them, in Chromium at 1366 and 390 px: a field's
 * error goes as soon as it is corrected; times are 12-hour with AM/PM; every status shows on the
 * calendar by colour, icon and word; on a phone the calendar opens as the agenda list with Day and
 * Agenda on screen and the names readable, and the page does not scroll sideways.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { usePortal } from '../support/portal.ts';
import { addDays, practiceToday, utcFromWallClock } from '../../web/src/appointments/time.ts';

const portal = usePortal();
const clinician = DEMO_ACCOUNTS.find((a) => a.email.startsWith('fullclient@'))!.email;
const run = Date.now().toString(36);
const first = `Dayone${run}`;
const names = { attended: `${first} Attended`, noShow: `${first} Noshow`, cancelled: `${first} Cancelled`, upcoming: `${first} Upcoming` };

let token: string | null = null;
async function api(query: string, variables: Record<string, unknown> = {}) {
  token ??= (await signInSeeded(portal.runtime.url, clinician, DEMO_PASSWORD)).accessToken;
  const accessToken = token;
  const { body } = await graphql(`${portal.runtime.url}/graphql`, accessToken, query, variables);
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

async function page(width: number, height: number): Promise<Page> {
  const context = await portal.browser.newContext({ viewport: { width, height }, ...(width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const p = await context.newPage();
  await signedInBrowser(p, portal.runtime.url, clinician);
  await p.goto(`${portal.runtime.url}/app/appointment`);
  await p.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
  return p;
}

const event = (p: Page, name: string) => p.locator('.fc-event', { hasText: name });

describe('appointments on day one', () => {
  beforeAll(async () => {
    const { getAppointmentSettings: { timezone: zone } } = await api('{ getAppointmentSettings { timezone } }');
    const today = practiceToday(zone);
    const book = async (last: string, date: string, time: string) => {
      const { addClient } = await api('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first, last }, dateOfBirth: '02/03/1984' } });
      const { createAppointment } = await api('mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version } }', {
        input: { clientId: addClient.id, serviceCode: '90834', locationType: 'OFFICE', start: utcFromWallClock(date, time, zone), durationMinutes: 30, sendEmailReminder: false },
      });
      return createAppointment[0];
    };
    // Yesterday (they have started, so they may be marked) and tomorrow, in the practice's zone.
    const yesterday = addDays(today, -1);
    const attended = await book('Attended', yesterday, '09:00');
    const noShow = await book('Noshow', yesterday, '11:00');
    const cancelled = await book('Cancelled', addDays(today, 1), '13:00');
    await book('Upcoming', addDays(today, 1), '15:30');
    const status = 'mutation ($id: ID!, $version: Int!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $version, status: $status) { id } }';
    await api(status, { id: attended.id, version: attended.version, status: 'ATTENDED' });
    await api(status, { id: noShow.id, version: noShow.version, status: 'NO_SHOW' });
    await api('mutation ($id: ID!, $version: Int!) { cancelAppointment(id: $id, version: $version, scope: THIS) { id } }', { id: cancelled.id, version: cancelled.version });
  });

  it('at 1366 px: clears "Choose a client." once one is chosen, reads times 12-hour, and shows each status by colour, icon and word', async () => {
    const p = await page(1366, 900);
    await p.locator('.fc-dayGridMonth-view').waitFor();
    await p.getByRole('button', { name: 'New appointment' }).click();
    const form = p.getByRole('dialog', { name: 'New appointment' });
    await form.getByRole('button', { name: 'Create appointment' }).click();
    await form.getByText('Choose a client.').waitFor();
    await form.getByText('Choose a service.').waitFor();
    await form.getByLabel('Client', { exact: true }).click();
    await form.getByRole('combobox', { name: 'Find a client' }).fill(names.upcoming.slice(0, 14));
    await form.getByRole('option', { name: names.upcoming }).click();
    await expect.poll(() => form.getByText('Choose a client.').count()).toBe(0);
    await expect(form.getByText('Choose a service.').count()).resolves.toBe(1);
    // The start time is typed 12-hour with AM or PM.
    await form.getByRole('button', { name: 'AM', exact: true }).waitFor();
    await form.getByRole('button', { name: 'PM', exact: true }).click();
    await expect(form.getByRole('button', { name: 'PM', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await p.getByRole('button', { name: 'Week', exact: true }).click();
    await p.locator('.fc-timeGridWeek-view').waitFor();
    // Slot labels and event times in 12-hour time; the column headers MM/DD.
    await p.locator('.fc-timegrid-slot-label', { hasText: /^8:00 AM$/ }).first().waitFor();
    const header = await p.locator('.fc-col-header-cell-cushion').first().textContent();
    expect(header).toMatch(/^[A-Z][a-z]{2} \d{2}\/\d{2}$/);
    const upcoming = event(p, names.upcoming);
    if (!(await upcoming.count())) await p.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(upcoming.first().textContent()).resolves.toMatch(/3:30 PM/);

    await p.getByRole('button', { name: 'Agenda', exact: true }).click();
    await p.locator('.fc-listWeek-view').waitFor();
    await p.getByRole('button', { name: 'Month', exact: true }).click();
    await p.locator('.fc-dayGridMonth-view').waitFor();
    // Month columns name weekdays only: a date there would belong to one week of the month.
    await expect(p.locator('.fc-dayGridMonth-view .fc-col-header-cell-cushion').first().textContent()).resolves.toMatch(/^[A-Z][a-z]{2}$/);
    for (const [name, word, icon] of [
      [names.attended, 'Attended', '✓'],
      [names.noShow, 'No-show', '⚠'],
      [names.cancelled, 'Cancelled', '✕'],
    ]) {
      const e = event(p, name).first();
      await e.waitFor();
      await expect(e.textContent()).resolves.toContain(word);
      const look = await e.evaluate((el) => {
        const title = el.querySelector('.fc-event-title')!;
        const dot = el.querySelector('.fc-daygrid-event-dot');
        return { before: getComputedStyle(title, '::before').content, color: dot ? getComputedStyle(dot).borderTopColor : getComputedStyle(el).backgroundColor };
      });
      expect(look.before, name).toContain(icon);
      expect(look.color, name).not.toBe('rgb(9, 114, 211)');
    }
    const upcomingLook = await event(p, names.upcoming).first().evaluate((el) => getComputedStyle(el.querySelector('.fc-event-title')!, '::before').content);
    expect(upcomingLook).toBe('none');
    await p.context().close();
  });

  it('at 390 px: opens as the agenda list with Day and Agenda on screen, names readable, no sideways scroll', async () => {
    const p = await page(390, 844);
    await p.locator('.fc-listWeek-view').waitFor();
    for (const name of ['Day', 'Agenda', 'Week', 'Month']) {
      const box = (await p.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    const name = event(p, names.upcoming);
    if (!(await name.count())) await p.getByRole('button', { name: 'Next', exact: true }).click();
    const title = name.first().locator('.fc-list-event-title');
    await title.waitFor();
    const box = (await title.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(title.textContent()).resolves.toContain(names.upcoming);
    const widths = await p.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    await p.getByRole('button', { name: 'Day', exact: true }).click();
    await p.locator('.fc-timeGridDay-view').waitFor();
    await p.context().close();
  });

  for (const [width, height] of [[1366, 900], [390, 844]] as const) {
    it(`at ${width} px: the New appointment date reads and takes MM/DD/YYYY, typed or picked from the calendar`, async () => {
      const p = await page(width, height);
      const { getAppointmentSettings: { timezone: zone } } = await api('{ getAppointmentSettings { timezone } }');
      const [year, month] = practiceToday(zone).split('-');
      await p.getByRole('button', { name: 'New appointment' }).click();
      const form = p.getByRole('dialog', { name: 'New appointment' });
      const date = form.getByLabel('Date', { exact: true });
      // It opens on a day of the practice's calendar, written month first.
      await expect(date.inputValue()).resolves.toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      await expect(date.getAttribute('placeholder')).resolves.toBe('MM/DD/YYYY');
      await form.getByText('MM/DD/YYYY', { exact: true }).waitFor();
      const box = (await date.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      // Picked from the calendar: the 15th of the month shown, written 'MM/15/YYYY'.
      await date.fill(`${month}/01/${year}`);
      await form.getByRole('button', { name: 'Choose the date' }).click();
      // (The day's cell takes the click; the number in it is aria-hidden behind the cell's full date.)
      await p.getByRole('group', { name: 'Choose the date' }).locator('td').filter({ hasText: /^15/ }).first().click();
      await expect.poll(() => date.inputValue()).toBe(`${month}/15/${year}`);

      // Typed in another order, it is refused under the field; typed month first, the error goes.
      await date.fill(`${year}/${month}/20`);
      await form.getByRole('button', { name: 'Create appointment' }).click();
      await form.getByText('Enter a real date in the format shown.').waitFor();
      await date.fill(`${month}/20/${year}`);
      await expect.poll(() => form.getByText('Enter a real date in the format shown.').count()).toBe(0);
      const widths = await p.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.view);
      await p.context().close();
    });
  }
});
