/**
 * Practice pages in Chromium against the local runtime: the owner invites a biller on Team
 * Members, the biller signs in with the invitation (new password, authenticator setup) and sees
 * the billing suite but not Team Members; the owner saves the profile (with a photo), practice details
 * and billing settings; the owner changes the plan and the mark moves; last, the administration
 * pages (issue 18): the clients summary and its CSV, a practice export downloaded and its counts
 * checked against the API's, and demo data refused into a practice that has clients.
 */
import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { unusedTotpCode } from '../support/totp-code.ts';
import { signInAgainAfterMfaSetup, signInInBrowser } from '../support/browser-signin.ts';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

const portal = usePortal();
const suffix = Date.now().toString(36);
const email = `biller-${suffix}@clinic.example`;
const NEW_PASSWORD = 'Biller1Password';

describe('practice pages', () => {
  it('lets the owner invite a biller, who signs in and sees their menu', async () => {
    const owner = await portal.browser.newPage();
    await signInInBrowser(owner, portal.runtime.url, DEMO_OWNER.email);
    await owner.goto(`${portal.runtime.url}/app/team_members`);
    await owner.getByRole('button', { name: 'Add member' }).click();
    const form = owner.getByRole('dialog');
    await form.getByLabel('First name').fill('Billie');
    await form.getByLabel('Last name').fill(`Tester${suffix}`);
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Choose roles' }).click();
    await form.getByRole('option', { name: 'Biller' }).click();
    await form.getByRole('button', { name: 'Add member' }).click();
    await owner.getByText(`Billie Tester${suffix} was added.`, { exact: false }).waitFor();
    await owner.getByRole('row', { name: new RegExp(`Billie Tester${suffix}.*Biller`) }).waitFor();
    await owner.close();

    // The invitation (AdminCreateUser) carries the temporary password in its code field.
    const invitation = portal.runtime.outbox.latestTo(email, 'email');
    expect(invitation?.body).toContain('temporary password');
    const temporary = invitation?.code;
    expect(temporary).toBeTruthy();

    const context = await portal.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.runtime.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(temporary!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText("Can't scan the code? Enter the setup key manually").click();
    const secret = (await page.locator('code').first().innerText()).trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await page.getByRole('textbox', { name: 'Code' }).fill(await unusedTotpCode(totp));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signInAgainAfterMfaSetup(page, email, NEW_PASSWORD, () => unusedTotpCode(totp));
    await page.waitForURL(/\/app\//);
    await page.getByRole('button', { name: 'Skip Tour' }).click();
    await page.getByText('Billing and Insurance').first().waitFor();
    await expect(page.getByRole('link', { name: 'Team Members' }).count()).resolves.toBe(0);
    expect(page.url()).not.toContain(email);
    await context.close();
  });

  it('lets the owner save the profile with a photo, practice details and billing settings', async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);

    await page.goto(`${portal.runtime.url}/app/profile`);
    await page.getByLabel('First name').fill('Olivia');
    await page.getByLabel('Last name').fill('Owens');
    await page.getByRole('button', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel('Date of birth').fill('01/02/1980');
    await page.getByLabel('Phone').fill('(555) 555-0100');
    await page.getByLabel('Address line 1').fill('1 Main St');
    await page.getByLabel('City').fill('Springfield');
    await page.getByRole('button', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Illinois' }).click();
    await page.getByLabel('Zip').fill('62701');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your profile was saved.').waitFor();

    const jpegBase64 = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 8;
      canvas.height = 8;
      canvas.getContext('2d')!.fillRect(0, 0, 8, 8);
      return canvas.toDataURL('image/jpeg').split(',')[1];
    });
    await page.getByLabel('Upload photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpegBase64, 'base64') });
    await page.getByText('Your photo was updated.').waitFor();
    await page.getByAltText('Profile photo').waitFor();

    await page.goto(`${portal.runtime.url}/app/settings/practice-details`);
    await page.getByLabel('Practice name').fill(`Owens Counseling ${suffix}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Practice details were saved.').waitFor();

    await page.goto(`${portal.runtime.url}/app/settings/billing-and-service`);
    await page.getByLabel('Tax id').fill('12-3456789');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Billing and service settings were saved.').waitFor();
    await page.reload();
    await expect(page.getByLabel('Tax id').inputValue()).resolves.toBe('123456789');
    await page.close();
  });

  it('lets the owner change the plan, and the current-plan mark moves', async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    await page.goto(`${portal.runtime.url}/app/upgrade-plan`);
    const card = (name: string) => page.getByRole('region', { name: `${name} plan` });
    await card('Essentials').waitFor();
    const before = (await card('Professional').getByText('Current plan').count()) ? 'Professional' : (await card('Premium').getByText('Current plan').count()) ? 'Premium' : 'Essentials';
    const target = before === 'Premium' ? 'Professional' : 'Premium';
    await page.getByRole('button', { name: `Change to ${target}` }).click();
    const dialog = page.getByRole('dialog', { name: `Change to ${target}?` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Your plan is now ${target}`).waitFor();
    await card(target).getByText('Current plan').waitFor();
    await expect(card(before).getByText('Current plan').count()).resolves.toBe(0);
    await page.close();
  });

  it('lets the owner read the clients summary (CSV), export the practice (the zip\'s counts are the API\'s) and see demo data refused', async () => {
    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    await page.goto(`${portal.runtime.url}/app/clients-summary`);
    await page.getByRole('heading', { name: 'By clinician' }).waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(readFileSync(await csv.path(), 'utf8')).toMatch(/By clinician\r\nclinician,active,[^]*Olivia Owens,/);

    await page.goto(`${portal.runtime.url}/app/data-export`);
    await page.getByRole('button', { name: 'Export practice data' }).click();
    await page.getByText('The export is ready', { exact: false }).waitFor();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download zip' }).first().click()]);
    const files = unzipSync(new Uint8Array(readFileSync(await zip.path())));
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as { counts: Record<string, number> };
    const token = (await signInSeeded(portal.runtime.url, DEMO_OWNER.email, DEMO_PASSWORD)).accessToken;
    let clients = 0;
    for (const status of [null, 'archived']) {
      let next: string | null = null;
      do {
        const { body } = await graphql(`${portal.runtime.url}/graphql`, token, 'query ($n: String, $s: String) { getClients(nextToken: $n, status: $s) { items { id } nextToken } }', { n: next, s: status });
        const got = (body.data as { getClients: { items: unknown[]; nextToken: string | null } }).getClients;
        clients += got.items.length;
        next = got.nextToken;
      } while (next);
    }
    expect(manifest.counts.clients).toBe(clients);
    expect(strFromU8(files['clients.jsonl']).trim().split('\n')).toHaveLength(clients);
    expect(Object.keys(files).some((f) => f.startsWith('pdf/progress-notes/'))).toBe(true);

    await page.goto(`${portal.runtime.url}/app/demo-data`);
    await page.getByText('No demo data is loaded.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Load demo data' }).click();
    await page.getByText('Demo data can only be loaded into a practice that has no clients yet.').waitFor();
    await page.close();
  });
});
