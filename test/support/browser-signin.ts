/** Signs a seeded account in through the console's sign-in page, as a person would. */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { unusedTotpCode } from './totp-code.ts';

/** What a signed-in console keeps in the browser (Amplify's tokens, the tour flag), per runtime and user. */
const kept = new Map<string, Record<string, string>>();

/**
 * Signs in as `signInInBrowser` does the first time; later calls for the same runtime and user
 * (a new browser context, e.g. another width) put the kept browser storage back instead of
 * typing a new TOTP code: the local pool takes each code once (issue 11 §3), so a third sign-in
 * within 30 s would wait for the clock. Falls back to signing in when the kept session was ended
 * (a Logout ends it on the server). For tests about something other than signing in.
 */
export async function signedInBrowser(page: Page, baseUrl: string, email: string): Promise<void> {
  const key = `${baseUrl} ${email}`;
  const storage = kept.get(key);
  if (storage) {
    await page.goto(`${baseUrl}/`);
    await page.evaluate((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    await page.goto(`${baseUrl}/app/clients`);
    await page.waitForURL(/\/(app|signin)\b/);
    const me = await page.evaluate(async () => (await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: Object.entries(localStorage).find(([k]) => k.endsWith('.accessToken'))?.[1] ?? '' }, body: JSON.stringify({ query: '{ me { id } }' }) })).json());
    if (new URL(page.url()).pathname.startsWith('/app/') && me?.data?.me) return;
  }
  await signInInBrowser(page, baseUrl, email);
  kept.set(key, await page.evaluate(() => Object.fromEntries(Object.entries(localStorage))));
}

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

/** Signs a seeded client account in through the client portal's sign-in (/portal/signin). */
export async function signInClientInBrowser(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/portal/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(demoTotp(email)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${baseUrl}/portal`);
}
