/**
 * The client portal (issue 12) in Chromium, two browser contexts: a clinician invites a client from
 * the client's page; the client opens the link from the outbox at 390 px, sets a password (the
 * pool's rule), enrols the authenticator the pool requires, lands on the portal home and sees the
 * telehealth appointment with its Join link, edits the profile, signs out, resets the password and
 * signs in again; the clinician's page says the access is active, and revokes it.
 * A reused and an expired link say so clearly; a clinician account is refused by the portal's
 * sign-in (in Spanish too); the demo client signs in with the code. axe finds nothing on the portal's pages.
 */
import { createHash } from 'node:crypto';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENT_PORTAL_MESSAGES, invitationKey, portalAccessKey } from '../../domain/client-link.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { tableName } from '../../domain/tables.ts';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT, DEMO_PORTAL } from '../../local/seed-client-portal.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { invitationTokenFor } from '../support/client-portal.ts';
import { usePortal } from '../support/portal.ts';
import { apiAs } from '../support/seeded-api.ts';
import { totpFor, unusedTotpCode } from '../support/totp-code.ts';

const portal = usePortal();
const run = Date.now().toString(36);
const GREETING = `Welcome! Your sessions are listed below (${run}).`;
const api = (query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, DEMO_OWNER.email, query, variables);

const PHONE = { width: 390, height: 844 };
const phonePage = async (browser: Browser): Promise<Page> => (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing wider than the phone: no sideways scrolling. */
async function expectFitsWidth(page: Page) {
  const wider = await page.evaluate((width) => {
    const out: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5) out.push(`${element.tagName.toLowerCase()}.${element.className} ${Math.round(box.right)}`);
    }
    return out;
  }, PHONE.width);
  expect(wider).toEqual([]);
}

async function addClient(first: string, email: string): Promise<string> {
  const input = { personalDetail: { first, last: `Portal${run}` }, dateOfBirth: '03/04/1991', contact: { email }, communicationSetting: { email: true } };
  return (await api('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input })).addClient.id;
}

const inviteLink = (email: string) => `${portal.runtime.url}/portal/invite#${invitationTokenFor(portal.runtime, email)}`;

describe('client portal', () => {
  it('a clinician invites a client, who accepts at 390 px, lands on the portal home and sees the appointment with Join', async () => {
    const email = `quinn.${run}@portal.practiceportal.test`;
    const clientId = await addClient('Quinn', email);
    const start = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 14) + '00:00.000Z';
    await api('mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', {
      input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start, durationMinutes: 45, sendEmailReminder: false },
    });

    // The clinician, on the client's page.
    const clinician = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signedInBrowser(clinician, portal.runtime.url, DEMO_OWNER.email);
    await clinician.goto(`${portal.runtime.url}/app/clients/${clientId}`);
    await clinician.getByText('Not invited', { exact: true }).waitFor();
    await clinician.getByRole('button', { name: 'Invite to the client portal' }).click();
    await clinician.getByText(`Invitation sent to ${email}.`).waitFor();
    await clinician.getByText(/^Invited, the link expires \d\d\/\d\d\/\d{4}$/).waitFor();
    await clinician.getByRole('button', { name: 'Re-invite' }).waitFor();

    // The e-mail: the practice and the link, nothing about the client.
    const mail = portal.runtime.outbox.latestTo(email, 'email')!;
    expect(`${mail.subject} ${mail.body}`).not.toContain('Quinn');
    const link = inviteLink(email);

    // The client, on a phone.
    const client = await phonePage(portal.browser);
    await client.goto(link);
    await client.getByRole('heading', { name: 'Invitation from Owens Family Therapy' }).waitFor();
    await client.getByText(email, { exact: true }).waitFor();
    await expectAxeClean(client);
    await expectFitsWidth(client);
    await client.getByLabel('New password').fill('weakpass');
    await client.getByLabel('Confirm password').fill('weakpass');
    await client.getByRole('button', { name: 'Create account' }).click();
    await expect(client.getByRole('alert').textContent()).resolves.toBe(MESSAGES.passwordRule);
    await client.getByLabel('New password').fill('ClientPass1');
    await client.getByLabel('Confirm password').fill('ClientPass2');
    await client.getByRole('button', { name: 'Create account' }).click();
    await expect(client.getByRole('alert').textContent()).resolves.toBe(MESSAGES.passwordMismatch);
    await client.getByLabel('Confirm password').fill('ClientPass1');
    await client.getByRole('button', { name: 'Create account' }).click();

    // The pool requires MFA: the client enrols an authenticator app (QR code or key).
    await client.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect(new URL(client.url()).hash).toBe('');
    await expectAxeClean(client);
    const secret = (await client.locator('.cp-secret code').textContent())!.trim();
    await client.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(totpFor(secret)));
    await client.getByRole('button', { name: 'Verify' }).click();

    await client.waitForURL(`${portal.runtime.url}/portal`);
    await client.getByRole('heading', { name: 'Welcome, Quinn' }).waitFor();
    const join = client.getByRole('link', { name: /^Join video session on / });
    await join.waitFor();
    expect(await join.getAttribute('href')).toMatch(new RegExp(`^${portal.runtime.url}/public/video/[A-Za-z0-9_-]+/`));
    await client.getByText('With Olivia Owens, Owens Family Therapy').waitFor();
    await expectAxeClean(client);
    await expectFitsWidth(client);

    // The profile: contact details and the channel, saved through editClientProfile.
    await client.getByRole('link', { name: 'Profile' }).click();
    await client.getByRole('heading', { name: 'Owens Family Therapy' }).waitFor();
    await client.getByLabel('Phone').fill('503 555 0123');
    await client.getByLabel('Text messages').check();
    await client.getByRole('button', { name: 'Save' }).click();
    await client.getByText('Your contact details are saved.').waitFor();
    await expect(client.getByLabel('Phone').inputValue()).resolves.toBe('(503) 555-0123');
    await expectAxeClean(client);
    const record = await api('query ($id: ID!) { getClient(id: $id) { contact { phone } } }', { id: clientId });
    expect(record.getClient.contact.phone).toMatch(/5035550123$/);

    // The clinician sees the access active.
    await clinician.reload();
    await clinician.getByText(/^Active since \d\d\/\d\d\/\d{4}$/).waitFor();
    await clinician.getByRole('button', { name: 'Revoke access' }).waitFor();

    // Signing out ends the session: the portal asks to sign in again.
    await client.getByRole('button', { name: 'Sign out' }).click();
    await client.getByText('You have signed out.').waitFor();
    await client.goto(`${portal.runtime.url}/portal`);
    await client.waitForURL(`${portal.runtime.url}/portal/signin`);

    // Forgot password: the e-mailed code and a new password, then signing in with it (and the authenticator).
    await client.getByRole('link', { name: 'Forgot password?' }).click();
    await client.getByLabel('Email').fill(email);
    await client.getByRole('button', { name: 'Send code' }).click();
    await client.getByLabel('Code from the e-mail').waitFor();
    const code = portal.runtime.outbox.latestTo(email, 'email')?.code;
    expect(code).toMatch(/^\d{6}$/);
    await client.getByLabel('Code from the e-mail').fill(code!);
    await client.getByLabel('New password').fill('ClientPass9');
    await client.getByLabel('Confirm password').fill('ClientPass9');
    await client.getByRole('button', { name: 'Change password' }).click();
    await client.getByText(MESSAGES.passwordChanged).waitFor();
    await expectAxeClean(client);
    await expect(client.getByLabel('Email').inputValue()).resolves.toBe(email);
    await client.getByLabel('Password').fill('ClientPass9');
    await client.getByRole('button', { name: 'Sign in' }).click();
    await client.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(totpFor(secret)));
    await client.getByRole('button', { name: 'Verify' }).click();
    await client.getByRole('heading', { name: 'Welcome, Quinn' }).waitFor();

    // The same link a second time: already used, said so, nothing to fill in.
    const again = await phonePage(portal.browser);
    await again.goto(link);
    await expect(again.getByRole('alert').textContent()).resolves.toBe(CLIENT_PORTAL_MESSAGES.invitationUsed);
    await expect(again.getByLabel('New password').count()).resolves.toBe(0);
    await expectAxeClean(again);

    // Revoke access, confirmed first; the client can be invited again.
    await clinician.getByRole('button', { name: 'Revoke access' }).click();
    await clinician.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
    await clinician.getByText('Client portal access revoked.').waitFor();
    await clinician.getByText(/^Access revoked \d\d\/\d\d\/\d{4}$/).waitFor();
    await clinician.getByRole('button', { name: 'Invite to the client portal' }).waitFor();
    await Promise.all([clinician.context().close(), client.context().close(), again.context().close()]);
  });

  it('an expired link says so, creates nothing, and the clinician sees the invitation expired; the portal settings save', async () => {
    const email = `late.${run}@portal.practiceportal.test`;
    const clientId = await addClient('Late', email);
    await api('mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c: clientId });
    const token = invitationTokenFor(portal.runtime, email)!;
    const key = marshall(invitationKey(createHash('sha256').update(token).digest('hex')));
    const past = '2020-01-01T00:00:00.000Z';
    await portal.runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: key, UpdateExpression: 'SET validUntil = :past', ExpressionAttributeValues: marshall({ ':past': past }) }));
    // The access record the clinician sees carries the same expiry.
    const access = marshall(portalAccessKey(portal.runtime.seed!.practiceId, clientId));
    await portal.runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Practice'), Key: access, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: marshall({ ':past': past }) }));

    const client = await phonePage(portal.browser);
    await client.goto(`${portal.runtime.url}/portal/invite#${token}`);
    await expect(client.getByRole('alert').textContent()).resolves.toBe(CLIENT_PORTAL_MESSAGES.invitationExpired);
    await expect(client.getByRole('button', { name: 'Create account' }).count()).resolves.toBe(0);
    await expectAxeClean(client);
    // A link cut short says it is incomplete rather than calling the API.
    await client.goto('about:blank');
    await client.goto(`${portal.runtime.url}/portal/invite#abc`);
    await client.getByText('This invitation link is incomplete.', { exact: false }).waitFor();
    expect(await portal.runtime.cognito.admin.getUser(email)).toBeNull();
    await client.context().close();

    const clinician = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signedInBrowser(clinician, portal.runtime.url, DEMO_OWNER.email);
    await clinician.goto(`${portal.runtime.url}/app/clients/${clientId}`);
    await clinician.getByText(/^The invitation expired \d\d\/\d\d\/\d{4}$/).waitFor();
    await clinician.getByRole('button', { name: 'Invite to the client portal' }).waitFor();

    // Settings → Client Portal: the name is required; the greeting reaches the clients' home page.
    await clinician.goto(`${portal.runtime.url}/app/settings/client-portal`);
    await expect(clinician.getByLabel('Portal name').inputValue()).resolves.toBe(DEMO_PORTAL.name);
    await clinician.getByLabel('Portal name').fill(' ');
    await clinician.getByRole('button', { name: 'Save' }).click();
    await clinician.getByText(CLIENT_PORTAL_MESSAGES.portalNameRequired, { exact: true }).waitFor();
    await clinician.getByLabel('Portal name').fill(DEMO_PORTAL.name);
    await clinician.getByLabel('Greeting').fill(GREETING);
    await clinician.getByRole('button', { name: 'Save' }).click();
    await clinician.getByText('The client portal settings are saved.').waitFor();
    await clinician.context().close();
  });

  it('refuses a clinician account at the portal sign-in; the demo client signs in with the code and sees Join', async () => {
    const page = await phonePage(portal.browser);
    await page.goto(`${portal.runtime.url}/portal/signin`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAxeClean(page);
    // The portal's own catalogs follow the page's language, chosen with the same selector as everywhere.
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).waitFor();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(demoTotp(DEMO_OWNER.email)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This is a clinician account.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Go to the clinician sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/signin');

    await page.getByLabel('Email').fill(DEMO_CLIENT.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(demoTotp(DEMO_CLIENT.email)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${portal.runtime.url}/portal`);
    await page.getByRole('heading', { name: `Welcome, ${DEMO_CLIENT.givenName}` }).waitFor();
    await page.getByText(DEMO_PORTAL.name).waitFor();
    await page.getByText(GREETING).waitFor();
    await page.getByRole('link', { name: /^Join video session on / }).first().waitFor();
    await expectAxeClean(page);
    await page.context().close();
  });
});
