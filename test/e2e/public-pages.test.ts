/**
 * The public pages in Chromium against the in-memory runtime: the pricing matrix exactly as the
 * spec lists it, the help tabs by mouse and keyboard, the landing page's ways in, the unknown-path
 * redirect, no Cloudscape or Amplify downloaded, and no axe violations.
 * Needs the built console: npx vite build --config web/vite.config.ts
 */
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import landing from '../../web/src/i18n/messages/pages/landing.en.json' with { type: 'json' };
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
      ['Essentials', '$0'],
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

describe('phone width (390 px, issue 19)', () => {
  it('fits the pricing cards and the whole feature matrix on the screen, without sideways scrolling', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(portal.runtime.url + '/pricing');
    const table = page.getByRole('table', { name: 'Features included in each plan' });
    await table.waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
      table: document.querySelector('.pub-table-scroll')!.scrollWidth,
      box: document.querySelector('.pub-table-scroll')!.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.table).toBeLessThanOrEqual(widths.box);
    for (const name of ['Essentials', 'Premium', 'Professional']) {
      const box = (await table.getByRole('columnheader', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it("shows an agreement's text and the client's video join page (with the name field) without sideways scrolling", async () => {
    const context = await portal.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(portal.runtime.url + '/legal/business-associates-agreement');
    await page.getByRole('heading', { level: 1, name: 'Business Associates Agreement' }).waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await expect(fits()).resolves.toBe(true);
    await page.goto(`${portal.runtime.url}/public/video/${crypto.randomUUID()}/${crypto.randomUUID()}`);
    const name = page.getByLabel('Your name (optional)');
    await name.waitFor();
    const box = (await name.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(fits()).resolves.toBe(true);
    await context.close();
  });
});

describe('agreements', () => {
  it('has a page for each of the four agreements, written for this product, without Cloudscape', async () => {
    for (const [slug, title] of [
      ['terms-of-service', 'Terms of Service'],
      ['privacy-policy', 'Privacy Policy'],
      ['medical-professionals-agreement', 'Medical Professionals Agreement'],
      ['business-associates-agreement', 'Business Associates Agreement'],
    ]) {
      const page = await open(`/legal/${slug}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
      await expect(page.getByRole('main').textContent()).resolves.toContain('Practice Portal');
      await close(page);
    }
    const unknown = await newPage();
    await unknown.goto(portal.runtime.url + '/legal/nothing-here');
    await unknown.waitForURL(portal.runtime.url + '/');
    await close(unknown);
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
    await expect(header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).resolves.toBe('/app/dashboard');
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
    for (const path of ['/', '/pricing', '/help', '/legal/privacy-policy']) {
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

describe('prerendered landing page', () => {
  const heroTitle = (landing as Record<string, string>)['landing.hero.title'];
  const raw = async (path: string) => {
    const response = await fetch(portal.runtime.url + path);
    expect(response.status).toBe(200);
    return response.text();
  };

  it('serves / with the landing content in the HTML, and every other route without it', async () => {
    // React escapes text as HTML: an apostrophe in the copy arrives as &#x27;.
    const asHtml = heroTitle.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    expect(await raw('/')).toContain(`<h1 id="hero-title">${asHtml}</h1>`);
    for (const path of ['/signin', '/signup', '/app/clients', '/no/such/page']) {
      const html = await raw(path);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain(heroTitle);
    }
  });

  it('paints / before its script runs, then hydrates the same markup without a recoverable error', async () => {
    const page = await newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Hold the entry script until the page has been looked at without it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A module script is deferred: DOMContentLoaded waits for it, so only the response is awaited.
    await page.goto(portal.runtime.url + '/', { waitUntil: 'commit' });
    const hero = page.getByRole('heading', { level: 1, name: heroTitle });
    await hero.waitFor();
    await expect(hero.isVisible()).resolves.toBe(true);
    // Styled at first paint: the landing CSS is linked in <head>, not injected by the script.
    await expect(page.locator('.pub-header').evaluate((el) => getComputedStyle(el).display)).resolves.toBe('flex');
    await expect(page.locator('.language-select-label').evaluate((el) => getComputedStyle(el).position)).resolves.toBe('absolute');
    await hero.evaluate((el) => Object.assign(el, { seenBeforeScript: true }));
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    release();

    // Hydrated: React has taken over the very element painted from HTML (not a re-render).
    await expect
      .poll(() => hero.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))), { timeout: 20_000 })
      .toBe(true);
    await expect(hero.evaluate((el) => (el as HTMLElement & { seenBeforeScript?: boolean }).seenBeforeScript)).resolves.toBe(true);
    // and its links route in the page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signup Now' }).click();
    await page.waitForURL(/\/signup$/);
    await expect(page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
    expect(problems).toEqual([]);
    await close(page);
  });

  it('renders / from scratch, without a recoverable error, for a visitor who chose another language', async () => {
    const page = await newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${portal.runtime.url}/pricing`);
    await page.evaluate(() => localStorage.setItem('portal.language', 'fr'));
    await page.goto(`${portal.runtime.url}/`);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: heroTitle }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr-FR');
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    expect(problems).toEqual([]);
    await close(page);
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
