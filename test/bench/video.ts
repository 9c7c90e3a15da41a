/**
 * Video figures for `npm run bench`: time from the client's Join to the first remote frame with
 * the local WebRTC adapter (fake camera, loopback), and which built chunks hold the Chime SDK.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_OWNER } from '../../local/demo-accounts.ts';
import { signInInBrowser } from '../support/browser-signin.ts';

async function page(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(['camera', 'microphone', 'clipboard-read', 'clipboard-write'], { origin });
  return context.newPage();
}

const firstFrame = (p: Page, label: string) =>
  p.waitForFunction((name) => (document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`)?.videoWidth ?? 0) > 0, label, { timeout: 20_000 });

/** Milliseconds from clicking Join Video Call to the client's first frame of the clinician, per run. */
export async function measureVideoJoin(browser: Browser, baseUrl: string, runs: number): Promise<number[]> {
  const clinician = await page(browser, baseUrl);
  await signInInBrowser(clinician, baseUrl, DEMO_OWNER.email);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const roomId = crypto.randomUUID();
    await clinician.goto(`${baseUrl}/video/${roomId}`);
    const copy = clinician.getByRole('button', { name: 'Copy sharable link' });
    await clinician.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Copy sharable link') && !b.disabled));
    await copy.click();
    const link = await clinician.evaluate(() => navigator.clipboard.readText());
    await clinician.getByRole('button', { name: 'Start Video Call' }).click();
    await clinician.getByRole('button', { name: 'Disconnect' }).waitFor();

    const client = await page(browser, baseUrl);
    await client.goto(link);
    await client.getByRole('button', { name: 'Join Video Call' }).waitFor();
    const started = Date.now();
    await client.getByRole('button', { name: 'Join Video Call' }).click();
    await firstFrame(client, "Your therapist's video");
    times.push(Date.now() - started);
    await clinician.getByRole('button', { name: 'Disconnect' }).click();
    await client.context().close();
  }
  await clinician.context().close();
  return times;
}

/** Built chunks holding the Chime SDK (web/dist/.vite/chunks.json), as URL paths. */
export function chimeChunks(root: string): string[] {
  const chunks = JSON.parse(readFileSync(join(root, 'web', 'dist', '.vite', 'chunks.json'), 'utf8')) as Array<{ file: string; libraries: string[] }>;
  return chunks.filter((c) => c.libraries.includes('chime')).map((c) => `/${c.file}`);
}
