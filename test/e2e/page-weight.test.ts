/**
 * Page-weight budgets (issue 17): the JS and CSS a first visit to each route downloads, gzip, must
 * stay within test/support/page-budgets.ts, so a new domain cannot silently push a page over.
 * Bytes, not time: the same build always gives the same figures. Measured as the bench measures
 * them (test/bench/page-weight.ts): Chromium loads the page with the cache off and every JS/CSS
 * file it fetched is gzipped. The output also lists what each lazy page adds to the shell.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { formatTable, measurePageWeights, type PageWeight } from '../bench/page-weight.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { signInClientInBrowser, signInInBrowser } from '../support/browser-signin.ts';
import { PAGE_BUDGETS, kb } from '../support/page-budgets.ts';
import { usePortal } from '../support/portal.ts';
import { routeChunks } from '../support/route-chunks.ts';

const portal = usePortal();
const weights = new Map<string, PageWeight>();

beforeAll(async () => {
  const measured = [
    ...(await measurePageWeights(portal.runtime.url, PAGE_BUDGETS.filter((b) => !b.signedIn && !b.signedInClient).map((b) => b.path), { browser: portal.browser })),
    // Signing in first (not counted), then the page as a clinician opens it in a new tab.
    ...(await measurePageWeights(portal.runtime.url, PAGE_BUDGETS.filter((b) => b.signedIn).map((b) => b.path), {
      browser: portal.browser,
      prepare: async (page, baseUrl) => {
        await signInInBrowser(page, baseUrl, DEMO_OWNER.email);
        await page.goto('about:blank');
      },
    })),
    // The client portal's home as the demo client opens it after signing in to the portal.
    ...(await measurePageWeights(portal.runtime.url, PAGE_BUDGETS.filter((b) => b.signedInClient).map((b) => b.path), {
      browser: portal.browser,
      prepare: async (page, baseUrl) => {
        await signInClientInBrowser(page, baseUrl, DEMO_CLIENT.email);
        await page.goto('about:blank');
      },
    })),
  ];
  for (const weight of measured) weights.set(weight.path, weight);
  console.log(`Page weight (gzip, first visit)\n${formatTable(measured)}`);

  const dist = process.env.PORTAL_WEB_DIST || join(import.meta.dirname, '..', '..', 'web', 'dist');
  const rows = routeChunks(dist).map((r) => `${r.source.padEnd(40)} ${kb(r.ownJs).padStart(9)} ${kb(r.addedJs).padStart(9)} ${kb(r.addedCss).padStart(9)}`);
  console.log(`What each lazy page adds to the shell (entry + AuthLayout + ConsoleRoutes with PortalLayout), gzip\npage                                      own JS  added JS added CSS\n${rows.join('\n')}`);
}, 300_000);

describe('page-weight budgets', () => {
  for (const budget of PAGE_BUDGETS) {
    it(`${budget.path} stays within ${kb(budget.js)} JS${budget.css === undefined ? '' : ` and ${kb(budget.css)} CSS`} (gzip)`, () => {
      const weight = weights.get(budget.path)!;
      // Measuring the page that was asked for, not a redirect to another.
      expect(weight.finalPath).toBe(budget.path);
      expect(weight.jsFiles).toBeGreaterThan(0);
      expect(weight.jsBytes, `${budget.path}: ${kb(weight.jsBytes)} of JS, budget ${kb(budget.js)}`).toBeLessThanOrEqual(budget.js);
      if (budget.css !== undefined) expect(weight.cssBytes, `${budget.path}: ${kb(weight.cssBytes)} of CSS, budget ${kb(budget.css)}`).toBeLessThanOrEqual(budget.css);
    });
  }
});
