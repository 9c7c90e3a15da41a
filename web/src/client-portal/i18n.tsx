/**
 * The client portal's texts: its own catalogs (./messages/<lang>.json, keys `clientPortal.*`), so
 * neither the console nor the public pages carry them. English loads with the client portal's code;
 * another language loads as its own chunk when the page's language (the i18n layer's I18nProvider,
 * chosen with the same selector and remembered the same way) is that language. A key the portal's
 * catalogs lack is the i18n layer's (the spec's messages, the language selector).
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CLIENT_PORTAL_MESSAGES } from '../../../domain/client-link';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import type { Locale } from '../i18n/locales';
import type { Catalog } from '../i18n/catalog';
import { literalMessage } from '../i18n/message';
import { createTranslator, type MessageValues } from '../i18n/translator';
import en from './messages/en.json';

/** The client identity API's refusals a client meets (domain/client-link.ts), under `clientPortal.api.*`. */
export const PORTAL_API_MESSAGES = [
  'invitationUnknown', 'invitationExpired', 'invitationUsed', 'wrongPassword', 'passwordPolicy', 'preferredChannel', 'phone',
] as const satisfies readonly (keyof typeof CLIENT_PORTAL_MESSAGES)[];

const SOURCES: Array<[key: string, english: string]> = PORTAL_API_MESSAGES.map((key) => [`clientPortal.api.${key}`, CLIENT_PORTAL_MESSAGES[key]]);
const keyByText = new Map<string, string>(SOURCES.map(([key, text]) => [text, key]));

/**
 * The portal's English: its catalog and the API's refusals it shows, word for word. The spec's
 * messages (domain/messages.ts) are the i18n layer's, already translated there (tm falls through).
 */
export const CLIENT_PORTAL_ENGLISH: Catalog = {
  ...(en as Catalog),
  ...Object.fromEntries(SOURCES.map(([key, text]) => [key, literalMessage(text)])),
};

type CatalogModule = { default: Catalog };
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<CatalogModule>> = {
  zh: () => import('./messages/zh.json'),
  es: () => import('./messages/es.json'),
  fr: () => import('./messages/fr.json'),
  it: () => import('./messages/it.json'),
  ar: () => import('./messages/ar.json'),
};

/** One language's portal catalog (its own chunk; English is here already). */
export async function loadClientPortalCatalog(locale: Locale): Promise<Catalog> {
  if (locale === 'en') return CLIENT_PORTAL_ENGLISH;
  return (await LOADERS[locale]()).default;
}

export interface PortalI18n {
  locale: Locale;
  t(key: string, values?: MessageValues): string;
  /** A text that may be one of the API's or the spec's messages in English: translated when it is one. */
  tm(text: string): string;
  /** An instant as the reader writes dates and times, in the reader's own time zone. */
  formatDateTime(value: string | Date, options?: Intl.DateTimeFormatOptions): string;
}

const english = createTranslator('en', CLIENT_PORTAL_ENGLISH);

/** The portal's translator over one language's catalog, falling back to English, then to the i18n layer. */
export function portalTranslator(locale: Locale, catalog: Catalog, outer: { t: PortalI18n['t']; tm: PortalI18n['tm'] }): PortalI18n {
  const own = createTranslator(locale, catalog);
  const t = (key: string, values?: MessageValues) =>
    key in catalog ? own.t(key, values) : key in CLIENT_PORTAL_ENGLISH ? english.t(key, values) : outer.t(key, values);
  const tag = languageTag(locale);
  return {
    locale,
    t,
    tm: (text) => {
      const key = keyByText.get(text);
      return key ? t(key) : outer.tm(text);
    },
    formatDateTime: (value, options = { dateStyle: 'full', timeStyle: 'short' }) => new Intl.DateTimeFormat(tag, options).format(new Date(value)),
  };
}

const PortalI18nContext = createContext<PortalI18n>(portalTranslator('en', CLIENT_PORTAL_ENGLISH, english));

/**
 * The portal's texts in the page's language. The first render waits for the language's catalog
 * (no flash of English); a later change of language keeps the page until the new one has loaded.
 */
export function PortalI18nProvider({ children }: { children: ReactNode }) {
  const outer = useI18n();
  const [loaded, setLoaded] = useState<{ locale: Locale; catalog: Catalog } | null>(
    outer.locale === 'en' ? { locale: 'en', catalog: CLIENT_PORTAL_ENGLISH } : null,
  );
  useEffect(() => {
    if (loaded?.locale === outer.locale) return;
    let live = true;
    loadClientPortalCatalog(outer.locale).then(
      (catalog) => live && setLoaded({ locale: outer.locale, catalog }),
      // The chunk did not load (offline, a new deployment): English rather than nothing.
      () => live && setLoaded({ locale: outer.locale, catalog: CLIENT_PORTAL_ENGLISH }),
    );
    return () => {
      live = false;
    };
  }, [outer.locale, loaded?.locale]);
  const value = useMemo(() => (loaded ? portalTranslator(loaded.locale, loaded.catalog, outer) : null), [loaded, outer]);
  if (!value) return null;
  return <PortalI18nContext.Provider value={value}>{children}</PortalI18nContext.Provider>;
}

export const usePortalI18n = (): PortalI18n => useContext(PortalI18nContext);
