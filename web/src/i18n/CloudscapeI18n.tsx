import { I18nProvider as CloudscapeI18nProvider, type I18nProviderProps } from '@cloudscape-design/components/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { languageTag, useI18n } from './I18nProvider';
import type { Locale } from './locales';

type Messages = ReadonlyArray<I18nProviderProps.Messages>;

/**
 * Cloudscape's own labels (wizard steps, alert icons, table and app-layout labels, ...), one chunk
 * per language: the components the console uses, cut from Cloudscape's all.<locale> messages
 * (cloudscape-components.ts; ≈ 2.5 KB gzip instead of ≈ 8).
 */
type MessagesModule = Promise<{ default: unknown }>;
const LOADERS: Record<Locale, () => MessagesModule> = {
  en: () => import('./cloudscape/en.json'),
  zh: () => import('./cloudscape/zh.json'),
  es: () => import('./cloudscape/es.json'),
  fr: () => import('./cloudscape/fr.json'),
  it: () => import('./cloudscape/it.json'),
  ar: () => import('./cloudscape/ar.json'),
};

const loaded = new Map<Locale, Promise<Messages>>();
/** Starts (once) loading a language's Cloudscape messages. */
export function loadCloudscapeMessages(locale: Locale): Promise<Messages> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then((module) => [module.default as I18nProviderProps.Messages]);
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}

/**
 * Cloudscape's I18nProvider in the page's language, for the pages that use Cloudscape (sign-in,
 * sign-up, the portal). Until a language's messages arrive, the previous ones stay (at first: none,
 * so components show the labels passed to them).
 */
export function CloudscapeI18n({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const [current, setCurrent] = useState<{ locale: Locale; messages: Messages }>({ locale, messages: [] });

  useEffect(() => {
    let live = true;
    loadCloudscapeMessages(locale).then(
      (messages) => live && setCurrent({ locale, messages }),
      () => undefined, // a failed chunk leaves the previous labels
    );
    return () => {
      live = false;
    };
  }, [locale]);

  return (
    <CloudscapeI18nProvider locale={languageTag(current.locale)} messages={current.messages}>
      {children}
    </CloudscapeI18nProvider>
  );
}
