import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { MESSAGES } from '../../domain/messages';
import { loadCatalog } from './i18n/catalog';
import { applyDocumentLocale, I18nProvider } from './i18n/I18nProvider';
import { initialLocale, type Locale } from './i18n/locales';
import { createTranslator, ENGLISH_TRANSLATOR, type Translator } from './i18n/translator';
import { loadRuntimeConfig } from './platform/config';
import { hasLoggedInFlag } from './auth/logged-in-flag';
import { PRERENDER_ATTRIBUTE, prerenderStamp } from './prerendered';
import { AppRoutes } from './routes';

async function start(): Promise<void> {
  // React's default reporting prints whole errors, whose messages may carry PHI: names only.
  const report = (kind: string) => (error: unknown) => console.error(`${kind}: ${error instanceof Error ? error.name : 'Error'}`);
  const options: RootOptions = { onCaughtError: report('page render failed'), onUncaughtError: report('render failed'), onRecoverableError: report('recovered') };
  const container = document.getElementById('root')!;
  let translator: Translator;
  let siteName: string;
  try {
    const config = await loadRuntimeConfig();
    document.title = siteName = config.siteName;
    translator = await startingTranslator(initialLocale(config.defaultLanguage));
  } catch {
    createRoot(container, options).render(<p style={{ font: '16px system-ui, sans-serif', padding: 24 }}>{MESSAGES.defaultError}</p>);
    return;
  }
  applyDocumentLocale(translator.locale);
  const app = (
    <StrictMode>
      <I18nProvider initial={translator}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </I18nProvider>
    </StrictMode>
  );
  // The build's markup (web/prerender/plugin.ts) is hydrated only where this visitor would see exactly it.
  const stamp = container.getAttribute(PRERENDER_ATTRIBUTE);
  const visitor = prerenderStamp({ path: location.pathname, locale: translator.locale, loggedIn: hasLoggedInFlag(), siteName, year: new Date().getFullYear() });
  if (stamp !== null && stamp === visitor) {
    hydrateRoot(container, app, options);
    return;
  }
  // Anyone else (another language, signed in, another product name): rendered from scratch.
  if (stamp !== null) container.replaceChildren();
  createRoot(container, options).render(app);
}

/** The chosen language's messages before the first render; English if they fail to load. */
async function startingTranslator(locale: Locale): Promise<Translator> {
  if (locale === 'en') return ENGLISH_TRANSLATOR;
  try {
    return createTranslator(locale, await loadCatalog(locale));
  } catch {
    return ENGLISH_TRANSLATOR;
  }
}

void start();
