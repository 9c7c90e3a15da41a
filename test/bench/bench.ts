/**
 * `npm run bench`: figures to compare across commits (not pass/fail).
 *   - `npm start` time to ready (in-memory, a free port)
 *   - resident memory of the runtime at idle (Node process and DynamoDB Local's JVM)
 *   - GraphQL round trip p50/p95 of `me` over 200 requests
 *   - initial JS and CSS (gzip) per route as Chromium loads it (test/bench/page-weight.ts)
 *   - video: Join → first remote frame (local adapter), and that no non-video route loads Chime
 *   - clients: getClients/getClient p50/p95 among 10 000 clients and DynamoDB requests per call (clients.ts)
 *   - appointments: listAppointments p50/p95 over a year of a 20-clinician practice, DynamoDB requests per call (appointments-list.ts)
 *   - messaging: send → receive p50/p95 over 200 messages, and 200 concurrent subscribers (messaging.ts)
 *   - X12: 837P claims/s for ≈ 2 200 claims, and 835 posting of 1 000 claim payments (x12.ts)
 *   - eligibility: getNewCoverage round trip through the local clearinghouse sandbox p50/p95 (eligibility.ts)
 *   - billing: the billing list over 2 000 clients' 8 000 session lines, and their monthly run (billing.ts);
 *     at the issue's size, a year of 20 clinicians' sessions and 1 000 clients' statements in the background (billing-year.ts)
 *   - companion apps: an app page over 500 sharing clients, two years of a client's diary cards (entries, stats) (companion.ts)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../local/free-port.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { formatTable, measurePageWeights } from './page-weight.ts';
import { PAGE_BUDGETS } from '../support/page-budgets.ts';
import { chimeChunks, measureVideoJoin } from './video.ts';
import { benchClients } from './clients.ts';
import { benchAppointmentsList } from './appointments-list.ts';
import { benchMessaging } from './messaging.ts';
import { benchX12 } from './x12.ts';
import { benchEligibility } from './eligibility.ts';
import { benchBilling } from './billing.ts';
import { benchBillingYear } from './billing-year.ts';
import { benchDataExport } from './data-export.ts';
import { benchCompanion } from './companion.ts';
import { benchAssessmentsPopulation } from './assessments-population.ts';
import { benchAppointmentsMonth } from './appointments-month.ts';
import { lighthouseRow } from './lighthouse.ts';
import { launchChromium } from '../support/chromium.ts';
import { percentile } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '../..');
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function descendants(pid: number): number[] {
  const out: number[] = [];
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  for (const child of children) out.push(child, ...descendants(child));
  return out;
}


const port = await freePort();
const started = Date.now();
const child = spawn('node', ['--import', 'tsx', 'local/start.ts', '--memory'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((done, fail) => {
  let text = '';
  child.stdout.on('data', (d) => {
    text += d;
    const m = /Portal ready at (\S+)/.exec(text);
    if (m) done(m[1]);
  });
  child.once('exit', (code) => fail(new Error(`npm start exited with ${code}`)));
});
const readyMs = Date.now() - started;
const rows: Array<[string, string]> = [['npm start → ready', `${(readyMs / 1000).toFixed(1)} s`]];
let pageWeights = '';

try {
  await new Promise((r) => setTimeout(r, 3000));
  const tree = [child.pid!, ...descendants(child.pid!)];
  const node = rssMb(child.pid!);
  const others = tree.slice(1).reduce((sum, pid) => sum + rssMb(pid), 0);
  rows.push(['RSS at idle: Node runtime', `${node.toFixed(0)} MB`], ['RSS at idle: DynamoDB Local (JVM)', `${others.toFixed(0)} MB`]);

  const { accessToken } = await signInSeeded(url, DEMO_OWNER.email, DEMO_PASSWORD);
  for (let i = 0; i < 20; i++) await graphql(`${url}/graphql`, accessToken, '{ me { id } }');
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const { body } = await graphql(`${url}/graphql`, accessToken, '{ me { id practiceId roles } }');
    times.push(performance.now() - t);
    if (!body.data?.me) throw new Error('me failed during the benchmark');
  }
  times.sort((a, b) => a - b);
  rows.push(['GraphQL `me` p50 (200 requests)', `${percentile(times, 50).toFixed(1)} ms`], ['GraphQL `me` p95 (200 requests)', `${percentile(times, 95).toFixed(1)} ms`]);

  const anonymous = await measurePageWeights(url, PAGE_BUDGETS.filter((b) => !b.signedIn && !b.signedInClient).map((b) => b.path));
  const signedIn = await measurePageWeights(url, PAGE_BUDGETS.filter((b) => b.signedIn).map((b) => b.path), {
    prepare: async (page, baseUrl) => {
      await signInInBrowser(page, baseUrl, DEMO_OWNER.email);
      await page.goto('about:blank');
    },
  });
  pageWeights = formatTable([...anonymous, ...signedIn]);
  const chime = chimeChunks(ROOT);
  const leaks = [...anonymous, ...signedIn].filter((w) => w.files.some((f) => chime.includes(f))).map((w) => w.path);
  rows.push(['Chime SDK chunks / non-video routes loading them', `${chime.length} / ${leaks.length ? leaks.join(', ') : 'none'}`]);
  rows.push(await lighthouseRow(url));

  const browser = await launchChromium();
  try {
    const joins = (await measureVideoJoin(browser, url, 5)).sort((a, b) => a - b);
    rows.push(['Video: Join → first remote frame (local, median of 5)', `${joins[2]} ms (${joins[0]}–${joins[4]})`]);
    rows.push(await benchAppointmentsMonth(browser, url));
  } finally {
    await browser.close();
  }
} finally {
  child.kill('SIGINT');
}
// getClients/getClient in a practice of 10 000 clients, with DynamoDB requests per call (test/bench/clients.ts).
rows.push(...(await benchClients()));
// listAppointments over a year of 20 clinicians' appointments, with DynamoDB requests per call (test/bench/appointments-list.ts).
rows.push(...(await benchAppointmentsList()));
// Secure messaging: delivery latency and 200 concurrent subscribers on the local realtime endpoint (test/bench/messaging.ts).
rows.push(...(await benchMessaging()));
// Assessments (issue 13): the population page and the dashboard's watchlist over 2 000 clients × a year of weekly PHQ-9 + GAD-7 (test/bench/assessments-population.ts).
rows.push(...(await benchAssessmentsPopulation()));
// X12 (issue 16): 837P for a month of a 20-clinician practice, 835 posting of 1 000 claims — pure, no runtime (test/bench/x12.ts).
rows.push(...benchX12());
// Eligibility (issue 16): the 270/271 round trip through the local sandbox, 200 checks (test/bench/eligibility.ts).
rows.push(...(await benchEligibility()));
// Client billing (issue 15): the billing list and the monthly run over 2 000 clients (test/bench/billing.ts).
rows.push(...(await benchBilling()));
// At the size (session 8): the list over a year of 20 clinicians' sessions (26 000 lines), every filter key, and 1 000 clients' statements in the background (test/bench/billing-year.ts).
rows.push(...(await benchBillingYear()));
// Data export (issue 18): a 2 000-client practice with a year of sessions and signed notes into one zip — time, memory, size (test/bench/data-export.ts).
rows.push(...(await benchDataExport()));
rows.push(...(await benchCompanion()));

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`\n| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|-------|`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
console.log(`\nPage weight (first visit, gzip):\n${pageWeights}`);
