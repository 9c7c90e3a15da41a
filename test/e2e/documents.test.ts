/**
 * Consent documents and intake forms in Chromium against the local runtime (issue 12): the owner
 * adds a consent document, edits its text (a new version), archives it (kept, listed as archived);
 * chooses an intake form and makes it the default; and on the demo client's page sees the
 * informed consent the client signed (version, typed name, address) and the telehealth consent
 * still to sign. In the client portal (390 px) the demo client signs the telehealth consent — not
 * without ticking "I agree" — and sees an intake form refuse empty required answers.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { unusedTotpCode } from '../support/totp-code.ts';
import { usePortal } from '../support/portal.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { apiAs } from '../support/seeded-api.ts';

const portal = usePortal();
const suffix = Date.now().toString(36);

describe('consent documents and intake forms', () => {
  it('add, edit as a new version, archive; choose the default intake form; see the client\'s signatures', async () => {
    const page = await portal.browser.newPage();
    await signedInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    await page.goto(`${portal.runtime.url}/app/settings/documents`);
    await page.getByRole('row', { name: /Informed consent for treatment.*Yes/ }).waitFor();

    const title = `Group therapy agreement ${suffix}`;
    await page.getByRole('button', { name: 'Add document' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a title for the consent document.', { exact: false }).waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Text').fill('What is said in group stays in group.');
    await dialog.getByText('Send to new clients automatically').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${title} added.`).waitFor();
    await page.getByRole('row', { name: new RegExp(`${title}.*Yes.*1`) }).waitFor();

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('Clients sign exactly this text.', { exact: false }).waitFor();
    await dialog.getByLabel('Text').fill('What is said in group stays in group. Be on time.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${title} saved (version 2).`).waitFor();

    await page.getByRole('button', { name: `Archive ${title}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText('Consent documents are never deleted.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByText(`${title} archived.`).waitFor();
    await expect(page.getByRole('row', { name: new RegExp(title) }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await page.getByRole('row', { name: new RegExp(`${title}.*2.*Archived`) }).waitFor();

    await page.goto(`${portal.runtime.url}/app/settings/notesAndForms`);
    await page.getByRole('button', { name: 'Use Couples intake' }).click();
    await page.getByText('Couples intake is now in use.').waitFor();
    await page.getByRole('button', { name: 'Make Couples intake the default' }).click();
    await page.getByText('Couples intake now goes to new clients.').waitFor();
    const settings = await apiAs(portal.runtime.url, DEMO_OWNER.email, '{ getTherapistIntakeFormSettings { defaultForm forms { formName } } }');
    expect(settings.getTherapistIntakeFormSettings.defaultForm).toBe('couples-intake');

    const clients = await apiAs(portal.runtime.url, DEMO_OWNER.email, '{ getClients(search: "Taylor Brooks") { items { id } } }');
    await page.goto(`${portal.runtime.url}/app/clients/${clients.getClients.items[0].id}`);
    await page.getByRole('row', { name: /Informed consent for treatment.*Signed.*Version 1, signed "Taylor Brooks"/ }).waitFor();
    await page.getByRole('row', { name: /Consent to telehealth services.*To sign/ }).waitFor();
    await page.close();
  });

  it('the client signs a consent document in the portal, on a phone', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${portal.runtime.url}/portal/signin`);
    await page.getByLabel('Email').fill(DEMO_CLIENT.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(demoTotp(DEMO_CLIENT.email)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${portal.runtime.url}/portal`);
    await page.getByRole('link', { name: 'Documents' }).first().click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const telehealth = page.getByRole('region', { name: 'Consent to telehealth services' });
    await telehealth.getByText('Some sessions take place by secure video.', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Informed consent for treatment' }).getByText('Signed "Taylor Brooks"', { exact: false }).waitFor();
    const violations = (await new AxeBuilder({ page }).analyze()).violations;
    expect(violations.map((v) => v.id)).toEqual([]);

    await telehealth.getByLabel('Your full name').fill('Taylor Brooks');
    await telehealth.getByRole('button', { name: 'Sign' }).click();
    await telehealth.getByText('Tick "I agree" to sign.', { exact: false }).waitFor();
    await telehealth.getByLabel('I have read this document and I agree to it.').check();
    await telehealth.getByRole('button', { name: 'Sign' }).click();
    await page.getByText('Consent to telehealth services is signed. Thank you.').waitFor();
    await telehealth.getByText('Signed "Taylor Brooks"', { exact: false }).waitFor();

    const form = page.getByRole('region', { name: 'Couples intake' });
    await form.getByRole('button', { name: 'Send to my practice' }).click();
    await form.getByText('Answer every required question before sending the form.', { exact: false }).waitFor();
    const seen = await apiAs(portal.runtime.url, DEMO_OWNER.email, 'query ($t: ID!, $c: ID!) { getClientDocuments(therapistId: $t, clientId: $c) { id status typedName } }', {
      t: portal.runtime.seed!.practiceId,
      c: (await apiAs(portal.runtime.url, DEMO_OWNER.email, '{ getClients(search: "Taylor Brooks") { items { id } } }')).getClients.items[0].id,
    });
    expect(seen.getClientDocuments.find((d: { id: string }) => d.id === 'demo-telehealth-consent')).toMatchObject({ status: 'SIGNED', typedName: 'Taylor Brooks' });
    expect(seen.getClientDocuments.find((d: { id: string }) => d.id === 'couples-intake')).toMatchObject({ status: 'TO_FILL' });
    await context.close();
  });
});
