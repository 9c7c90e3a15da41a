/**
 * Rules a clinician expects (issue 19), in Chromium at desktop (1366 px) and phone (390 px) width:
 * a refusal of the server is shown as its message in place, not as the system-error banner; a
 * progress note is signed once its session has started (a draft may be written ahead); Billing and
 * Service only for the roles that may open it, and it opens for them; no Add or plan button for
 * roles they do nothing for; the welcome tour on the first sign-in only.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { signedInBrowser, signInInBrowser } from '../support/browser-signin.ts';
import { unusedTotpCode } from '../support/totp-code.ts';
import { apiAs } from '../support/seeded-api.ts';
import { usePortal } from '../support/portal.ts';
import { practiceToday, utcFromWallClock } from '../../web/src/appointments/time.ts';

const portal = usePortal();
const email = (role: string) => DEMO_ACCOUNTS.find((a) => a.email.startsWith(`${role}@`))!.email;
const basic = email('basic');
const run = Date.now().toString(36);
const WIDTHS = [1366, 390];

const api = (who: string, query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, who, query, variables);

async function newPage(width: number): Promise<Page> {
  const context = await portal.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

describe('rules a clinician expects', () => {
  const clients: Record<number, string> = {};

  beforeAll(async () => {
    const zone = (await api(basic, '{ getAppointmentSettings { timezone } }')).getAppointmentSettings.timezone;
    // Later today in the practice's time zone (not started yet); after 22:30 practice time, an hour
    // or more from now, so a run late in the evening still books a session that has not begun.
    for (const [i, width] of WIDTHS.entries()) {
      const evening = utcFromWallClock(practiceToday(zone), i === 0 ? '23:30' : '23:45', zone);
      const soonest = new Date(Math.ceil((Date.now() + (60 + i * 15) * 60_000) / 300_000) * 300_000).toISOString();
      const start = evening > soonest ? evening : soonest;
      const name = `Wren Ahead${run}w${width}`;
      const [first, last] = name.split(' ');
      const client = (await api(basic, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { personalDetail: { first, last }, dateOfBirth: '03/04/1985' } })).addClient;
      await api(basic, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', {
        input: { clientId: client.id, serviceCode: '90834', locationType: 'OFFICE', start, durationMinutes: 10 },
      });
      clients[width] = name;
    }
  });

  for (const width of WIDTHS) {
    it(`shows a refusal as its message in place and signs a note only once the session has started (${width} px)`, async () => {
      const page = await newPage(width);
      await signedInBrowser(page, portal.runtime.url, basic);
      await page.goto(`${portal.runtime.url}/app/appointment`);
      await page.locator('.fc-event', { hasText: clients[width] }).first().click();
      const details = page.getByRole('dialog', { name: `Appointment with ${clients[width]}` });
      await details.getByRole('button', { name: 'Mark attended' }).click();
      await details.getByText('An appointment can be marked attended or no-show once it has started.').waitFor();
      await expect(details.getByText('A system error occured', { exact: false }).count()).resolves.toBe(0);

      await details.getByRole('button', { name: 'Progress note' }).click();
      const note = page.getByRole('dialog', { name: `Progress note: ${clients[width]}` });
      await note.getByLabel('Template').waitFor();
      await note.getByRole('textbox').first().fill(`Prepared ahead ${run}`);
      await note.getByRole('button', { name: 'Save and sign' }).click();
      await note.getByText('A progress note can be signed once its session has started.').waitFor();
      await expect(note.getByText('A system error occured', { exact: false }).count()).resolves.toBe(0);
      // The draft may be written ahead.
      await note.getByRole('button', { name: 'Save', exact: true }).click();
      await note.getByText('The note was saved.').waitFor();
      await expect(note.getByRole('button', { name: 'Save and sign' }).isVisible()).resolves.toBe(true);
      await page.context().close();
    });
  }

  /** The side navigation at desktop width; on a phone it is behind the menu button. */
  const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 700;
  async function openNavigation(page: Page) {
    if (onPhone(page)) await page.getByRole('button', { name: 'Open navigation' }).first().click();
  }
  /**
   * After following a menu link on a phone: the drawer closes a moment after the click (and again
   * if the view settles late), so open it until the expected link shows, rather than once.
   */
  async function reopenNavigation(page: Page, expected: string) {
    if (!onPhone(page)) return;
    const link = page.getByRole('link', { name: expected }).first();
    const menu = page.getByRole('button', { name: 'Open navigation' }).first();
    await expect
      .poll(async () => {
        if (await link.isVisible()) return true;
        if (await menu.isVisible()) await menu.click({ timeout: 2_000 }).catch(() => undefined);
        return link.isVisible();
      }, { timeout: 30_000, interval: 250 })
      .toBe(true);
  }

  for (const width of WIDTHS) {
    it(`shows Billing and Service only to roles that may open it, and opens it for them (${width} px)`, async () => {
      for (const role of ['scheduler', 'supervisor']) {
        const page = await newPage(width);
        await signedInBrowser(page, portal.runtime.url, email(role));
        await openNavigation(page);
        await page.getByRole('link', { name: 'Appointments' }).first().waitFor();
        // The supervisor keeps Practice Setting (Notifications): open the group to see its links.
        const group = page.getByRole('link', { name: 'Practice Setting' });
        if (role === 'supervisor') {
          await group.click();
          await reopenNavigation(page, 'Notifications');
          await page.getByRole('link', { name: 'Notifications' }).waitFor();
        } else await expect(group.count()).resolves.toBe(0);
        await expect(page.getByRole('link', { name: 'Billing and Service' }).count(), role).resolves.toBe(0);
        await page.goto(`${portal.runtime.url}/app/settings/billing-and-service`);
        await page.waitForURL((url) => !url.pathname.endsWith('/billing-and-service'));
        await page.context().close();
      }
      const page = await newPage(width);
      await signedInBrowser(page, portal.runtime.url, email('biller'));
      await openNavigation(page);
      await page.getByRole('link', { name: 'Practice Setting' }).click();
      await reopenNavigation(page, 'Billing and Service');
      await page.getByRole('link', { name: 'Billing and Service' }).click();
      await page.getByRole('heading', { name: 'Billing and service', level: 1 }).waitFor();
      await page.getByLabel('Currency').first().waitFor();
      await expect(page.getByText('A system error occured', { exact: false }).count()).resolves.toBe(0);
      // The biller edits clients but does not add them, and cannot change the plan: no Add, no Switch Plan.
      await expect(page.getByRole('button', { name: 'Add client' }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Switch Plan' }).count()).resolves.toBe(0);
      await page.context().close();
    });
  }

  it('opens the welcome tour on the first sign-in only, and again from the tour icon', async () => {
    const page = await newPage(1366);
    const who = email('admin');
    await signInInBrowser(page, portal.runtime.url, who); // skips the tour of the first sign-in
    await page.getByRole('button', { name: who }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(who);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code').fill(await unusedTotpCode(demoTotp(who))); // a code is taken once
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\//);
    await page.getByRole('button', { name: 'Welcome tour' }).waitFor();
    await page.waitForTimeout(2000);
    await expect(page.getByRole('button', { name: 'Skip Tour' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Welcome tour' }).click();
    await page.getByRole('button', { name: 'Skip Tour' }).waitFor();
    await page.context().close();
  });

  // Last: it changes the demo practice's plan (back to Professional at the end).
  for (const width of WIDTHS) {
    it(`lets an upgrade take effect at once: Appointments opens and the top bar changes without a reload (${width} px)`, async () => {
      const page = await newPage(width);
      await signedInBrowser(page, portal.runtime.url, email('owner'));
      // The free plan (Basic in the spec's prose, Essentials in its matrix).
      await page.goto(`${portal.runtime.url}/app/upgrade-plan`);
      await page.getByRole('button', { name: /^Change to (Basic|Essentials)$/ }).click();
      await page.getByRole('dialog', { name: /^Change to (Basic|Essentials)\?$/ }).getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(/^Your plan is now (Basic|Essentials)/).waitFor();
      if (width > 700) await page.getByRole('button', { name: 'Upgrade My Account' }).waitFor();
      // From here on, no page load: the side navigation and the gate must follow the new plan.
      await page.getByRole('button', { name: 'Change to Professional' }).click();
      await page.getByRole('dialog', { name: 'Change to Professional?' }).getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Your plan is now Professional').waitFor();
      if (width > 700) {
        await page.getByRole('button', { name: 'Switch Plan' }).waitFor();
        await expect(page.getByRole('button', { name: 'Upgrade My Account' }).count()).resolves.toBe(0);
      }
      await openNavigation(page);
      await page.getByRole('link', { name: 'Appointments' }).first().click();
      await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/appointment');
      await page.context().close();
    });
  }
});
