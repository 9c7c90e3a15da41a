/**
 * Clients in Chromium, against the local runtime: the owner adds a client, finds it by search,
 * opens it, edits it and removes it; a clinicianBasic sees only their own clients.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_OWNER } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { signedInBrowser, signInInBrowser } from '../support/browser-signin.ts';

const portal = usePortal();
const basic = DEMO_ACCOUNTS.find((a) => a.email === 'basic@demo.practiceportal.test')!;

// A made-up person, unique per run so a reused data directory cannot confuse the search.
const first = 'Quinn';
const last = `Testperson${Date.now().toString(36)}`;
const name = `${first} ${last}`;

async function search(page: Page, text: string) {
  const filter = page.getByLabel('Find clients');
  await filter.fill('');
  await filter.fill(text);
}

describe('clients', () => {
  let detailUrl = '';

  it('lets the owner add, find, open, edit and remove a client', async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    await page.waitForURL(/\/app\/clients$/);

    await page.getByRole('main').getByRole('button', { name: 'Add client' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add client' });
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill(last);
    await form.getByLabel('Date of birth').fill('03/04/1988');
    await form.getByLabel('Phone', { exact: true }).fill('(555) 010-0199');
    await form.getByRole('button', { name: 'Add client' }).click();
    await page.getByText(`${name} was added.`).waitFor();

    await search(page, `quinn testperson`);
    await page.getByRole('link', { name }).click();
    await page.waitForURL(/\/app\/clients\/[^/]+$/);
    detailUrl = page.url();
    expect(detailUrl).not.toContain(last.toLowerCase());
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText('03/04/1988').waitFor();
    await page.getByText('(555) 010-0199').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit client' });
    await edit.getByLabel('City').fill('Springfield');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${name} was saved.`).waitFor();
    await page.getByText('Springfield').waitFor();

    await page.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name}?` });
    await confirm.getByText(/archives the client/).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.waitForURL(/\/app\/clients$/);
    await page.getByText('The client was removed.').waitFor();
    await search(page, 'quinn testperson');
    await page.getByText('No matches').waitFor();
    await expect(page.getByRole('link', { name }).count()).resolves.toBe(0);
    await page.close();
  });

  it("does not show a clinicianBasic the owner's client", async () => {
    // The owner adds one more client; the basic clinician can neither list it nor open it.
    const owner = await portal.browser.newPage();
    await signedInBrowser(owner, portal.runtime.url, DEMO_OWNER.email);
    await owner.getByRole('main').getByRole('button', { name: 'Add client' }).first().click();
    const form = owner.getByRole('dialog', { name: 'Add client' });
    await form.getByLabel('First name').fill('Rowan');
    await form.getByLabel('Last name').fill(last);
    await form.getByLabel('Date of birth').fill('05/06/1977');
    await form.getByRole('button', { name: 'Add client' }).click();
    await owner.getByText(`Rowan ${last} was added.`).waitFor();
    await search(owner, `rowan ${last}`);
    await owner.getByRole('link', { name: `Rowan ${last}` }).click();
    await owner.waitForURL(/\/app\/clients\/[^/]+$/);
    const ownersClient = owner.url();
    await owner.close();

    const context = await portal.browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, portal.runtime.url, basic.email);
    await page.waitForURL(/\/app\/clients$/);
    await search(page, `rowan ${last}`);
    await page.getByText('No matches').waitFor();
    await page.goto(ownersClient.replace(/^https?:\/\/[^/]+/, portal.runtime.url));
    await page.getByText('The client was not found').waitFor();
    await page.getByRole('link', { name: 'Back to clients' }).waitFor();
    await context.close();
  });
});
