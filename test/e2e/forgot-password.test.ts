/** Forgot password in Chromium: e-mail → code from the outbox → new password → sign in with it. */
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { demoTotp } from '../../local/demo-accounts.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { usePortal } from '../support/portal.ts';
import { unusedTotpCode } from '../support/totp-code.ts';

const portal = usePortal();
const EMAIL = 'basic@demo.practiceportal.test';

describe('forgot password', () => {
  it('resets the password with the e-mailed code and signs in with the new one', async () => {
    const context = await portal.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.runtime.url}/signin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page is a lazy chunk: until it shows, the sign-in page's own Email field is still there to be filled.
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await page.getByLabel('Email').fill('basic@');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(MESSAGES.forgotPasswordEmail, { exact: true }).waitFor();
    await page.getByLabel('Email').fill(EMAIL.toUpperCase());
    await page.getByRole('button', { name: 'Send code' }).click();

    await page.getByLabel('New password', { exact: true }).waitFor();
    const code = portal.runtime.outbox.latestTo(EMAIL, 'email')?.code;
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code').fill(code!);
    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm new password').fill('weakpass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(MESSAGES.passwordRule, { exact: true }).waitFor();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('BrandNew1x');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(MESSAGES.passwordMismatch, { exact: true }).waitFor();
    await page.getByLabel('Confirm new password').fill('BrandNew1x');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(MESSAGES.passwordChanged, { exact: true }).waitFor();

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('BrandNew1x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code').fill(await unusedTotpCode(demoTotp(EMAIL)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\//);
    await context.close();
  });
});
