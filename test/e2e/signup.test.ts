/**
 * A clinician signs up in Chromium as a person would: the three wizard steps, the e-mailed code
 * from the outbox, the success screen, automatic sign-in, authenticator setup with a code computed
 * from the secret on the page, and the clients page. Then the NPI and bad-input paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { GetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as OTPAuth from 'otpauth';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { launchChromium } from '../support/chromium.ts';

let runtime: Runtime;
let browser: Browser;
const PASSWORD = 'Clinician1x';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
});

interface Personal {
  firstName: string;
  lastName: string;
  email: string;
  npi: string;
  password?: string;
  confirm?: string;
}

async function fillPersonal(page: Page, p: Personal) {
  await page.getByLabel('First name').fill(p.firstName);
  await page.getByLabel('Last name').fill(p.lastName);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('NPI number').fill(p.npi);
  await page.getByLabel('Password', { exact: true }).fill(p.password ?? PASSWORD);
  await page.getByLabel('Confirm password').fill(p.confirm ?? p.password ?? PASSWORD);
}

async function fillPractice(page: Page) {
  await page.getByLabel('Organization / clinic').fill('Doe Counseling');
  await page.getByLabel('Phone number that accepts text messages').fill('(555) 555-0100');
  await page.getByRole('radio', { name: 'Client', exact: true }).check();
  await page.getByLabel('License number').fill('PSY12345');
  await page.getByLabel('License state').fill('CA');
  await page.getByLabel('Total CBT clients').fill('3');
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByLabel('Your profession').fill('Counselor');
  await page.getByRole('radio', { name: 'Individual' }).check();
}

async function fillClinician(page: Page) {
  await page.getByRole('checkbox', { name: 'CBT', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Outpatient', exact: true }).check();
  for (const name of ['Terms of Service', 'Privacy Policy', 'Medical Professionals Agreement', 'Business Associates Agreement']) {
    await page.getByRole('checkbox', { name: `I agree to the ${name}` }).check();
  }
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const shows = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('sign-up wizard', () => {
  it('signs Jane Doe up, confirms the e-mail, signs her in automatically and sets up TOTP', async () => {
    const email = 'jane.doe@clinic.example';
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/signup?personalInfo=true`);
    await fillPersonal(page, { firstName: 'Jane', lastName: 'Doe', email: 'Jane.Doe@Clinic.example', npi: '1234567893' });
    await next(page);
    await fillPractice(page);
    await next(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await shows(page, MESSAGES.therapyRequired);
    await page.getByRole('checkbox', { name: 'CBT', exact: true }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await shows(page, MESSAGES.agreementsRequired);
    await fillClinician(page);
    await page.getByRole('button', { name: 'Sign up' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm Email' });
    await dialog.getByLabel('Confirmation code').waitFor();
    const code = runtime.outbox.latestTo(email, 'email')?.code;
    expect(code).toMatch(/^\d{6}$/);
    await dialog.getByLabel('Confirmation code').fill(code!);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await shows(page, MESSAGES.signupThanksVerified);
    expect(page.url()).not.toContain(PASSWORD);

    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/signin$/);
    await page.getByText("Can't scan the code? Enter the setup key manually").click();
    const secret = (await page.locator('code').first().innerText()).trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/app\/clients$/);
    expect(page.url()).not.toMatch(/password|token|code=/i);

    // The staged provider was finalized by the post-confirmation trigger.
    const user = await runtime.cognito.admin.getUser(email);
    expect(user?.groups).toContain('Therapists');
    const doc = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const profile = await doc.send(new GetCommand({ TableName: process.env.PRACTICE_TABLE, Key: { PK: `P#${user!.sub}`, SK: `PROVIDER#${user!.sub}` } }));
    expect(profile.Item).toMatchObject({ npi: '1234567893', phone: '+15555550100', profession: 'Counselor', totalCBTClients: 3, status: 'active' });
    await page.close();
  });

  it('shows the registry mismatch and the already-registered NPI on step 0', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/signup`);
    await fillPersonal(page, { firstName: 'Janet', lastName: 'Doe', email: 'janet@clinic.example', npi: '1987654328' });
    await next(page);
    await shows(page, MESSAGES.npiMismatch);
    await fillPersonal(page, { firstName: 'Olivia', lastName: 'Owens', email: 'olivia2@clinic.example', npi: '1500000009' });
    await next(page);
    await shows(page, MESSAGES.npiTaken);
    await page.getByLabel('Organization / clinic').waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows the messages for bad input and creates nothing', async () => {
    const page = await browser.newPage();
    await page.goto(`${runtime.url}/signup`);
    await next(page);
    for (const text of [MESSAGES.missingRequired, MESSAGES.firstNameRequired, MESSAGES.lastNameRequired, MESSAGES.emailRequired, MESSAGES.npiRequired]) {
      await shows(page, text);
    }
    const email = 'mallory@clinic.example';
    await fillPersonal(page, { firstName: '<script>alert(1)</script>', lastName: 'Doe', email: 'mallory@', npi: '1234567893', password: 'weak' });
    await next(page);
    await shows(page, 'First Name contains characters that are not allowed');
    await shows(page, MESSAGES.invalidEmail);
    await shows(page, MESSAGES.passwordRule);
    await fillPersonal(page, { firstName: 'Mallory', lastName: 'Doe', email, npi: '1234567893', password: PASSWORD, confirm: 'Clinician1y' });
    await next(page);
    await shows(page, MESSAGES.passwordMismatch);
    expect(await page.locator('text=<script>').count()).toBe(0);

    expect(await runtime.cognito.admin.getUser(email)).toBeNull();
    expect(await runtime.cognito.admin.getUser('mallory@')).toBeNull();
    const doc = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const staged = await doc.send(new GetCommand({ TableName: process.env.DIRECTORY_TABLE, Key: { PK: 'NPI#1987654328', SK: 'NPI' } }));
    expect(staged.Item).toBeUndefined();
    await page.close();
  });
});
