/**
 * The client portal's Documents page keeps its own catalogs (web/src/client-portal/documents/
 * messages/<lang>.json, keys `clientPortal.documents.*`): every key the page uses exists in English,
 * and the six languages have exactly the English keys, each valid ICU with the same placeholders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS_PAGE_ENGLISH } from '../../../web/src/client-portal/documents/texts';

const DIR = fileURLToPath(new URL('../../../web/src/client-portal/documents/', import.meta.url));
const PREFIX = 'clientPortal.documents.';
const LANGS = ['en', 'zh', 'es', 'fr', 'it', 'ar'];
const catalog = (lang: string) => JSON.parse(readFileSync(join(DIR, 'messages', `${lang}.json`), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*[},]/g)].map((m) => m[1]))].sort();

describe('client portal Documents texts', () => {
  it('every dt(key) of the page exists in English', () => {
    const used = readdirSync(DIR)
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((f) => [...readFileSync(join(DIR, f), 'utf8').matchAll(/\bdt\(\s*'([^']+)'/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => !(`${PREFIX}${key}` in DOCUMENTS_PAGE_ENGLISH))).toEqual([]);
  });

  it('each language has exactly the English keys, valid ICU, the same placeholders', () => {
    const english = catalog('en');
    for (const lang of LANGS) {
      const messages = catalog(lang);
      expect(Object.keys(messages).sort(), lang).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(() => new IntlMessageFormat(text, lang), `${lang} ${key}`).not.toThrow();
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english[key]));
      }
    }
  });
});
