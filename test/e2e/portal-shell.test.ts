/**
 * The portal shell as each kind of user meets it in Chromium: the side navigation their role
 * allows, the route gate sending them where the spec says, the Apps menu following the practice's
 * app list, and the avatar menu's initials and photo.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { appsUsedKey } from '../../domain/practice.ts';
import { tableName } from '../../domain/tables.ts';
import { DEMO_ACCOUNTS } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { signedInBrowser, signInInBrowser } from '../support/browser-signin.ts';

const portal = usePortal();
const account = (role: string) => DEMO_ACCOUNTS.find((a) => (role === 'coordinator' ? a.group === 'coordinators' : a.roles.includes(role as never)))!;

/** The seeded practice's app list, stored as the practice settings keep it (no API writes it yet). */
async function setPracticeApps(apps: Record<'ACT' | 'DBT' | 'IFS' | 'CBT' | 'COACH' | 'MI', boolean>): Promise<void> {
  const item = { ...appsUsedKey(portal.runtime.seed!.practiceId), apps };
  await portal.runtime.dynamo.client.send(new PutItemCommand({ TableName: tableName('local', 'Practice'), Item: marshall(item) }));
}

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

  it("shows the owner every section and the Subscription page, and sends an unknown path to Clients", async () => {
    const page = await portal.browser.newPage();
    await signedInBrowser(page, portal.runtime.url, account('owner').email);
    for (const section of ['Client Communication', 'Evidence-based Tools', 'Practice Management', 'Administration']) await page.getByText(section, { exact: true }).waitFor();
    // Insights (issue 13) and Subscription (issue 15) are pages now: no menu page is still being built.
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    await page.waitForURL(/\/app\/insights$/);
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await page.goto(`${portal.runtime.url}/app/subscription`);
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'ACT app access, monthly' }).waitFor();
    await page.goto(`${portal.runtime.url}/app/no-such-page`);
    await page.waitForURL(/\/app\/clients$/);
    await page.close();
  });

  it("lists in the Apps menu exactly the apps of the practice's app list", async () => {
    // MI off: MI Coach goes; DBT Daily stays with DBT (web/src/shell/navigation.ts APP_OF_ROUTE).
    await setPracticeApps({ ACT: true, DBT: true, IFS: true, CBT: true, COACH: true, MI: false });
    const page = await portal.browser.newPage();
    await signedInBrowser(page, portal.runtime.url, account('owner').email);
    // An app route expands the Apps group; its entries show once the list has loaded.
    await page.goto(`${portal.runtime.url}/app/act-coach`);
    // Only the side navigation links to the app pages (the page itself has a heading).
    const menu = page.locator('body');
    await menu.getByRole('link', { name: 'ACT Coach' }).waitFor();
    const appLinks = () =>
      menu.locator('a[href]').evaluateAll((links) =>
        links.map((a) => a.textContent.trim()).filter((text) => ['ACT Coach', 'CBT Companion', 'DBT Coach', 'MI Coach', 'DBT Daily'].includes(text)),
      );
    await expect(appLinks()).resolves.toEqual(['ACT Coach', 'CBT Companion', 'DBT Coach', 'DBT Daily']);

    // DBT off as well: DBT Coach and DBT Daily go too (the list is read when the portal mounts).
    await setPracticeApps({ ACT: true, DBT: false, IFS: true, CBT: true, COACH: true, MI: false });
    await page.reload();
    await menu.getByRole('link', { name: 'ACT Coach' }).waitFor();
    await expect(appLinks()).resolves.toEqual(['ACT Coach', 'CBT Companion']);
    await page.close();
  });

  it("shows the user's initials in the avatar menu, then the profile photo once one is uploaded", async () => {
    const page = await portal.browser.newPage();
    await signedInBrowser(page, portal.runtime.url, account('owner').email);
    const topBar = page.locator('#portal-top-nav');
    // TopNavigation keeps a hidden copy of its utilities to measure them: look at the visible one.
    const initials = topBar.locator('svg text', { hasText: /^OO$/ }).filter({ visible: true });
    // Olivia Owens: initials, no photo yet.
    await initials.waitFor();
    await expect(topBar.getByAltText('Your photo').count()).resolves.toBe(0);

    // The menu opens on the button's click; on a loaded machine the first click can land before the
    // dropdown is ready (the CI-like run of session 8 waited 30 s for the item): open it until it shows.
    const profileItem = page.getByRole('menuitem', { name: 'Profile' });
    for (let attempt = 0; attempt < 3 && !(await profileItem.isVisible()); attempt++) {
      await page.getByRole('button', { name: account('owner').email }).click();
      await profileItem.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    await profileItem.click();
    await page.waitForURL(/\/app\/profile$/);
    const jpegBase64 = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 8;
      canvas.height = 8;
      canvas.getContext('2d')!.fillRect(0, 0, 8, 8);
      return canvas.toDataURL('image/jpeg').split(',')[1];
    });
    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegBase64, 'base64') });
    await page.getByText('Your photo was updated.').waitFor();

    // Back to the clients: the avatar is the uploaded photo, read through its presigned URL.
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    const photo = topBar.getByAltText('Your photo').filter({ visible: true });
    await photo.waitFor();
    await expect(photo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(8);
    await expect(initials.count()).resolves.toBe(0);
    await page.close();
  });
});
