/** The client portal's Billing page (issue 15): every text key it uses exists, in the six languages alike, placeholders included. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ar from '../../../web/src/client-portal/billing/messages/ar.json';
import en from '../../../web/src/client-portal/billing/messages/en.json';
import es from '../../../web/src/client-portal/billing/messages/es.json';
import fr from '../../../web/src/client-portal/billing/messages/fr.json';
import it_ from '../../../web/src/client-portal/billing/messages/it.json';
import zh from '../../../web/src/client-portal/billing/messages/zh.json';
import portalEn from '../../../web/src/client-portal/messages/en.json';

const PREFIX = 'clientPortal.billing.';

describe('Billing page texts', () => {
  it('every bt() key of the page exists in English, the invoice statuses included', () => {
    const source = readFileSync(new URL('../../../web/src/client-portal/billing/BillingPage.tsx', import.meta.url), 'utf8');
    const keys = [...source.matchAll(/bt\('([^'$`]+)'/g)].map((m) => m[1]);
    const templated = ['SENT', 'PARTIALLY_PAID', 'PAID', 'VOID', 'DRAFT'].map((s) => `status.${s}`);
    expect(keys.length).toBeGreaterThan(6);
    expect([...keys, ...templated].filter((k) => !(PREFIX + k in en))).toEqual([]);
    expect('clientPortal.nav.billing' in portalEn).toBe(true);
  });

  it('the six languages have exactly the English keys and placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const catalog of [zh, es, fr, it_, ar] as Record<string, string>[]) {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en as Record<string, string>)) expect(placeholders(catalog[key])).toEqual(placeholders(text));
    }
  });
});
