import { IntlMessageFormat } from 'intl-messageformat';
import { ENGLISH, englishMessage, specMessageKeyOf, type Catalog } from './catalog';
import type { Locale } from './locales';
import { isPlainText } from './message';

export type MessageValues = Record<string, string | number | Date>;

export interface Translator {
  locale: Locale;
  /** The message `key` in this language, with `values` filled in; English when the key is missing. */
  t(key: string, values?: MessageValues): string;
  /**
   * A text that may be one of the spec's messages (domain/messages.ts) in English, e.g. an error
   * from a rule shared with the API: translated when it is one, shown as it is otherwise (a message
   * the service wrote itself).
   */
  tm(text: string): string;
}

/**
 * A translator over one catalog. A plain text is shown as it is; any other message becomes a
 * formatter once, on first use — from its AST in the shipped pages (the build precompiles every
 * catalog, message.ts), from its ICU source where the catalogs are the JSON sources (tests, dev).
 */
export function createTranslator(locale: Locale, catalog: Catalog): Translator {
  const compiled = new Map<string, IntlMessageFormat | string>();
  const format = (key: string, values?: MessageValues): string => {
    let message = compiled.get(key);
    if (message === undefined) {
      const inCatalog = catalog[key] !== undefined;
      const source = inCatalog ? catalog[key] : englishMessage(key);
      if (source === undefined) return key;
      message = typeof source === 'string' && isPlainText(source) ? source : new IntlMessageFormat(source, inCatalog ? locale : 'en');
      compiled.set(key, message);
    }
    return typeof message === 'string' ? message : String(message.format(values));
  };
  return {
    locale,
    t: format,
    tm: (text) => {
      const key = specMessageKeyOf(text);
      return key ? format(key) : text;
    },
  };
}

export const ENGLISH_TRANSLATOR = createTranslator('en', ENGLISH);
