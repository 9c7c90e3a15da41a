/**
 * Consent documents and intake forms in Chromium against the local runtime (issue 12): the owner
 * adds a consent document, edits its text (a new version), archives it (kept, listed as archived);
 * chooses an intake form and makes it the default; and on the demo client's page sees the
 * informed consent the client signed (version, typed name, address) and the telehealth consent
 * still to sign.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
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
});
