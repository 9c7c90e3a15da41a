/** Signs a seeded account in through the console's sign-in page, as a person would. */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { unusedTotpCode } from './totp-code.ts';

export async function signInInBrowser(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').fill(await unusedTotpCode(demoTotp(email)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/app\//);
  // A fresh browser is every user's first login here, so the welcome tour opens (spec part 2 §2.4).
  await page.getByRole('button', { name: 'Skip Tour' }).click();
}

/**
 * After first-time authenticator setup the console signs the user out with the spec's message
 * (part 1 §4.4); this asserts that and signs in again with password and a TOTP code.
 */
export async function signInAgainAfterMfaSetup(page: Page, email: string, password: string, code: () => string | Promise<string>): Promise<void> {
  await page.getByText('Your MFA is setup successfully. Please login again.').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').fill(await code());
  await page.getByRole('button', { name: 'Verify' }).click();
}
