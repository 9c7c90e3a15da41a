import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadCatalog } from './catalog';
import { formatDate, formatMoney, type DateFormatOptions, type MoneyFormatOptions } from './format';
import { storeLocale, textDirection, type Locale, type OfferedLocale } from './locales';
import { createTranslator, ENGLISH_TRANSLATOR, type Translator } from './translator';

/** The tag for <html lang> and Intl: Chinese is Simplified; Spanish numbers as in the US. */
const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-US', fr: 'fr-FR', it: 'it-IT', ar: 'ar' };
export const languageTag = (locale: Locale) => LANGUAGE_TAGS[locale];

export interface I18n extends Translator {
  /** Loads the language's messages, then shows the page in it and remembers the choice (never rejects). */
  setLocale(locale: OfferedLocale): Promise<void>;
  formatDate(value: Date | string | number, options?: DateFormatOptions): string;
  formatMoney(amount: number, options?: Omit<MoneyFormatOptions, 'locale'>): string;
}

function withFormatters(translator: Translator, setLocale: I18n['setLocale']): I18n {
  const tag = languageTag(translator.locale);
  return {
    ...translator,
    setLocale,
    formatDate: (value, options) => formatDate(value, options),
    formatMoney: (amount, options) => formatMoney(amount, { ...options, locale: tag }),
  };
}

// Without a provider (unit tests of one component): English.
const I18nContext = createContext<I18n>(withFormatters(ENGLISH_TRANSLATOR, async () => undefined));

/** The language in use, for code outside React that loads its own per-language resources. */
let activeLocale: Locale = 'en';
export const currentLocale = () => activeLocale;

/** <html lang dir>: screen readers and the browser's own text handling follow it. */
export function applyDocumentLocale(locale: Locale): void {
  activeLocale = locale;
  if (typeof document === 'undefined') return;
  document.documentElement.lang = languageTag(locale);
  document.documentElement.dir = textDirection(locale);
}

/** Messages of the chosen language for everything below; `initial` is already loaded (main.tsx). */
export function I18nProvider({ initial, children }: { initial: Translator; children: ReactNode }) {
  const [translator, setTranslator] = useState(initial);
  const requested = useRef<Locale>(initial.locale);

  const setLocale = useCallback(async (locale: OfferedLocale) => {
    requested.current = locale;
    let catalog;
    try {
      catalog = await loadCatalog(locale);
    } catch {
      // The language's chunk did not load (offline, a new deployment): stay in the current one.
      return;
    }
    // A later choice made while this one loaded wins.
    if (requested.current !== locale) return;
    storeLocale(locale);
    applyDocumentLocale(locale);
    setTranslator(createTranslator(locale, catalog));
  }, []);

  const value = useMemo(() => withFormatters(translator, setLocale), [translator, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18n => useContext(I18nContext);
/** t(key, values): the message in the page's language. */
export const useT = (): I18n['t'] => useContext(I18nContext).t;
