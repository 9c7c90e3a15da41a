/**
 * Month view with 500 appointments: milliseconds from navigating to /app/appointment (signed in,
 * console already cached) until the month grid shows every one of them — each either as an event
 * or counted in a day's "+N more" link. 500 single appointments are booked through the API first
 * (current month, practice time, none of them overlapping; the practice allows double-booking so
 * the demo calendar's own appointments do not refuse them).
 *
 *   npx tsx test/bench/appointments-month.ts     (own in-memory runtime; PORTAL_WEB_DIST to serve another build)
 */
import type { Browser } from 'playwright-core';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

export const MONTH_APPOINTMENTS = 500;

async function gql(url: string, token: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${url}/graphql`, token, query, variables);
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

/** Practice wall-clock (zone) → UTC ISO, by the zone's offset that day (no DST change at 06:00–16:00). */
function utcOf(date: string, minutes: number, zone: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
  return new Date(guess - (shown - guess)).toISOString();
}

/** Books `count` appointments for the owner in the practice's current month; returns how many exist there after. */
export async function seedMonth(url: string, count = MONTH_APPOINTMENTS): Promise<{ zone: string; month: string }> {
  const { accessToken } = await signInSeeded(url, DEMO_OWNER.email, DEMO_PASSWORD);
  const settings = await gql(url, accessToken, '{ getAppointmentSettings { timezone version } }');
  const zone: string = settings.getAppointmentSettings.timezone;
  // The demo calendar already has the owner's appointments at some of these times.
  await gql(url, accessToken, 'mutation ($version: Int!) { editAppointmentSettings(version: $version, input: { allowDoubleBooking: true }) { version } }', {
    version: settings.getAppointmentSettings.version,
  });
  const added = await gql(url, accessToken, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', {
    input: { personalDetail: { first: 'Bench', last: `Month${Date.now().toString(36)}` }, dateOfBirth: '01/01/1980' },
  });
  const clientId: string = added.addClient.id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const month = today.slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const inputs = Array.from({ length: count }, (_, i) => {
    const day = String((i % days) + 1).padStart(2, '0');
    const slot = Math.floor(i / days); // 30-minute slots from 06:00
    return { clientId, serviceCode: '90832', locationType: 'OFFICE', start: utcOf(`${month}-${day}`, 6 * 60 + slot * 30, zone), durationMinutes: 25, sendEmailReminder: false };
  });
  const create = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }';
  // One at a time: a clinician's bookings are serialised by the API (its double-booking lock).
  for (const input of inputs) await gql(url, accessToken, create, { input });
  return { zone, month };
}

/**
 * Milliseconds per run from navigation to all `expected` appointments being shown in the month
 * view (events plus the "+N more" counts), after one unmeasured warm-up load.
 */
export async function measureMonthView(browser: Browser, url: string, expected: number, runs = 5): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInInBrowser(page, url, DEMO_OWNER.email);
  const allShown = () =>
    page.waitForFunction(
      (want) => {
        const view = document.querySelector('.fc-dayGridMonth-view');
        if (!view) return false;
        let shown = 0;
        for (const el of view.querySelectorAll('.fc-daygrid-event')) if (el.checkVisibility({ visibilityProperty: true })) shown += 1;
        for (const more of view.querySelectorAll('.fc-daygrid-more-link')) shown += Number(/\+(\d+)/.exec(more.textContent ?? '')?.[1] ?? 0);
        return shown >= want;
      },
      expected,
      { timeout: 60_000, polling: 'raf' },
    );
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    await page.goto('about:blank');
    const started = Date.now();
    await page.goto(`${url}/app/appointment`);
    await allShown();
    if (i > 0) times.push(Date.now() - started);
  }
  await context.close();
  return times;
}

/** `npm run bench`'s row: book the 500, then the month view's median of 5. */
export async function benchAppointmentsMonth(browser: Browser, url: string): Promise<[string, string]> {
  await seedMonth(url);
  const times = (await measureMonthView(browser, url, MONTH_APPOINTMENTS)).sort((a, b) => a - b);
  return [`Appointments: month view with ${MONTH_APPOINTMENTS}, navigation → all shown (median of 5)`, `${times[2]} ms (${times[0]}–${times[4]})`];
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { startRuntime } = await import('../../local/runtime.ts');
  const { launchChromium } = await import('../support/chromium.ts');
  const webDist = process.env.PORTAL_WEB_DIST || undefined;
  const runtime = await startRuntime({ port: 0, dataDir: null, ...(webDist ? { webDist } : {}) });
  const browser = await launchChromium();
  try {
    const seeded = Date.now();
    await seedMonth(runtime.url);
    console.log(`booked ${MONTH_APPOINTMENTS} appointments in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    const times = await measureMonthView(browser, runtime.url, MONTH_APPOINTMENTS);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`month view, ${MONTH_APPOINTMENTS}+ appointments: median ${sorted[2]} ms (${sorted[0]}–${sorted[4]}), runs ${times.join(', ')}`);
  } finally {
    await browser.close();
    await runtime.stop();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
