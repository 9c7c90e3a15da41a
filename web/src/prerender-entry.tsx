/**
 * Build-time entry (not part of the browser bundle): renders one public route to HTML with the
 * same tree main.tsx hydrates, English and not signed in. Loaded by web/prerender/plugin.ts
 * through Vite's SSR module loader after the client build.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { I18nProvider } from './i18n/I18nProvider';
import { ENGLISH_TRANSLATOR } from './i18n/translator';
import { PRERENDER_ATTRIBUTE, prerenderConditions, prerenderStamp } from './prerendered';
import { AppRoutes } from './routes';

/** A first visit's storage: empty (no language chosen, not signed in). */
class EmptyStorage {
  getItem(): string | null {
    return null;
  }
  setItem(): void {}
  removeItem(): void {}
}

export async function renderRoute(path: string): Promise<{ html: string; attribute: string; stamp: string }> {
  const conditions = prerenderConditions(path, new Date().getFullYear());
  const hadStorage = 'localStorage' in globalThis;
  if (!hadStorage) Object.defineProperty(globalThis, 'localStorage', { value: new EmptyStorage(), configurable: true });
  try {
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <I18nProvider initial={ENGLISH_TRANSLATOR}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </I18nProvider>
      </StrictMode>,
      { onError: (error) => void errors.push(error) },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const html = Buffer.concat(chunks).toString('utf8');
    if (errors.length) throw new Error(`Prerendering ${path} failed: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ')}`);
    return { html, attribute: PRERENDER_ATTRIBUTE, stamp: prerenderStamp(conditions) };
  } finally {
    if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
  }
}
