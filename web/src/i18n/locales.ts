/**
 * The console's languages (spec part 1 §3 "Languages", part 2 §9): English, Chinese, Spanish,
 * French and Italian are offered; Arabic messages exist and load but are not offered. Plain data,
 * no React: the public pages import it.
 */
export const LOCALES = ['en', 'zh', 'es', 'fr', 'it', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const OFFERED_LOCALES = ['en', 'zh', 'es', 'fr', 'it'] as const satisfies readonly Locale[];
export type OfferedLocale = (typeof OFFERED_LOCALES)[number];

export const DEFAULT_LOCALE: OfferedLocale = 'en';

/** Each language by its own name, as the language selector lists it. */
export const LOCALE_NAMES: Record<OfferedLocale, string> = {
  en: 'English',
  zh: '中文',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
};

/**
 * The visitor's choice, kept across visits. Not one of the spec's session values: sign-out keeps
 * it (AuthContext clears everything else).
 */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

export const isOfferedLocale = (value: unknown): value is OfferedLocale => (OFFERED_LOCALES as readonly unknown[]).includes(value);

/** The stored choice, or null (none, not offered, or storage unavailable). */
export function storedLocale(): OfferedLocale | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isOfferedLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: OfferedLocale): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled: the choice lasts until the page is reloaded.
  }
}

/** The visitor's stored choice, else the configured default, else English. */
export function initialLocale(configuredDefault: string | undefined): OfferedLocale {
  return storedLocale() ?? (isOfferedLocale(configuredDefault) ? configuredDefault : DEFAULT_LOCALE);
}

/** Right-to-left scripts among ours. */
export const textDirection = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');
