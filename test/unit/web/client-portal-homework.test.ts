/** The client portal's Homework page (issue 14): every text key it uses exists, in the six languages alike. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ar from '../../../web/src/client-portal/homework/messages/ar.json';
import en from '../../../web/src/client-portal/homework/messages/en.json';
import es from '../../../web/src/client-portal/homework/messages/es.json';
import fr from '../../../web/src/client-portal/homework/messages/fr.json';
import it_ from '../../../web/src/client-portal/homework/messages/it.json';
import zh from '../../../web/src/client-portal/homework/messages/zh.json';

const PREFIX = 'clientPortal.homework.';

describe('Homework page texts', () => {
  it('every ht() key of the page exists in English (the templated ones for every value they take)', () => {
    const source = readFileSync(new URL('../../../web/src/client-portal/homework/HomeworkPage.tsx', import.meta.url), 'utf8');
    const keys = [...source.matchAll(/ht\('([^'$`]+)'/g)].map((m) => m[1]);
    const templated = ['due', 'overdue'];
    expect(keys.length).toBeGreaterThan(10);
    const missing = [...keys, ...templated].filter((k) => !(PREFIX + k in en));
    expect(missing).toEqual([]);
  });

  it('the six languages have exactly the English keys and placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [lang, catalog] of Object.entries({ zh, es, fr, it: it_, ar }) as [string, Record<string, string>][]) {
      expect(Object.keys(catalog).sort(), lang).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) expect(placeholders(catalog[key]), `${lang} ${key}`).toEqual(placeholders((en as Record<string, string>)[key]));
    }
  });
});
