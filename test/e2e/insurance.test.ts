/**
 * Insurance in the browser (issue 16): the biller opens a client's chart tab Insurance (the seeded
 * check shown plainly, the payer's response one click away), checks eligibility through the local
 * sandbox, changes the member id to the sandbox's inactive one and sees the check say so; the
 * Coverage page lists the practice's checks; the Insurance Payer page finds a Blue plan and requests
 * enrollment.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

const portal = usePortal();
const BILLER = 'biller@demo.practiceportal.test';

describe('Insurance: eligibility, coverage and payers', () => {
  it('checks a client\'s eligibility from their chart, lists the checks, requests a payer enrollment', async () => {
    const token = (await signInSeeded(portal.runtime.url, BILLER, DEMO_PASSWORD)).accessToken;
    const found = await graphql(`${portal.runtime.url}/graphql`, token, '{ getClients(search: "Avery") { items { id } } }');
    const avery = (found.body as { data: { getClients: { items: { id: string }[] } } }).data.getClients.items[0].id;

    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, BILLER);
    await page.goto(`${portal.runtime.url}/app/clients/${avery}?tab=insurance`);
    await page.getByRole('heading', { name: 'Latest eligibility check' }).waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.getByText('$30.00').first().waitFor();
    await page.getByRole('button', { name: 'Show the payer’s response' }).click();
    await page.getByRole('dialog').getByText('benefitsInformation').first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'Check eligibility' }).click();
    await page.getByText('Eligibility was checked.').waitFor();

    await page.getByLabel('Member ID').fill('SBX100000004');
    await page.getByRole('button', { name: 'Save insurance' }).click();
    await page.getByText('The client’s insurance was saved.').waitFor();
    await page.getByRole('button', { name: 'Check eligibility' }).click();
    await page.getByText('Inactive', { exact: true }).first().waitFor();

    await page.goto(`${portal.runtime.url}/app/coverage`);
    await page.getByRole('heading', { name: 'Coverage', level: 1 }).waitFor();
    const rows = page.getByRole('row').filter({ hasText: 'Avery Lane' });
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);

    await page.goto(`${portal.runtime.url}/app/settings/insurance-payer`);
    await page.getByRole('heading', { name: 'Insurance payers', level: 1 }).waitFor();
    await page.getByLabel('Search payers').fill('blue texas');
    const texas = page.getByRole('row').filter({ hasText: 'Blue Cross Blue Shield of Texas' });
    await texas.waitFor();
    await page.getByLabel('Provider NPI').fill('1500000009');
    await texas.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Enrollment with Blue Cross Blue Shield of Texas was requested.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Blue Cross Blue Shield of Texas (84980)' }).getByText('Requested').first().waitFor();
  });
});
