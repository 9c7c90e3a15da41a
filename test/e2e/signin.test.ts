/**
 * A person in Chromium: opens the landing page, follows Login, signs in as the seeded owner with
 * the authenticator code, and lands on the clients page of the portal.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { unusedTotpCode } from '../support/totp-code.ts';
import { MESSAGES } from '../../domain/messages.ts';

const portal = usePortal();

describe('sign in from the landing page', () => {
  it('takes the seeded owner through password and TOTP to /app/clients', async () => {
    const page = await portal.browser.newPage();
    await page.goto(portal.runtime.url);
    await expect(page.title()).resolves.toMatch(/Practice Portal/);
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL(/\/signin$/);

    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByLabel('Code').fill(await unusedTotpCode(demoTotp(DEMO_OWNER.email)));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/app\/clients$/);
    await expect(page.getByText(`Signed in as ${DEMO_OWNER.email}`).waitFor()).resolves.toBeUndefined();
    await page.close();
  });

  it("answers a wrong password with the spec's message and lets nobody in", async () => {
    const page = await portal.browser.newPage();
    await page.goto(`${portal.runtime.url}/signin`);
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill('WrongPassword1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(MESSAGES.wrongCredentials, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.close();
  });

  it('sends a visitor of a protected page to /signin', async () => {
    const page = await portal.browser.newPage();
    await page.goto(`${portal.runtime.url}/app/clients`);
    await page.waitForURL(/\/signin/);
    await page.close();
  });
});
