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

describe('Insurance: claims and ERA posting (issue 16)', () => {
  it("creates a week's claims, fixes a scrub error, submits, sees accepted and rejected with reasons, posts an ERA", async () => {
    const url = portal.runtime.url;
    const owner = (await signInSeeded(url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
    const biller = (await signInSeeded(url, BILLER, DEMO_PASSWORD)).accessToken;
    const ask = async (token: string, query: string, variables: Record<string, unknown> = {}) => (await graphql(`${url}/graphql`, token, query, variables)).body as { data: any };
    const avery = (await ask(biller, '{ getClients(search: "Avery") { items { id } } }')).data.getClients.items[0].id;
    // An attended session of Avery 15 days ago at 06:00 Pacific: the week the biller claims.
    const start = new Date(Date.now() - 15 * 86_400_000);
    start.setUTCHours(14, 0, 0, 0);
    const appt = (await ask(owner, 'mutation ($i: AppointmentInput!) { createAppointment(input: $i) { id version } }', { i: { clientId: avery, serviceCode: '90834', locationType: 'OFFICE', start: start.toISOString(), durationMinutes: 45 } })).data.createAppointment[0];
    await ask(owner, 'mutation ($id: ID!, $v: Int!) { setAppointmentStatus(id: $id, version: $v, status: ATTENDED) { id } }', { id: appt.id, v: appt.version });
    const day = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(start)}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    const monday = day.toISOString().slice(0, 10).replace(/-/g, '/');

    const page = await portal.browser.newPage();
    await signInInBrowser(page, url, BILLER);
    await page.goto(`${url}/app/billings/insurance`);
    await page.getByRole('heading', { name: 'Insurance claims', level: 1 }).waitFor();
    await page.getByLabel('Week starting').fill(monday);
    await page.getByRole('button', { name: 'Find sessions' }).click();
    await page.getByRole('row').filter({ hasText: 'Avery Lane' }).first().waitFor();
    await page.getByRole('button', { name: 'Create claims for selected' }).click();
    await page.getByText('No insured sessions without a claim in this week.').waitFor();

    // The seeded claim of Casey has no diagnosis: the problem links to Casey's Insurance tab.
    const casey = page.getByRole('row').filter({ hasText: 'Casey' }).filter({ hasText: 'The claim has no diagnosis' }).first();
    await casey.getByRole('link', { name: 'Fix it' }).click();
    await page.getByLabel('Diagnoses for claims (ICD-10-CM, principal first, separated by commas)').fill('F41.1');
    await page.getByRole('button', { name: 'Save insurance' }).click();
    await page.getByText('The client’s insurance was saved.').waitFor();
    await page.goto(`${url}/app/billings/insurance`);
    await page.getByRole('row').filter({ hasText: 'Casey' }).first().getByRole('link').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Scrub again' }).click();
    await page.getByRole('dialog').getByText('Nothing to fix').first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('tab', { name: 'Prepared' }).click();
    for (const name of ['Casey', 'Avery Lane']) await page.getByRole('row').filter({ hasText: name }).first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit selected' }).click();
    await expect.poll(async () => page.getByRole('row').filter({ hasText: 'Casey' }).count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('tab', { name: 'Submitted' }).click();
    await page.getByRole('row').filter({ hasText: 'Casey' }).first().waitFor();
    await page.getByRole('button', { name: 'Check acknowledgements' }).click();
    await expect.poll(async () => page.getByRole('row').filter({ hasText: 'Casey' }).count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('tab', { name: 'Accepted' }).click();
    await page.getByRole('row').filter({ hasText: 'Casey' }).first().waitFor();
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await page.getByText('Subscriber and subscriber id not found (A3:33:IL)').first().waitFor();

    await page.goto(`${url}/app/billings/insurance_payments/new`);
    await page.getByRole('button', { name: 'Retrieve from the clearinghouse' }).click();
    await page.getByRole('button', { name: 'Post', exact: true }).first().click();
    await expect.poll(async () => page.getByText('Posted', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const payments = (await ask(biller, '{ listBilling(filter: InsurancePayment) { items { kind clientName } } }')).data.listBilling.items;
    expect(payments.length).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});
