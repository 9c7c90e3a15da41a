/**
 * The client portal (issue 12) as one story in Chromium, two browser contexts. The owner sets the
 * portal's greeting, adds a consent document sent to new clients (and edits it: version 2),
 * archives another, makes the couples intake the default form; invites a client from the client's
 * page. The client opens the link from the outbox at 390 px, sets a password (the pool's rule),
 * is offered two-step verification (optional for clients) and declines, lands on the portal home (greeting, Join), signs the
 * consent document (not without "I agree") and fills the intake form (not with required answers
 * missing) — the owner sees the signature of version 2 on the client's page. They exchange secure
 * messages live both ways, the client's with an attachment (a typed-wrong one refused); the owner
 * sees the read receipt; one notification e-mail, naming the practice only. Then the client's
 * profile, sign-out, forgot password and a sign-in with the password only, an authenticator added
 * on the Security page and then asked for at sign-in, the reused link, and revocation. A second, short test: an
 * expired or cut-short link, and a clinician refused by the portal's sign-in (in Spanish too).
 * axe finds nothing on the portal's pages. (Formerly three files: client-portal, documents,
 * messaging-portal; what they checked beyond this story is in the integration tests.)
 */
import { createHash } from 'node:crypto';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENT_PORTAL_MESSAGES, invitationKey, portalAccessKey } from '../../domain/client-link.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { tableName } from '../../domain/tables.ts';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { DEMO_PORTAL } from '../../local/seed-client-portal.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { invitationTokenFor } from '../support/client-portal.ts';
import { usePortal } from '../support/portal.ts';
import { apiAs } from '../support/seeded-api.ts';
import { totpFor, unusedTotpCode } from '../support/totp-code.ts';

const portal = usePortal();
const run = Date.now().toString(36);
const GREETING = `Welcome! Your sessions are listed below (${run}).`;
const CONSENT = `Group therapy agreement ${run}`;
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

/** The owner's settings before the invitation: greeting, a consent document for new clients, the default intake form. */
async function ownerPreparesThePortal(owner: Page) {
  const base = portal.runtime.url;
  // Settings → Client Portal: the name is required; the greeting reaches the clients' home page.
  await owner.goto(`${base}/app/settings/client-portal`);
  await expect(owner.getByLabel('Portal name').inputValue()).resolves.toBe(DEMO_PORTAL.name);
  await owner.getByLabel('Portal name').fill(' ');
  await owner.getByRole('button', { name: 'Save' }).click();
  await owner.getByText(CLIENT_PORTAL_MESSAGES.portalNameRequired, { exact: true }).waitFor();
  await owner.getByLabel('Portal name').fill(DEMO_PORTAL.name);
  await owner.getByLabel('Greeting').fill(GREETING);
  await owner.getByRole('button', { name: 'Save' }).click();
  await owner.getByText('The client portal settings are saved.').waitFor();

  // Settings → Documents: add (the title is required), edit the text (version 2), archive another (kept, listed as archived).
  await owner.goto(`${base}/app/settings/documents`);
  await owner.getByRole('row', { name: /Informed consent for treatment.*Yes/ }).waitFor();
  await owner.getByRole('button', { name: 'Add document' }).click();
  let dialog = owner.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Enter a title for the consent document.', { exact: false }).waitFor();
  await dialog.getByLabel('Title').fill(CONSENT);
  await dialog.getByLabel('Text').fill('What is said in group stays in group.');
  await dialog.getByText('Send to new clients automatically').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await owner.getByText(`${CONSENT} added.`).waitFor();
  await owner.getByRole('button', { name: `Edit ${CONSENT}` }).click();
  dialog = owner.getByRole('dialog');
  await dialog.getByText('Clients sign exactly this text.', { exact: false }).waitFor();
  await dialog.getByLabel('Text').fill('What is said in group stays in group. Be on time.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await owner.getByText(`${CONSENT} saved (version 2).`).waitFor();
  const financial = 'Financial policy and cancellations';
  await owner.getByRole('button', { name: `Archive ${financial}` }).click();
  dialog = owner.getByRole('dialog');
  await dialog.getByText('Consent documents are never deleted.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await owner.getByText(`${financial} archived.`).waitFor();
  await expect(owner.getByRole('row', { name: new RegExp(financial) }).count()).resolves.toBe(0);
  await owner.getByRole('button', { name: 'Archived', exact: true }).click();
  await owner.getByRole('row', { name: new RegExp(`${financial}.*Archived`) }).waitFor();

  // Settings → Notes and forms: the couples intake in use and the default for new clients.
  await owner.goto(`${base}/app/settings/notesAndForms`);
  await owner.getByRole('button', { name: 'Use Couples intake' }).click();
  await owner.getByText('Couples intake is now in use.').waitFor();
  await owner.getByRole('button', { name: 'Make Couples intake the default' }).click();
  await owner.getByText('Couples intake now goes to new clients.').waitFor();
}

/** The couples intake's required answers. */
async function fillCouplesIntake(form: Locator, email: string) {
  await form.getByLabel('Your first name (required)').fill('Quinn');
  await form.getByLabel('Your last name (required)').fill(`Portal${run}`);
  await form.getByLabel('Your date of birth (MM/DD/YYYY) (required)').fill('03/04/1991');
  await form.getByLabel('Your mobile phone (required)').fill('503 555 0100');
  await form.getByLabel('Your e-mail (required)').fill(email);
  await form.getByLabel("Your partner's name (required)").fill('Robin');
  await form.getByLabel('How long have you been together? (required)').fill('Six years');
  await form.getByRole('group', { name: 'Do you live together? (required)' }).getByLabel('Yes').check();
  await form.getByRole('group', { name: 'What would you like to work on? (required)' }).getByLabel('Communication').check();
  await form.getByLabel('What do you hope will be different? (required)').fill('Fewer arguments about chores.');
  await form.getByRole('group', { name: /^Do you ever feel afraid of your partner/ }).getByLabel('No').check();
}

describe('client portal', () => {
  it('invite, accept at 390 px, sign and fill, message live both ways; profile, forgot password, reused link, revoke', async () => {
    const base = portal.runtime.url;
    const email = `quinn.${run}@portal.practiceportal.test`;
    const clientId = await addClient('Quinn', email);
    const start = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 14) + '00:00.000Z';
    await api('mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', {
      input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start, durationMinutes: 45, sendEmailReminder: false },
    });

    // The owner prepares the portal, then invites from the client's page.
    const owner = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signedInBrowser(owner, base, DEMO_OWNER.email);
    await ownerPreparesThePortal(owner);
    await owner.goto(`${base}/app/clients/${clientId}`);
    await owner.getByText('Not invited', { exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Invite to the client portal' }).click();
    await owner.getByText(`Invitation sent to ${email}.`).waitFor();
    await owner.getByText(/^Invited, the link expires \d\d\/\d\d\/\d{4}$/).waitFor();
    await owner.getByRole('button', { name: 'Re-invite' }).waitFor();

    // The e-mail: the practice and the link, nothing about the client.
    const mail = portal.runtime.outbox.latestTo(email, 'email')!;
    expect(`${mail.subject} ${mail.body}`).not.toContain('Quinn');
    const link = `${base}/portal/invite#${invitationTokenFor(portal.runtime, email)}`;

    // The client, on a phone: the link, the password rule, the confirmation.
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

    // MFA is optional for clients: signed in with the password, offered two-step verification; not now.
    await client.getByRole('heading', { name: 'Add two-step verification?' }).waitFor();
    expect(new URL(client.url()).hash).toBe('');
    await expectAxeClean(client);
    await client.getByRole('button', { name: 'Not now' }).click();

    // Home: the greeting and the telehealth session with Join.
    await client.waitForURL(`${base}/portal`);
    await client.getByRole('heading', { name: 'Welcome, Quinn' }).waitFor();
    await client.getByText(GREETING).waitFor();
    const join = client.getByRole('link', { name: /^Join video session on / });
    await join.waitFor();
    expect(await join.getAttribute('href')).toMatch(new RegExp(`^${base}/public/video/[A-Za-z0-9_-]+/`));
    await client.getByText('With Olivia Owens, Owens Family Therapy').waitFor();
    await expectAxeClean(client);
    await expectFitsWidth(client);

    // Documents: the new consent document (version 2's text) to sign, the default intake form to fill.
    await client.getByRole('link', { name: 'Documents' }).first().click();
    await client.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const consent = client.getByRole('region', { name: CONSENT });
    await consent.getByText('Be on time.', { exact: false }).waitFor();
    await expectAxeClean(client);
    await consent.getByLabel('Your full name').fill(`Quinn Portal${run}`);
    await consent.getByRole('button', { name: 'Sign' }).click();
    await consent.getByText('Tick "I agree" to sign.', { exact: false }).waitFor();
    await consent.getByLabel('I have read this document and I agree to it.').check();
    await consent.getByRole('button', { name: 'Sign' }).click();
    await client.getByText(`${CONSENT} is signed. Thank you.`).waitFor();
    const form = client.getByRole('region', { name: 'Couples intake' });
    await form.getByRole('button', { name: 'Send to my practice' }).click();
    await form.getByText('Answer every required question before sending the form.', { exact: false }).waitFor();
    await fillCouplesIntake(form, email);
    await form.getByRole('button', { name: 'Send to my practice' }).click();
    await client.getByText('Couples intake was sent to your practice. Thank you.').waitFor();
    await form.getByText(/^Sent on /).waitFor();

    // The owner sees the signature of the exact version, and the answers waiting on the record.
    await owner.goto(`${base}/app/clients/${clientId}?tab=documents`);
    await owner.getByRole('row', { name: new RegExp(`${CONSENT}.*Signed.*Version 2, signed "Quinn Portal${run}"`) }).waitFor();
    const documents = await api('query ($t: ID!, $c: ID!) { getClientDocuments(therapistId: $t, clientId: $c) { id status } }', { t: portal.runtime.seed!.practiceId, c: clientId });
    expect(documents.getClientDocuments.find((d: { id: string }) => d.id === 'couples-intake')?.status).not.toBe('TO_FILL');

    // Secure messages, live both ways: the client on Messages, the owner on Telehealth with this conversation open.
    await client.getByRole('link', { name: 'Messages' }).first().click();
    const clientThread = client.getByRole('list', { name: /^Messages with / });
    await client.getByLabel('Your message').waitFor();
    await owner.goto(`${base}/app/communication?c=${encodeURIComponent(`${portal.runtime.seed!.practiceId}.${clientId}`)}`);
    const ownerThread = owner.getByRole('list', { name: 'Messages' });
    await owner.getByLabel('New message').waitFor();
    const mailsBefore = portal.runtime.outbox.list().filter((m) => m.to === email).length;
    // Practice → client. (The subscriptions may still be starting: a few bounded tries.)
    for (let attempt = 0; attempt < 3 && !(await clientThread.getByText('See you on Thursday').count()); attempt++) {
      const text = attempt ? `See you on Thursday (${attempt})` : 'See you on Thursday';
      await owner.getByLabel('New message').fill(text);
      await owner.getByRole('button', { name: 'Send' }).click();
      await ownerThread.getByText(text).waitFor();
      await clientThread.getByText('See you on Thursday').first().waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    await clientThread.getByText('See you on Thursday').first().waitFor();
    // Client → practice with an attachment, live.
    await client.getByLabel('Your message').fill('Here is my sleep log.');
    await client.getByTestId('portal-attach-input').setInputFiles({ name: 'sleep-log.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await client.getByRole('button', { name: 'Send' }).click();
    await clientThread.getByRole('button', { name: 'sleep-log.pdf' }).waitFor();
    await ownerThread.getByText('Here is my sleep log.').waitFor();
    await ownerThread.getByRole('button', { name: 'sleep-log.pdf' }).waitFor();
    await expectAxeClean(client);
    // A typed-wrong attachment: refused with a clear message, nothing sent.
    await client.getByLabel('Your message').fill('A photo');
    await client.getByTestId('portal-attach-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a jpeg') });
    await client.getByRole('button', { name: 'Send' }).click();
    await client.getByRole('alert').filter({ hasText: 'Attachments must be PDF, JPG or PNG files.' }).waitFor();
    // The practice's message was read by the client (the thread is open): a read receipt after reload.
    await owner.reload();
    await owner.getByRole('list', { name: 'Messages' }).getByText(/^Read /).first().waitFor();
    // One notification e-mail for the burst, naming the practice only.
    const notices = portal.runtime.outbox.list().filter((m) => m.to === email).slice(mailsBefore);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain('You have a new secure message from');
    expect(`${notices[0].subject} ${notices[0].body}`).not.toMatch(/Thursday|sleep|Quinn/i);

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

    // The owner sees the access active.
    await owner.goto(`${base}/app/clients/${clientId}`);
    await owner.getByText(/^Active since \d\d\/\d\d\/\d{4}$/).waitFor();

    // Signing out ends the session: the portal asks to sign in again.
    await client.getByRole('button', { name: 'Sign out' }).click();
    await client.getByText('You have signed out.').waitFor();
    await client.goto(`${base}/portal`);
    await client.waitForURL(`${base}/portal/signin`);

    // Forgot password: the e-mailed code and a new password, then signing in with it (and the authenticator).
    await client.getByRole('link', { name: 'Forgot password?' }).click();
    // The page is a lazy chunk: until it shows, the sign-in page's own Email field is still there to be filled.
    await client.getByRole('button', { name: 'Send code' }).waitFor();
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
    // No factor: the password alone signs the client in.
    await client.getByRole('heading', { name: 'Welcome, Quinn' }).waitFor();
    expect(await client.getByLabel('Code', { exact: true }).count()).toBe(0);

    // Adding an authenticator from the Security page (QR code or key): from then on sign-in asks for its code.
    await client.goto(`${base}/portal/security`);
    await client.getByText('Two-step verification is off.').waitFor();
    await client.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await client.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAxeClean(client);
    const secret = (await client.locator('.cp-secret code').textContent())!.trim();
    await client.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(totpFor(secret)));
    await client.getByRole('button', { name: 'Verify' }).click();
    await client.getByText('Two-step verification is now on.').waitFor();
    await client.getByRole('button', { name: 'Sign out' }).click();
    await client.getByText('You have signed out.').waitFor();
    await client.goto(`${base}/portal/signin`);
    await client.getByLabel('Email').fill(email);
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

    // Revoke access, confirmed first; the client can be invited again.
    await owner.getByRole('button', { name: 'Revoke access' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
    await owner.getByText('Client portal access revoked.').waitFor();
    await owner.getByText(/^Access revoked \d\d\/\d\d\/\d{4}$/).waitFor();
    await owner.getByRole('button', { name: 'Invite to the client portal' }).waitFor();
    await Promise.all([owner.context().close(), client.context().close(), again.context().close()]);
  });

  it('an expired or cut-short link says so and creates nothing; a clinician account is refused at the portal sign-in', async () => {
    const email = `late.${run}@portal.practiceportal.test`;
    const clientId = await addClient('Late', email);
    await api('mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c: clientId });
    const token = invitationTokenFor(portal.runtime, email)!;
    const key = marshall(invitationKey(createHash('sha256').update(token).digest('hex')));
    const past = '2020-01-01T00:00:00.000Z';
    await portal.runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: key, UpdateExpression: 'SET validUntil = :past', ExpressionAttributeValues: marshall({ ':past': past }) }));
    const access = marshall(portalAccessKey(portal.runtime.seed!.practiceId, clientId));
    await portal.runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Practice'), Key: access, UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: marshall({ ':past': past }) }));
    const state = await api('query ($c: ID!) { getClientPortalAccess(clientId: $c) { state } }', { c: clientId });
    expect(state.getClientPortalAccess.state).toBe('EXPIRED');

    const page = await phonePage(portal.browser);
    await page.goto(`${portal.runtime.url}/portal/invite#${token}`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(CLIENT_PORTAL_MESSAGES.invitationExpired);
    await expect(page.getByRole('button', { name: 'Create account' }).count()).resolves.toBe(0);
    await expectAxeClean(page);
    // A link cut short says it is incomplete rather than calling the API.
    await page.goto('about:blank');
    await page.goto(`${portal.runtime.url}/portal/invite#abc`);
    await page.getByText('This invitation link is incomplete.', { exact: false }).waitFor();
    expect(await portal.runtime.cognito.admin.getUser(email)).toBeNull();

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
    await page.context().close();
  });
});
