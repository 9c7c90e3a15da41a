/** Automatic logoff in Chromium with a short configured timeout (6 s; the warning 1.2 s before). */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { usePortal } from '../support/portal.ts';

const portal = usePortal({ idleTimeoutMinutes: 0.1 });

describe('idle logoff', () => {
  it('warns, keeps a user who answers, then signs the idle user out and says why on the sign-in page', async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await warning.waitFor({ timeout: 10_000 });
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/app\//);
    await warning.waitFor({ timeout: 10_000 });
    await page.waitForURL(/\/signin$/, { timeout: 10_000 });
    await page.getByText('You have been signed out because there was no activity for 6 seconds.').waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('CognitoIdentityServiceProvider')).length)).toBe(0);
    await page.goto(`${portal.runtime.url}/app/clients`);
    await page.waitForURL(/\/signin/);
    await page.close();
  });
});
