/**
 * Lighthouse's performance score for `/` under its default mobile emulation (a mid-range phone's
 * screen, 4x CPU slowdown, simulated slow 4G), in Debian's Chromium (chrome-launcher, the launcher
 * Lighthouse itself uses; the CHROME_PATH it reads is set to our Chromium). Median of three runs:
 * a single run swings by several points on a shared machine.
 *
 * The local runtime serves files uncompressed; CloudFront compresses them (lib/web-stack.ts: the
 * default behaviour with CACHING_OPTIMIZED). Lighthouse's simulated slow 4G turns 250 KB of
 * uncompressed script into seconds, so the page is measured through a small gzip proxy in front of
 * the runtime, as a browser receives it from CloudFront.
 *
 *   npx tsx test/bench/lighthouse.ts     (starts the runtime in memory; needs a built console;
 *                                         PORTAL_WEB_DIST=/tmp/my-dist for a build elsewhere)
 *
 * Target (issue 4; reported, not enforced): performance ≥ 95.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../support/chromium.ts';

export interface LighthouseRun {
  /** 0–100 */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

export const LIGHTHOUSE_TARGET = 95;

async function runOnce(url: string): Promise<LighthouseRun> {
  process.env.CHROME_PATH = chromiumPath();
  // Root on this machine: Chromium needs --no-sandbox. Headless as in every other browser test.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    };
  } finally {
    chrome.kill();
  }
}

const COMPRESSIBLE = /text\/html|javascript|text\/css|application\/json|image\/svg/;

/** A gzip proxy in front of `baseUrl` (what CloudFront does for text types); returns its URL. */
export async function gzipProxy(baseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(baseUrl);
  const server = createServer((req, res) => {
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' } },
      (answer: IncomingMessage) => {
        const headers = { ...answer.headers };
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && COMPRESSIBLE.test(String(headers['content-type'] ?? ''));
        if (!gzip) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers['content-length'];
        res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
        answer.pipe(createGzip()).pipe(res);
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/** Median run by score of `runs` Lighthouse runs against `url`. */
export async function measureLighthouse(url: string, runs = 3): Promise<{ median: LighthouseRun; scores: number[] }> {
  const results: LighthouseRun[] = [];
  const target = new URL(url);
  const proxy = await gzipProxy(target.origin);
  try {
    for (let i = 0; i < runs; i++) results.push(await runOnce(proxy.url + target.pathname));
  } finally {
    await proxy.close();
  }
  const sorted = [...results].sort((a, b) => a.score - b.score);
  return { median: sorted[Math.floor(sorted.length / 2)], scores: results.map((r) => r.score) };
}

export function formatLighthouse({ median, scores }: { median: LighthouseRun; scores: number[] }): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return (
    `${median.score} (runs ${scores.join(', ')}; target ≥ ${LIGHTHOUSE_TARGET}${median.score >= LIGHTHOUSE_TARGET ? ' ok' : ' UNDER'}) — ` +
    `FCP ${s(median.fcpMs)}, LCP ${s(median.lcpMs)}, TBT ${Math.round(median.tbtMs)} ms, CLS ${median.cls.toFixed(3)}, SI ${s(median.speedIndexMs)}`
  );
}

/** The `npm run bench` row: Lighthouse on `<baseUrl>/`, or why it could not run. */
export async function lighthouseRow(baseUrl: string): Promise<[string, string]> {
  const label = 'Lighthouse performance, / (mobile, gzip, median of 3)';
  try {
    return [label, formatLighthouse(await measureLighthouse(`${baseUrl}/`))];
  } catch (error) {
    return [label, `did not run: ${error instanceof Error ? error.message : String(error)}`];
  }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { startRuntime } = await import('../../local/runtime.ts');
  const webDist = process.env.PORTAL_WEB_DIST || undefined;
  const runtime = await startRuntime({ port: 0, dataDir: null, ...(webDist ? { webDist } : {}) });
  try {
    console.log(formatLighthouse(await measureLighthouse(`${runtime.url}/`)));
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
