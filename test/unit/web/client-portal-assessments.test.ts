/**
 * The client portal's questionnaire pages (issue 13): their own catalogs
 * (web/src/client-portal/assessments/messages/<lang>.json) have exactly the English keys with the
 * same placeholders in every language, and every key the pages use exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../web/src/i18n/locales';
import { ASSESSMENTS_PAGE_ENGLISH } from '../../../web/src/client-portal/assessments/texts';

const DIR = fileURLToPath(new URL('../../../web/src/client-portal/assessments/', import.meta.url));
const PREFIX = 'clientPortal.assessments.';

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}
const names = (message: string, locale: string) => [...argumentsOf(new IntlMessageFormat(message, locale).getAst())].sort();

describe('questionnaire page catalogs', () => {
  const english = Object.keys(ASSESSMENTS_PAGE_ENGLISH).sort();
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly the English keys with the same placeholders`, () => {
      const catalog = JSON.parse(readFileSync(`${DIR}messages/${locale}.json`, 'utf8')) as Record<string, string>;
      expect(Object.keys(catalog).sort()).toEqual(english);
      for (const key of english) expect(names(catalog[key], locale), `${locale} ${key}`).toEqual(names(ASSESSMENTS_PAGE_ENGLISH[key], 'en'));
    });
  }

  it('has every key the pages ask for', () => {
    const used = new Set<string>();
    for (const file of readdirSync(DIR).filter((f) => f.endsWith('.tsx'))) {
      for (const m of readFileSync(DIR + file, 'utf8').matchAll(/\bat\('([A-Za-z]+)'/g)) used.add(PREFIX + m[1]);
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((k) => !(k in ASSESSMENTS_PAGE_ENGLISH))).toEqual([]);
  });
});
