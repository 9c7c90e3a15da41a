/** Signs a seeded account in through the console's sign-in page, as a person would. */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';

export async function signInInBrowser(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').fill(demoTotp(email).generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/app\//);
  // A fresh browser is every user's first login here, so the welcome tour opens (spec part 2 §2.4).
  await page.getByRole('button', { name: 'Skip Tour' }).click();
}
