/**
 * The portal shell as each kind of user meets it in Chromium: the side navigation their role
 * allows, and the route gate sending them where the spec says.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { signInInBrowser } from '../support/browser-signin.ts';

const portal = usePortal();
const account = (role: string) => DEMO_ACCOUNTS.find((a) => (role === 'coordinator' ? a.group === 'coordinators' : a.roles.includes(role as never)))!;

describe('portal shell', () => {
  it("shows a biller the billing suite but not Team Members, and turns them back from the team page", async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, account('biller').email);
    await page.getByText('Billing and Insurance').waitFor();
    await expect(page.getByRole('link', { name: 'Team Members' }).count()).resolves.toBe(0);
    await page.goto(`${portal.runtime.url}/app/team_members`);
    await page.waitForURL(/\/app\/clients$/);
    await page.close();
  });

  it('keeps a coordinator to groups and homework', async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, account('coordinator').email);
    await page.waitForURL(/\/app\/groups$/);
    await page.getByRole('heading', { name: 'Groups' }).waitFor();
    await expect(page.getByRole('link', { name: 'Clients' }).count()).resolves.toBe(0);
    await page.goto(`${portal.runtime.url}/app/billings`);
    await page.waitForURL(/\/app\/groups$/);
    await page.close();
  });

  it("shows the owner every section, and a page still being built says what it will hold", async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, account('owner').email);
    for (const section of ['Client Communication', 'Evidence-based Tools', 'Practice Management', 'Administration']) await page.getByText(section, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Appointments' }).click();
    await page.waitForURL(/\/app\/appointment$/);
    await page.getByText('This page is coming soon.').waitFor();
    await page.goto(`${portal.runtime.url}/app/no-such-page`);
    await page.waitForURL(/\/app\/clients$/);
    await page.close();
  });
});
