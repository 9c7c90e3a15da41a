/**
 * Companion apps (issue 14) as one story in Chromium, two browser contexts. The demo client (seeded
 * with months of DBT diary cards shared with the demo practice) signs in to the client portal at
 * 390 px and stops sharing DBT Coach; the owner sees it stopped on the client's chart tab App entries
 * and invites them again (a code by e-mail); the client opens the e-mailed link (the code prefilled),
 * accepts, fills a diary card — an out-of-range rating is refused with the API's words first — and the
 * owner finds today's card on /app/dbt-coach with the urge chart, then /app/demo-designs' sample charts.
 * axe finds nothing on the portal page. Homework: the owner assigns Taylor a task on /app/homework, she
 * marks it done on the portal's Homework page, and /app/homework-list shows it done.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { signedInBrowser } from '../support/browser-signin.ts';
import { usePortal } from '../support/portal.ts';
import { apiAs } from '../support/seeded-api.ts';
import { unusedTotpCode } from '../support/totp-code.ts';

const portal = usePortal();
const PHONE = { width: 390, height: 844 };

async function clientSignsIn(page: Page, base: string) {
  await page.goto(`${base}/portal/signin`);
  await page.getByLabel('Email').fill(DEMO_CLIENT.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(demoTotp(DEMO_CLIENT.email)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${base}/portal`);
}

describe('companion apps: invite, accept in the portal, a diary card, the app page', () => {
  it('the clinician sees the client’s new diary card on /app/dbt-coach with the chart', async () => {
    const base = portal.runtime.url;
    const clients = (await apiAs(base, DEMO_OWNER.email, '{ listCompanionClients(app: DBT_COACH) { clientId clientName state } }')).listCompanionClients as { clientId: string; clientName: string; state: string }[];
    const taylor = clients.find((c) => c.clientName === `${DEMO_CLIENT.givenName} ${DEMO_CLIENT.familyName}`)!;
    expect(taylor.state).toBe('SHARING');

    // The client stops sharing DBT Coach with the practice.
    const client = await (await portal.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await clientSignsIn(client, base);
    await client.getByRole('link', { name: 'App entries' }).first().click();
    await client.getByRole('heading', { name: 'App entries', level: 1 }).waitFor();
    const dbtRow = client.getByRole('listitem').filter({ hasText: 'DBT Coach: sharing' });
    await dbtRow.getByRole('button', { name: 'Stop sharing' }).click();
    await client.getByRole('listitem').filter({ hasText: 'DBT Coach: stopped' }).waitFor();

    // The owner sees it stopped on the chart tab and invites again.
    const owner = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signedInBrowser(owner, base, DEMO_OWNER.email);
    await owner.goto(`${base}/app/clients/${taylor.clientId}?tab=app-entries`);
    const dbt = owner.getByRole('row').filter({ hasText: 'DBT Coach' });
    await dbt.getByText('Stopped').waitFor();
    await owner.getByRole('button', { name: 'Invite to share' }).click();
    await owner.getByText(/Invitation sent\. The code is [A-Z2-9]{5}-[A-Z2-9]{5}/).waitFor();
    await dbt.getByText('Invited').waitFor();
    const mail = portal.runtime.outbox.latestTo(DEMO_CLIENT.email, 'email')!;
    expect(mail.body).not.toContain(DEMO_CLIENT.givenName);
    const link = /(https?:\/\/\S+\/portal\/entries#code=[A-Z2-9-]+)/.exec(mail.body)![1];

    // The client opens the link: the code is filled in; accepting shares again.
    await client.goto(link);
    await expect(client.getByLabel('Invitation code').inputValue()).resolves.toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await client.getByRole('button', { name: 'Accept and share' }).click();
    await client.getByText('You now share entries with', { exact: false }).waitFor();
    await client.getByRole('listitem').filter({ hasText: 'DBT Coach: sharing' }).waitFor();
    const axe = await new AxeBuilder({ page: client }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // A diary card: 7 is out of the 0–5 scale — the API's words; then a valid card.
    const card = client.getByRole('form', { name: 'DBT diary card' });
    await card.getByLabel('Sadness').fill('7');
    await card.getByRole('button', { name: 'Save' }).click();
    await client.getByText('emotions.sadness (format)', { exact: false }).waitFor();
    await card.getByLabel('Sadness').fill('2');
    await card.getByLabel('Joy').fill('4');
    await card.getByLabel('Self-harm').fill('5');
    await card.getByLabel('Skills used (separate with commas)').fill('TIPP, Wise mind');
    await card.getByRole('button', { name: 'Save' }).click();
    await client.getByText(/^Saved for \d{4}-\d{2}-\d{2}\.$/).waitFor();

    // The owner's DBT Coach page: Taylor needs attention (urge 5 today); their card and the chart.
    await owner.goto(`${base}/app/dbt-coach`);
    await owner.getByRole('heading', { name: 'DBT Coach', level: 1 }).waitFor();
    await owner.getByText(`${taylor.clientName} (`, { exact: false }).first().waitFor();
    await owner.getByRole('radio', { name: taylor.clientName }).click();
    await owner.getByRole('heading', { name: taylor.clientName }).waitFor();
    await owner.locator('[aria-label="Urges (0–5)"]').first().waitFor();
    await owner.getByRole('row').filter({ hasText: 'Self-harm 5' }).filter({ hasText: 'TIPP, Wise mind' }).waitFor();
    // Demo designs: a made-up client's stats and entries, for a practice with none yet.
    await owner.goto(`${base}/app/demo-designs`);
    await owner.getByRole('heading', { name: 'Demo designs', level: 1 }).waitFor();
    await owner.locator('[aria-label="Urges (0–5)"]').first().waitFor();
    await owner.locator('[aria-label="Thought records: intensity before and after"]').first().waitFor();
    await client.context().close();
    await owner.context().close();
  });

  it('homework: the owner assigns a task to Taylor, she marks it done in the portal, the homework list shows it done', async () => {
    const base = portal.runtime.url;
    const title = `Paced breathing, five minutes ${Date.now() % 100000}`;
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'US/Pacific' });
    const owner = await (await portal.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signedInBrowser(owner, base, DEMO_OWNER.email);
    await owner.goto(`${base}/app/homework`);
    await owner.getByRole('heading', { name: 'Assign or schedule homework', level: 1 }).waitFor();
    await owner.getByRole('combobox', { name: 'Client', exact: true }).fill(DEMO_CLIENT.givenName);
    await owner.getByRole('option', { name: `${DEMO_CLIENT.givenName} ${DEMO_CLIENT.familyName}` }).click();
    await owner.getByText('A task of my own').click();
    await owner.getByLabel('Task', { exact: true }).fill(title);
    await owner.getByLabel('Due date').fill(today);
    await owner.getByRole('button', { name: 'Assign' }).click();
    await owner.getByText(`Assigned 1 time: first due ${today}`, { exact: false }).waitFor();

    const client = await (await portal.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await clientSignsIn(client, base);
    await client.getByRole('link', { name: 'Homework' }).first().click();
    await client.getByRole('heading', { name: 'Homework', level: 1 }).waitFor();
    const item = client.getByRole('listitem').filter({ has: client.getByRole('heading', { name: title }) });
    await item.getByRole('button', { name: 'Mark as done' }).click();
    await client.getByText(`“${title}” is marked done.`).waitFor();
    await client.getByText(`${title} — done`, { exact: false }).waitFor();
    const axe = await new AxeBuilder({ page: client }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await owner.goto(`${base}/app/homework-list`);
    await owner.getByRole('heading', { name: 'Homework list', level: 1 }).waitFor();
    await owner.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Done' }).waitFor();
    await client.context().close();
    await owner.context().close();
  });
});
