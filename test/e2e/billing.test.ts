/**
 * Client billing, the issue-15 story end to end in a browser: a week of sessions → an invoice →
 * the client pays it by card in the client portal (the local card processor's test-card page,
 * which has no card field) → the biller sees the card payment on the client's billing tab,
 * generates the month's statement and the superbill, finds both on /app/billings/documents and the
 * payment on the billing list filtered to the client; the owner edits a rate on Billing and Service.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_OWNER } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { signedInBrowser, signInClientInBrowser } from '../support/browser-signin.ts';
import { usePortal } from '../support/portal.ts';
import { apiAs } from '../support/seeded-api.ts';

const portal = usePortal();
const BILLER = DEMO_ACCOUNTS.find((a) => a.roles.includes('biller'))!.email;
const owner = (query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, DEMO_OWNER.email, query, variables);
const biller = (query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, BILLER, query, variables);
const pacificDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(new Date(ms));

describe('client billing: from a week of sessions to a card payment, a statement and a superbill', () => {
  it('the client pays the week’s invoice by card in the portal; the biller sees the payment and the month’s documents', async () => {
    const { runtime, browser } = portal;
    const clientId = (await owner('{ getClients(search: "Taylor") { items { id personalDetail { last } } } }')).getClients.items.find((c: any) => c.personalDetail.last === DEMO_CLIENT.familyName).id;
    // A week of sessions: three evenings eight to ten days ago (clear of the demo calendar), attended.
    const lines: string[] = [];
    for (const daysAgo of [10, 9, 8]) {
      const start = new Date(Date.now() - daysAgo * 86400000);
      start.setUTCHours(4, 30, 0, 0);
      const appt = (await owner('mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version } }', { input: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start: start.toISOString(), durationMinutes: 45 } })).createAppointment[0];
      await owner('mutation ($id: ID!, $v: Int!) { setAppointmentStatus(id: $id, version: $v, status: ATTENDED) { id } }', { id: appt.id, v: appt.version });
      lines.push(appt.id);
    }
    const sessionMonth = pacificDay(Date.now() - 10 * 86400000).slice(0, 7);
    const draft = (await biller('mutation ($c: ID!, $l: [ID!]!, $r: ID!) { createInvoice(clientId: $c, lineIds: $l, requestId: $r) { id version totalCents } }', { c: clientId, l: lines, r: crypto.randomUUID() })).createInvoice;
    const invoice = (await biller('mutation ($c: ID!, $id: ID!, $v: Int!) { sendInvoice(clientId: $c, id: $id, version: $v) { id number totalCents } }', { c: clientId, id: draft.id, v: draft.version })).sendInvoice;
    const amount = `$${(invoice.totalCents / 100).toLocaleString('en-US')}`;

    // The client pays by card in the portal: the local processor's page offers test cards only.
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await signInClientInBrowser(phone, runtime.url, DEMO_CLIENT.email);
    await phone.goto(`${runtime.url}/portal/billing`);
    await phone.getByRole('button', { name: `Pay invoice ${invoice.number} by card (${amount})` }).click();
    await phone.waitForURL(/\/_local\/pay\//);
    await phone.getByRole('heading', { name: `Pay ${amount}.00` }).waitFor();
    expect(await phone.locator('input').count()).toBe(0);
    await phone.getByRole('button', { name: /ending 4242/ }).click();
    await phone.waitForURL(`${runtime.url}/portal/billing?card=done`);
    await phone.getByText('Thank you. Your card payment shows here as soon as the card processor confirms it.').waitFor();
    await phone.getByText(new RegExp(`${invoice.number}.*Paid`)).waitFor();

    // The biller sees the card payment on the client's billing tab and generates the documents.
    const page = await (await browser.newContext()).newPage();
    await signedInBrowser(page, runtime.url, BILLER);
    await page.goto(`${runtime.url}/app/clients/${clientId}?tab=billing`);
    const payments = page.locator('table').filter({ hasText: 'Method' });
    await payments.getByRole('row').filter({ hasText: 'Card' }).filter({ hasText: amount }).first().waitFor();
    const month = page.getByLabel('Month');
    await month.fill(pacificDay(Date.now()).slice(0, 7));
    await page.getByRole('button', { name: 'Generate statement' }).click();
    await page.getByText(`Statement ${pacificDay(Date.now()).slice(0, 7)} is ready.`).waitFor();
    await month.fill(sessionMonth);
    await page.getByRole('button', { name: 'Generate superbill' }).click();
    await page.getByText(`Superbill ${sessionMonth} is ready.`).waitFor();

    // Both on /app/billings/documents with who generated them, and the statement's PDF downloads again.
    await page.getByRole('link', { name: 'All billing documents of this client' }).click();
    await page.waitForURL(/\/app\/billings\/documents\?clientId=/);
    const statementRow = page.getByRole('row').filter({ hasText: `Statement ${pacificDay(Date.now()).slice(0, 7)}` });
    await statementRow.filter({ hasText: 'Bill Byrne' }).waitFor();
    await page.getByRole('row').filter({ hasText: `Superbill ${sessionMonth}` }).waitFor();
    await page.getByRole('row').filter({ hasText: `Invoice ${invoice.number}` }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), statementRow.getByRole('button', { name: /as a PDF/ }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-${pacificDay(Date.now()).slice(0, 7)}.pdf`);

    // The billing list of this client alone: the card payment said in words, dated as the practice writes dates.
    await page.goto(`${runtime.url}/app/billings`);
    await page.getByRole('combobox', { name: 'Client', exact: true }).fill(DEMO_CLIENT.givenName);
    await page.getByRole('option', { name: `${DEMO_CLIENT.givenName} ${DEMO_CLIENT.familyName}` }).click();
    const cardRow = page.getByRole('row').filter({ hasText: 'Card' }).filter({ hasText: amount }).first();
    await cardRow.waitFor();
    const [year, mm, dd] = pacificDay(Date.now()).split('-');
    expect(await cardRow.textContent()).toContain(`${mm}/${dd}/${year}`);
    await expect.poll(async () => [...new Set(await page.locator('table a').allTextContents())]).toEqual([`${DEMO_CLIENT.givenName} ${DEMO_CLIENT.familyName}`]);

    // The owner edits a rate on Billing and Service; the next session line bills it.
    const settings = await (await browser.newContext()).newPage();
    await signedInBrowser(settings, runtime.url, DEMO_OWNER.email);
    await settings.goto(`${runtime.url}/app/settings/billing-and-service`);
    await settings.getByLabel('Rate of 90837').fill('190');
    await settings.getByRole('button', { name: 'Save services' }).click();
    await settings.getByText('Services saved.').waitFor();
    const catalog = (await owner('{ getBillingCatalog { services { code rateCents } } }')).getBillingCatalog;
    expect(catalog.services.find((x: any) => x.code === '90837').rateCents).toBe(19000);
  }, 60_000);
});
