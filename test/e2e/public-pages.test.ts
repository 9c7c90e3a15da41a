/**
 * The public pages in Chromium against the in-memory runtime: the pricing matrix exactly as the
 * spec lists it, the help tabs by mouse and keyboard, the landing page's ways in, the unknown-path
 * redirect, no Cloudscape or Amplify downloaded, and no axe violations.
 * Needs the built console: npx vite build --config web/vite.config.ts
 */
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { usePortal } from '../support/portal.ts';

const portal = usePortal();

/** A page in its own context (AxeBuilder needs one made by portal.browser.newContext()). */
async function newPage(): Promise<Page> {
  const context = await portal.browser.newContext();
  return context.newPage();
}

async function close(page: Page): Promise<void> {
  await page.context().close();
}

async function open(path: string): Promise<Page> {
  const page = await newPage();
  await page.goto(portal.runtime.url + path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

// Copied by hand from spec part 1 §2 "Pricing page"; Y = tick, N = cross (Essentials, Premium, Professional).
const SPEC_MATRIX: Array<[feature: string, ticks: string]> = [
  ['Get Listed', 'YYY'],
  ['Intelligent matching', 'YYY'],
  ['Preferred Listing', 'YYY'],
  ['Evidence Based Therapy Apps', 'YYY'],
  ["View Clients' Health Data", 'YYY'],
  ['HIPAA Compliant', 'YYY'],
  ['Assign Homework', 'NYY'],
  ['Standardized Assessments', 'NYY'],
  ['Video Tele-Therapy', 'NNY'],
  ['Secure Chat', 'NNY'],
  ['Schedule Appointments', 'NNY'],
  ['Notes and Documentation', 'NNY'],
  ['Client Billing', 'NNY'],
  ['Insurance Billing', 'NNY'],
  ['Client Portal', 'NNY'],
];

describe('pricing', () => {
  it('shows the plans and the feature matrix with exactly the spec ticks and crosses', async () => {
    const page = await open('/pricing');
    const plans = page.getByRole('list', { name: 'Plans' });
    for (const [plan, price] of [
      ['Basic', '$0'],
      ['Premium', '$20 / month'],
      ['Professional', '$40 / month'],
      ['Tele Health add-on', '$8 / month per clinician'],
    ]) {
      const card = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, exact: true }) });
      await expect(card.textContent()).resolves.toContain(price);
    }
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe('/signin');

    const table = page.getByRole('table', { name: 'Features included in each plan' });
    const heads = await table.locator('thead th').allTextContents();
    expect(heads).toEqual(['Feature', 'Essentials', 'Premium', 'Professional']);
    const rows = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')!.textContent, [...tr.querySelectorAll('td')].map((td) => td.textContent)]),
    );
    const expected = SPEC_MATRIX.map(([feature, ticks]) => [feature, [...ticks].map((t) => (t === 'Y' ? 'Included' : 'Not included'))]);
    expect(rows).toEqual(expected);
    await close(page);
  });
});

describe('help', () => {
  it('switches tabs by click and by arrow keys, and goes Back', async () => {
    const page = await newPage();
    await page.goto(`${portal.runtime.url}/pricing`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await page.waitForURL(/\/help/);

    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    await expect(tabs.allTextContents()).resolves.toEqual(['Access & Invitations', 'Entries & Stats', 'Homework', 'Assessments']);
    await expect.poll(() => page.getByRole('tabpanel').getByRole('heading', { level: 2 }).textContent()).toBe('Access & Invitations');

    await page.getByRole('tab', { name: 'Homework' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Homework' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('tabpanel').getByRole('heading', { level: 2 }).textContent()).toBe('Homework');
    expect(new URL(page.url()).hash).toBe('#homework');

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tabpanel').getByRole('heading', { level: 2 }).textContent()).toBe('Assessments');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Assessments');
    await page.keyboard.press('ArrowRight'); // wraps to the first
    await expect.poll(() => page.getByRole('tabpanel').getByRole('heading', { level: 2 }).textContent()).toBe('Access & Invitations');
    await page.keyboard.press('End');
    await expect.poll(() => page.getByRole('tabpanel').getByRole('heading', { level: 2 }).textContent()).toBe('Assessments');

    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(/\/pricing$/);
    await close(page);
  });

  it('opens the tab named in the URL', async () => {
    const page = await open('/help#entries');
    await expect.poll(() => page.getByRole('tab', { name: 'Entries & Stats' }).getAttribute('aria-selected')).toBe('true');
    await close(page);
  });
});

describe('landing', () => {
  it('leads to /signin and /signup, and shows the spec claims', async () => {
    const page = await open('/');
    const main = page.getByRole('main');
    await expect(main.textContent()).resolves.toMatch(/97%\s*recommend/);
    await expect(main.textContent()).resolves.toContain('up to an extra $24 per session');
    for (const feature of [
      'Evidence-based therapy apps',
      'Paperless notes',
      'Insights',
      'Outcome measurement and reimbursement',
      'Scheduling',
      'Teletherapy',
      'Directory listing',
    ]) {
      await main.getByRole('heading', { name: feature, level: 3 }).waitFor();
    }
    const header = page.getByRole('navigation', { name: 'Main' });
    await header.getByRole('link', { name: 'Signup Now' }).click();
    await page.waitForURL(/\/signup$/);
    await page.goBack();
    await header.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/signin$/);
    await close(page);
  });

  it('shows Dashboard instead of Signup Now with the isLoggedin flag', async () => {
    const page = await newPage();
    await page.goto(`${portal.runtime.url}/pricing`);
    await page.evaluate(() => localStorage.setItem('isLoggedin', 'true'));
    await page.goto(`${portal.runtime.url}/`);
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).resolves.toBe('/app/clients');
    await expect(header.getByRole('link', { name: 'Signup Now' }).count()).resolves.toBe(0);
    await close(page);
  });

  it('sends an unknown path to /signin', async () => {
    const page = await newPage();
    await page.goto(`${portal.runtime.url}/no/such/page`);
    await page.waitForURL(/\/signin$/);
    await close(page);
  });

  it('downloads neither Cloudscape nor Amplify on the public pages', async () => {
    for (const path of ['/', '/pricing', '/help']) {
      const page = await newPage();
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await page.goto(portal.runtime.url + path, { waitUntil: 'networkidle' });
      const bodies = await page.evaluate(
        async (urls) => Promise.all(urls.map((url) => fetch(url).then((r) => r.text()))),
        scripts,
      );
      // Both libraries leave their names in the bundle (class prefixes, user agent strings).
      for (const body of bodies) expect(body).not.toMatch(/awsui_|aws-amplify/);
      await close(page);
    }
  });
});

describe('accessibility', () => {
  for (const path of ['/', '/pricing', '/help', '/signin']) {
    it(`axe finds no violations on ${path}`, async () => {
      const page = await open(path);
      const results = await new AxeBuilder({ page }).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
      await close(page);
    });
  }
});
