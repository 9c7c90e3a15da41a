/**
 * The fixture every browser test starts from: the whole local runtime in memory on a free port,
 * and Debian's Chromium. Registers its own beforeAll/afterAll; read the fields inside tests.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startRuntime, type Runtime, type RuntimeOptions } from '../../local/runtime.ts';
import { launchChromium } from './chromium.ts';

export interface PortalFixture {
  runtime: Runtime;
  browser: Browser;
}

export function usePortal(options: Partial<RuntimeOptions> = {}): PortalFixture {
  const fixture = {} as PortalFixture;
  beforeAll(async () => {
    // PORTAL_WEB_DIST: serve a console built elsewhere (so two people building at once don't empty
    // each other's web/dist mid-test).
    const webDist = process.env.PORTAL_WEB_DIST || undefined;
    fixture.runtime = await startRuntime({ port: 0, dataDir: null, ...(webDist ? { webDist } : {}), ...options });
    fixture.browser = await launchChromium();
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.runtime?.stop();
  });
  return fixture;
}
