/**
 * A video call in Chromium with fake camera and microphone (ARCHITECTURE §6): the clinician starts
 * a room and copies the link, the client opens it in another browser context and joins; both see
 * the other's video (videoWidth > 0 and growing bytesReceived), then mute, hide video, screen share,
 * fullscreen and disconnect are checked, and axe finds nothing before and during the call.
 * RTCPeerConnections are observed from the test (an init script records them), not by an app hook.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT, startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { launchChromium } from '../support/chromium.ts';
import { signInInBrowser } from '../support/browser-signin.ts';

let runtime: Runtime;
let browser: Browser;
const contexts: BrowserContext[] = [];

// PORTAL_WEB_DIST: a console built elsewhere (test/support/portal.ts).
const webDist = process.env.PORTAL_WEB_DIST || join(ROOT, 'web', 'dist');

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, webDist });
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await runtime?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['camera', 'microphone', 'clipboard-read', 'clipboard-write'], { origin: runtime.url });
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const seen: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = seen;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        seen.push(this);
      }
    };
  });
  contexts.push(context);
  return context.newPage();
}

/** Video bytes received by the page's newest open peer connection. */
const videoBytesReceived = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((pc) => pc.connectionState !== 'closed');
    const pc = pcs[pcs.length - 1];
    if (!pc) return 0;
    let bytes = 0;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') bytes += report.bytesReceived ?? 0;
    });
    return bytes;
  });

async function expectRemoteVideo(page: Page, label: string): Promise<void> {
  await page.waitForFunction((name) => {
    const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
    return Boolean(video && !video.hidden && video.videoWidth > 0);
  }, label, { timeout: 20_000 });
  const first = await videoBytesReceived(page);
  await expect.poll(() => videoBytesReceived(page), { timeout: 10_000 }).toBeGreaterThan(first);
}

/** The outgoing video as the local tile shows it: label and whether it is a screen capture. */
const localVideoTrack = (page: Page) =>
  page.evaluate(() => {
    const stream = document.querySelector<HTMLVideoElement>('video[aria-label="Your video"]')?.srcObject as MediaStream | null;
    const track = stream?.getVideoTracks()[0];
    return track ? { label: track.label, state: track.readyState, screen: 'displaySurface' in track.getSettings() } : null;
  });

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('video call (local WebRTC adapter)', () => {
  it('clinician and client see each other; controls work; disconnect ends the call for both', async () => {
    const clinician = await newPage();
    await signInInBrowser(clinician, runtime.url, DEMO_OWNER.email);
    const roomId = crypto.randomUUID();
    await clinician.goto(`${runtime.url}/video/${roomId}`);
    await clinician.getByRole('button', { name: 'Start Video Call' }).waitFor();
    await clinician.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video[aria-label="Your camera preview"]')?.videoWidth ?? 0) > 0);
    await expectNoAxeViolations(clinician);

    const copy = clinician.getByRole('button', { name: 'Copy sharable link' });
    await expect.poll(() => copy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await copy.click();
    await clinician.getByText(MESSAGES.linkCopied).waitFor();
    const link = await clinician.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${runtime.url}/public/video/${roomId}/[A-Za-z0-9-]+$`));

    await clinician.getByRole('button', { name: 'Start Video Call' }).click();
    await clinician.getByRole('button', { name: 'Disconnect' }).waitFor();
    await clinician.getByText('Waiting for the other participant to join…').waitFor();
    expect(await clinician.getByRole('button', { name: 'Full screen' }).count()).toBe(0);

    // The client: a public page, no Cloudscape or Amplify before joining.
    const client = await newPage();
    const requested: string[] = [];
    client.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await client.goto(link);
    await client.getByRole('heading', { name: 'Welcome' }).waitFor();
    await client.getByText('Please test your video and audio').waitFor();
    const chunks = JSON.parse(readFileSync(join(webDist, '.vite', 'chunks.json'), 'utf8')) as Array<{ file: string; libraries: string[] }>;
    const heavy = chunks.filter((c) => c.libraries.some((l) => l === 'cloudscape' || l === 'amplify')).map((c) => `/${c.file}`);
    expect(requested.filter((path) => heavy.includes(path))).toEqual([]);
    await expectNoAxeViolations(client);

    // The client may give a name; each side sees the other's display name (issue 19).
    await client.getByLabel('Your name (optional)').fill('Riley');
    await client.getByRole('button', { name: 'Join Video Call' }).click();
    await client.getByRole('button', { name: 'Leave' }).waitFor();
    await Promise.all([expectRemoteVideo(clinician, 'Client video'), expectRemoteVideo(client, "Your therapist's video")]);
    await clinician.getByText('With Riley', { exact: true }).waitFor();
    await client.getByText(`With ${DEMO_OWNER.givenName} ${DEMO_OWNER.familyName}`, { exact: true }).waitFor();
    await expectNoAxeViolations(clinician);
    await expectNoAxeViolations(client);

    // Fullscreen only once the client is in; Escape leaves it.
    await clinician.getByRole('button', { name: 'Full screen' }).click();
    await clinician.locator('[data-fullscreen]').waitFor();
    await clinician.keyboard.press('Escape');
    await clinician.locator('[data-fullscreen]').waitFor({ state: 'detached' });

    // Mute Audio: the outgoing microphone track is disabled.
    await clinician.getByRole('button', { name: 'Mute Audio' }).click();
    const audioEnabled = () =>
      clinician.evaluate(() => ((document.querySelector<HTMLVideoElement>('video[aria-label="Your video"]')?.srcObject as MediaStream).getAudioTracks()[0]?.enabled ?? null));
    expect(await audioEnabled()).toBe(false);
    await clinician.getByRole('button', { name: 'Mute Audio' }).click();
    expect(await audioEnabled()).toBe(true);

    // Hide Video: the camera stops and the client sees the placeholder instead of the video.
    const camera = await localVideoTrack(clinician);
    expect(camera).toMatchObject({ state: 'live', screen: false });
    await clinician.getByRole('button', { name: 'Hide Video' }).click();
    await client.getByText('The other participant has turned their camera off.').waitFor();
    expect(await client.locator('video[aria-label="Your therapist\'s video"]').isHidden()).toBe(true);
    await clinician.getByRole('button', { name: 'Hide Video' }).click();
    await expectRemoteVideo(client, "Your therapist's video");

    // Share Screen replaces the camera; the browser ending the share puts the camera back.
    await clinician.getByRole('button', { name: 'Share Screen' }).click();
    await expect.poll(async () => (await localVideoTrack(clinician))?.screen, { timeout: 10_000 }).toBe(true);
    await expectRemoteVideo(client, "Your therapist's video");
    await clinician.evaluate(() => {
      const stream = document.querySelector<HTMLVideoElement>('video[aria-label="Your video"]')!.srcObject as MediaStream;
      stream.getVideoTracks()[0].dispatchEvent(new Event('ended'));
    });
    await expect.poll(async () => (await localVideoTrack(clinician))?.screen, { timeout: 10_000 }).toBe(false);
    await expectRemoteVideo(client, "Your therapist's video");

    // Disconnect ends the call for both; the clinician gets a way back to the appointments and a Rejoin (issue 19).
    await clinician.getByRole('button', { name: 'Disconnect' }).click();
    await clinician.getByRole('heading', { name: 'You left the call' }).waitFor();
    await expect(clinician.getByRole('link', { name: 'Back to appointments' }).getAttribute('href')).resolves.toBe('/app/appointment');
    await client.getByText('The call has ended.').waitFor();
    await client.getByRole('button', { name: 'Join Video Call' }).waitFor();

    // Rejoin: a new call in the same room; the client leaving goes to / and the clinician's call goes on.
    await clinician.getByRole('button', { name: 'Rejoin' }).click();
    await clinician.getByRole('button', { name: 'Disconnect' }).waitFor();
    await client.getByRole('button', { name: 'Join Video Call' }).click();
    await clinician.getByRole('button', { name: 'Full screen' }).waitFor();
    await client.getByRole('button', { name: 'Leave' }).click();
    await client.waitForURL(`${runtime.url}/`);
    await clinician.getByText('Waiting for the other participant to join…').waitFor();
    expect(await clinician.getByRole('button', { name: 'Full screen' }).count()).toBe(0);
    await clinician.getByRole('button', { name: 'Disconnect' }).click();
  });

  it('a public join to a room the clinician has not started shows the message', async () => {
    const page = await newPage();
    await page.goto(`${runtime.url}/public/video/${crypto.randomUUID()}/${crypto.randomUUID()}`);
    await page.getByRole('alert').filter({ hasText: MESSAGES.videoUnavailable }).waitFor();
    await page.getByRole('button', { name: 'Join Video Call' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.videoUnavailable }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave' }).count()).toBe(0);
  });

  it("the client's join page is in the visitor's language, with the public pages' selector", async () => {
    const page = await newPage();
    await page.context().addInitScript(() => localStorage.setItem('portal.language', 'es'));
    await page.goto(`${runtime.url}/public/video/${crypto.randomUUID()}/${crypto.randomUUID()}`);
    await page.getByRole('heading', { name: 'Le damos la bienvenida' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'No se puede conectar a la videollamada' }).waitFor();
    expect(await page.getByRole('button', { name: 'Unirse a la videollamada' }).isVisible()).toBe(true);
    expect(await page.getByText('Pruebe su vídeo y su audio antes de unirse a la llamada.').isVisible()).toBe(true);
    expect(await page.getByText(/Welcome|Join Video Call/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es-US');

    await page.getByLabel('Idioma').selectOption({ label: 'Italiano' });
    await page.getByRole('heading', { name: 'Ti diamo il benvenuto' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Impossibile collegarsi alla videochiamata' }).waitFor();
    expect(await page.getByRole('button', { name: 'Partecipa alla videochiamata' }).isVisible()).toBe(true);
  });
});
