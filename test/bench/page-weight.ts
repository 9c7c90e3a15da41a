/**
 * Page weight: the JS and CSS (gzip) Chromium downloads to show each route on a first visit.
 * The local runtime serves files uncompressed, so each JS/CSS response body is gzipped here with
 * zlib's default level, about what a CDN sends.
 *
 *   npx tsx test/bench/page-weight.ts        (needs `npx vite build --config web/vite.config.ts` first)
 *   PORTAL_WEB_DIST=/tmp/my-dist npx tsx test/bench/page-weight.ts [paths...]   (a build elsewhere; only these paths)
 *
 * Targets: test/support/page-budgets.ts (reported here; enforced by test/e2e/page-weight.test.ts).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { PAGE_BUDGETS, kb } from '../support/page-budgets.ts';

export interface PageWeight {
  path: string;
  /** Where the browser ended up (a protected route without a session lands on /signin). */
  finalPath: string;
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
  cssFiles: number;
  /** Paths of every JS and CSS file downloaded. */
  files: string[];
  /** Gzip bytes of each of those files. */
  sizes: Record<string, number>;
}

export interface MeasureOptions {
  /** Runs first in the same browser context (e.g. signs in); its downloads are not counted. */
  prepare?: (page: Page, baseUrl: string) => Promise<void>;
  /** A browser to use (and leave open); otherwise one is launched and closed. */
  browser?: Browser;
}

function kindOf(contentType: string | undefined, url: string): 'js' | 'css' | null {
  const type = contentType ?? '';
  if (/javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (/text\/css/.test(type) || /\.css(\?|$)/.test(url)) return 'css';
  return null;
}

/** Loads each path in a fresh browser context with the cache off and sums gzip JS and CSS bytes. */
export async function measurePageWeights(baseUrl: string, paths: string[], options: MeasureOptions = {}): Promise<PageWeight[]> {
  const browser = options.browser ?? (await launchChromium());
  try {
    const results: PageWeight[] = [];
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (options.prepare) await options.prepare(page, baseUrl);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

      const pending: Array<Promise<void>> = [];
      const weight: PageWeight = { path, finalPath: path, jsBytes: 0, cssBytes: 0, jsFiles: 0, cssFiles: 0, files: [], sizes: {} };
      const seen = new Set<string>();
      page.on('response', (response) => {
        const url = response.url();
        const kind = kindOf(response.headers()['content-type'], new URL(url).pathname);
        if (!kind || seen.has(url) || !url.startsWith(baseUrl)) return;
        seen.add(url);
        weight.files.push(new URL(url).pathname);
        pending.push(
          response.body().then(
            (body) => {
              const size = gzipSync(body).length;
              weight.sizes[new URL(url).pathname] = size;
              if (kind === 'js') {
                weight.jsBytes += size;
                weight.jsFiles += 1;
              } else {
                weight.cssBytes += size;
                weight.cssFiles += 1;
              }
            },
            () => undefined, // a body dropped by a redirect or navigation
          ),
        );
      });

      await page.goto(baseUrl + path, { waitUntil: 'load' });
      // Lazy route chunks load after the entry runs; wait until the network settles.
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      await Promise.all(pending);
      weight.finalPath = new URL(page.url()).pathname;
      results.push(weight);
      await context.close();
    }
    return results;
  } finally {
    if (!options.browser) await browser.close();
  }
}

const TARGETS = new Map(PAGE_BUDGETS.map((budget) => [budget.path, budget]));

export function formatTable(weights: PageWeight[]): string {
  const lines = ['path                 JS gzip     CSS gzip    target (JS / CSS)       landed on'];
  for (const w of weights) {
    const target = TARGETS.get(w.path);
    const ok = !target || (w.jsBytes <= target.js && (target.css === undefined || w.cssBytes <= target.css));
    const targetText = target ? `${kb(target.js)} / ${target.css ? kb(target.css) : '-'}` : '-';
    lines.push(
      `${w.path.padEnd(18)} ${kb(w.jsBytes).padStart(9)}  ${kb(w.cssBytes).padStart(9)}    ${(targetText + (ok ? ' ok' : ' OVER')).padEnd(22)}  ${w.finalPath}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { startRuntime } = await import('../../local/runtime.ts');
  const { DEMO_OWNER } = await import('../../local/demo-accounts.ts');
  const { signInInBrowser } = await import('../support/browser-signin.ts');
  const webDist = process.env.PORTAL_WEB_DIST || undefined;
  const runtime = await startRuntime({ port: 0, dataDir: null, ...(webDist ? { webDist } : {}) });
  const only = process.argv.slice(2);
  const wanted = (paths: string[]) => (only.length ? paths.filter((p) => only.includes(p)) : paths);
  try {
    const anonymous = await measurePageWeights(runtime.url, wanted(PAGE_BUDGETS.filter((b) => !b.signedIn && !b.signedInClient).map((b) => b.path)));
    // The portal as a signed-in clinician sees it; signing in first is not counted.
    const signedIn = await measurePageWeights(runtime.url, wanted(PAGE_BUDGETS.filter((b) => b.signedIn).map((b) => b.path)), {
      prepare: async (page, baseUrl) => {
        await signInInBrowser(page, baseUrl, DEMO_OWNER.email);
        await page.goto('about:blank');
      },
    });
    console.log(formatTable([...anonymous, ...signedIn]));
    if (process.env.PAGE_WEIGHT_FILES) {
      for (const w of [...anonymous, ...signedIn]) {
        console.log(`\n${w.path}`);
        for (const [file, size] of Object.entries(w.sizes).sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
      }
    }
  } finally {
    await runtime.stop();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
