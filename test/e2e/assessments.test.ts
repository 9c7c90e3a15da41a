/**
 * Measurement-based care (issue 13) as one story: the owner assigns the PHQ-9 to a client without
 * a portal account (the API; the console's Assign page is not built yet); the client opens the
 * single-use link from the outbox at 390 px and answers one item at a time, keyboard only, with
 * item 9 = 1 — the answers are saved as they go (a reload keeps them), the review lists them, the
 * submit shows the 988 crisis-line text; the link is spent. The clinician is e-mailed without PHI,
 * sees the alert arrive live on the Results page they had open, resolves it with a note, and the scored response and
 * its chart show on the client's Measures tab; the population page shows the practice and exports
 * it as CSV; the dashboard lists the worsened client and the overdue measure; the insights page draws the
 * practice's assessment trends with their table. axe finds nothing on the client's pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES, CRISIS_TEXT } from '../../domain/assessments/items.ts';
import { PHQ9 } from '../../domain/assessments/instruments.ts';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { usePortal } from '../support/portal.ts';
import { apiAs } from '../support/seeded-api.ts';
import { signedInBrowser } from '../support/browser-signin.ts';

const portal = usePortal();
const run = Date.now().toString(36);
const api = (query: string, variables: Record<string, unknown> = {}) => apiAs(portal.runtime.url, DEMO_OWNER.email, query, variables);
const PHONE = { width: 390, height: 844 };

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('a PHQ-9 by link, with item 9 = 1', () => {
  it('is answered on a phone, raises the alert, and the clinician resolves it', async () => {
    const email = `measure-${run}@clients.practiceportal.test`;
    const input = { personalDetail: { first: 'Quinn', last: `Measure${run}` }, dateOfBirth: '03/04/1991', contact: { email } };
    const clientId = (await api('mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input })).addClient.id as string;
    await api('mutation ($c: ID!) { assignAssessments(clientId: $c, instrumentIds: ["PHQ9"], schedule: { frequency: "weekly" }) { id } }', { c: clientId });
    const mail = portal.runtime.outbox.latestTo(email, 'email')!;
    expect(mail.body).not.toContain('Quinn');
    const link = /(http\S+\/portal\/assessment#[A-Za-z0-9_-]{43})/.exec(mail.body)![1];

    // The clinician has the Results page open before the client answers: the alert must arrive live.
    const owner = await (await portal.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signedInBrowser(owner, portal.runtime.url, DEMO_OWNER.email);
    const socket = owner.waitForEvent('websocket', (ws) => ws.url().includes('/graphql/realtime'));
    await owner.goto(`${portal.runtime.url}/app/assessments`);
    await (await socket).waitForEvent('framereceived', (frame) => String(frame.payload).includes('start_ack'));
    const name = `Quinn Measure${run}`;
    expect(await owner.getByRole('button', { name: `Resolve the alert for ${name}` }).count()).toBe(0);

    const page = await (await portal.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
    await expectAxeClean(page);
    // Keyboard: the first option of the radio group, Space to choose, Enter moves on.
    const answers = [1, 1, 2, 1, 0, 1, 0, 0, 1];
    for (let i = 0; i < answers.length; i += 1) {
      await page.getByRole('heading', { name: `Question ${i + 1} of 10` }).waitFor();
      const option = page.getByRole('radio', { name: PHQ9.item[i].answerOption[answers[i]].display, exact: true });
      await option.focus();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/saveAssessmentLink') && r.ok());
      await page.keyboard.press('Space');
      await expect(option.isChecked()).resolves.toBe(true);
      if (i === 3) {
        // Saved as it goes: a reload on item 4 keeps the answers.
        await saved;
        await page.reload();
        await page.getByRole('heading', { name: 'Question 1 of 10' }).waitFor();
        await expect(page.getByRole('radio', { name: 'Several days', exact: true }).isChecked()).resolves.toBe(true);
        for (let back = 0; back < 3; back += 1) await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'Question 4 of 10' }).waitFor();
        await expect(option.isChecked()).resolves.toBe(true);
        await option.focus();
      }
      await page.keyboard.press('Enter');
    }
    // Item 10 (difficulty) skipped; the review lists every answer.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    await page.getByText('Not answered').waitFor();
    const wider = await page.evaluate((width) => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 0.5).length, PHONE.width);
    expect(wider).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').getByText(CRISIS_TEXT).waitFor();
    await expectAxeClean(page);
    // Spent: the same link again (a fresh load) is refused.
    await page.goto('about:blank');
    await page.goto(link);
    await page.getByText(ASSESSMENT_MESSAGES.linkUsed).waitFor();

    // The clinician: told without PHI; the open Results page shows the alert live (no reload); resolved with a note.
    expect(portal.runtime.outbox.latestTo(DEMO_OWNER.email, 'email')?.subject).toBe('A client response needs your review');
    await owner.getByRole('button', { name: `Resolve the alert for ${name}` }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByText('Describe what was done (contacted, safety plan, referred…).').waitFor();
    await dialog.getByLabel('What was done').fill('Called Quinn; safety plan reviewed.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await owner.getByRole('button', { name: `Resolve the alert for ${name}` }).waitFor({ state: 'detached' });
    const alerts = (await api('query ($r: Boolean) { listRiskAlerts(resolved: $r) { items { clientId resolutionNote } } }', { r: true })).listRiskAlerts.items as { clientId: string; resolutionNote: string }[];
    expect(alerts.find((a) => a.clientId === clientId)?.resolutionNote).toBe('Called Quinn; safety plan reviewed.');
    // The result and its trend: the client's Measures tab.
    await owner.goto(`${portal.runtime.url}/app/clients/${clientId}?tab=measures`);
    await owner.getByRole('row', { name: /7.*Mild.*Alert/ }).waitFor();
    await owner.getByRole('heading', { name: 'PHQ-9', exact: true }).waitFor();
    await owner.locator('[aria-label="PHQ-9 scores over time"]').first().waitFor();

    // The population page: the practice's measured clients now, Quinn's response among them, the
    // demo's overdue GAD-7 (Jordan), and the CSV of the page.
    await owner.goto(`${portal.runtime.url}/app/assessments/population`);
    await owner.getByRole('heading', { name: 'Clients measured now' }).waitFor();
    await owner.getByRole('row', { name: /^PHQ-9 \d+ \d+ \d+%/ }).waitFor();
    await owner.getByRole('row', { name: /Jordan Reyes GAD-7/ }).waitFor();
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    expect(csv).toContain('Jordan Reyes,GAD-7');
    expect(csv.split('\r\n')).toContainEqual(expect.stringMatching(/^PHQ-9,\d+,\d+,0,\d+%/));

    // The dashboard: the worsened client and the overdue measure, each a link to the client's Measures tab.
    await owner.goto(`${portal.runtime.url}/app/dashboard`);
    const worsened = owner.locator('[data-testid="dashboard-worsened"]');
    await worsened.getByRole('row', { name: /Morgan Ellis PHQ-9 7 → 22/ }).waitFor();
    await owner.locator('[data-testid="dashboard-overdue"]').getByRole('link', { name: 'Jordan Reyes' }).click();
    await owner.waitForURL(/\/app\/clients\/[^/?]+\?tab=measures$/);

    // Insights: the practice's assessment trends, with the table view of the same numbers.
    await owner.goto(`${portal.runtime.url}/app/insights/assessment-trends`);
    await owner.getByRole('table', { name: 'Table view' }).getByRole('columnheader', { name: 'PHQ-9 mean score' }).waitFor();
  });
});
