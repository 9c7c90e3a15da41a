/**
 * The checks every client-portal page with its own catalogs (web/src/client-portal/<folder>/
 * messages/<lang>.json, keys `<prefix><key>`) gets: every key its translator is called with in the
 * page exists in English (with the keys it builds at run time), and the six languages have exactly
 * the English keys with the same {placeholders}.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const WEB_SRC = new URL('../../web/src/client-portal/', import.meta.url);
const LANGUAGES = ['zh', 'es', 'fr', 'it', 'ar'];

export interface PageTexts {
  /** The page's folder under web/src/client-portal/ and its file read for keys. */
  folder: string;
  page: string;
  /** The page's translator, e.g. `et` for et('key'). */
  translator: string;
  prefix: string;
  /** Keys the page builds at run time (a status, an app), each value it takes. */
  templated?: string[];
  /** How many literal keys the page uses at least (the pattern still finds them). */
  atLeast: number;
}

const catalogOf = (folder: string, language: string) => JSON.parse(readFileSync(new URL(`${folder}/messages/${language}.json`, WEB_SRC), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

export function describePageTexts(title: string, texts: PageTexts): void {
  describe(title, () => {
    const en = catalogOf(texts.folder, 'en');

    it(`every ${texts.translator}() key of the page exists in English (the templated ones for every value they take)`, () => {
      const source = readFileSync(new URL(`${texts.folder}/${texts.page}`, WEB_SRC), 'utf8');
      const keys = [...source.matchAll(new RegExp(`\\b${texts.translator}\\('([^'$\`]+)'`, 'g'))].map((m) => m[1]);
      expect(keys.length).toBeGreaterThan(texts.atLeast);
      expect([...keys, ...(texts.templated ?? [])].filter((key) => !(texts.prefix + key in en))).toEqual([]);
    });

    it('the six languages have exactly the English keys and placeholders', () => {
      for (const language of LANGUAGES) {
        const catalog = catalogOf(texts.folder, language);
        expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(en).sort());
        for (const key of Object.keys(en)) expect(placeholders(catalog[key]), `${language} ${key}`).toEqual(placeholders(en[key]));
      }
    });
  });
}
