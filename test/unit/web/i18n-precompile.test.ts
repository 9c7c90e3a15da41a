/**
 * The build ships every message catalog compiled (web/src/i18n/precompile.ts, applied by
 * web/vite.config.ts) and leaves the ICU parser out of the bundle. These tests hold the two promises
 * that makes: every message of every catalog reads the same compiled as from its source, and what
 * stays a string in a compiled catalog is its own text, so the shipped translator never has to parse.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../web/src/i18n/locales';
import { isPlainText, literalMessage } from '../../../web/src/i18n/message';
import { CATALOG_FILE, precompileCatalog } from '../../../web/src/i18n/precompile';
import { createTranslator, type MessageValues } from '../../../web/src/i18n/translator';

const WEB_SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}
const CATALOGS = files(WEB_SRC).filter((path) => CATALOG_FILE.test(path));

/** The catalog's language from its file name (en.json, billing.en.json); English otherwise. */
const localeOf = (path: string): Locale => LOCALES.find((locale) => path.endsWith(`${locale}.json`)) ?? 'en';

/** Values for every placeholder of a message: a count for plurals, an option's name for selects, a word otherwise. */
function valuesFor(elements: MessageFormatElement[], values: MessageValues = {}): MessageValues {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.plural || element.type === TYPE.number) values[element.value] = 3;
    else if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date('2026-03-05T20:00:00Z');
    else if (element.type === TYPE.select) values[element.value] = Object.keys(element.options).find((option) => option !== 'other') ?? 'other';
    else values[element.value] = `«${element.value}»`;
    if ('options' in element) for (const option of Object.values(element.options)) valuesFor(option.value, values);
    if (element.type === TYPE.tag) valuesFor(element.children, values);
  }
  return values;
}

describe('precompiled message catalogs', () => {
  it('finds the catalogs of the public pages, the console, its features and the client portal', () => {
    const names = CATALOGS.map((path) => relative(WEB_SRC, path));
    expect(names).toContain('i18n/messages/en.json');
    expect(names).toContain('i18n/messages/portal/fr.json');
    expect(names).toContain('i18n/messages/portal/features/billing.en.json');
    expect(names).toContain('client-portal/messages/zh.json');
    expect(names.some((name) => name.startsWith('i18n/cloudscape/'))).toBe(false);
  });

  for (const path of CATALOGS) {
    it(`${relative(WEB_SRC, path)}: every message reads the same compiled, without parsing`, () => {
      const source = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      const compiled = precompileCatalog(source, path);
      const locale = localeOf(path);
      const fromSource = createTranslator(locale, source);
      const fromCompiled = createTranslator(locale, compiled);
      expect(Object.keys(compiled)).toEqual(Object.keys(source));
      for (const [key, message] of Object.entries(compiled)) {
        if (typeof message === 'string') {
          // A string left in a compiled catalog is exactly the text ICU would show.
          expect(isPlainText(message), key).toBe(true);
          expect(parse(message), key).toEqual(message ? [{ type: TYPE.literal, value: message }] : []);
        }
        const values = valuesFor(parse(source[key]));
        expect(fromCompiled.t(key, values), key).toBe(fromSource.t(key, values));
      }
    });
  }

  it('a message that is not valid ICU fails the build, naming its key', () => {
    expect(() => precompileCatalog({ 'x.ok': 'Fine', 'x.broken': 'Hello {name' }, 'messages/en.json')).toThrow(/messages\/en\.json: x\.broken is not a valid ICU message/);
  });

  it('shows a domain text with braces, quotes or angle brackets word for word, with no ICU to parse', () => {
    const texts = ["Can't use {this}", "It''s <b>bold</b>", 'Plain text, 100% # of it'];
    const catalog = Object.fromEntries(texts.map((text, index) => [`k${index}`, literalMessage(text)]));
    expect(catalog.k2).toBe('Plain text, 100% # of it');
    expect(typeof catalog.k0).not.toBe('string');
    const translator = createTranslator('en', catalog);
    expect(texts.map((_, index) => translator.t(`k${index}`))).toEqual(texts);
  });
});
