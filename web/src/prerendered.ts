import { SITE_NAME } from '../../domain/runtime-config';
import type { Locale } from './i18n/locales';

/**
 * The public landing page is prerendered at build time (web/prerender/plugin.ts) for the visitor
 * most first visits come from: English, not signed in, the built-in product name, this year's
 * footer. The build stamps those conditions on the root element; main.tsx hydrates the markup only
 * when the visitor's own conditions are the same, so React never meets markup that differs from
 * what it would render (otherwise it renders from scratch over it).
 */
export interface PrerenderConditions {
  path: string;
  locale: Locale;
  loggedIn: boolean;
  siteName: string;
  year: number;
}

/** The conditions the build renders under. */
export const prerenderConditions = (path: string, year: number): PrerenderConditions => ({ path, locale: 'en', loggedIn: false, siteName: SITE_NAME, year });

export const prerenderStamp = (conditions: PrerenderConditions): string => JSON.stringify(conditions);

/** The attribute on #root holding the stamp. */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';
