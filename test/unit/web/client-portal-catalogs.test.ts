/**
 * The client portal's own catalogs (web/src/client-portal/messages/<lang>.json) and what it may
 * import: every language has exactly the English keys with the same placeholders; the API's
 * refusals are the domain's words; the portal never imports the console's shell, pages or
 * design system (ARCHITECTURE §9, issue 12), so its first load stays light.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Message } from '../../../web/src/i18n/message';
import { describe, expect, it } from 'vitest';
import { CLIENT_PORTAL_MESSAGES } from '../../../domain/client-link';
import { MESSAGES } from '../../../domain/messages';
import { CLIENT_PORTAL_ENGLISH, loadClientPortalCatalog, portalTranslator } from '../../../web/src/client-portal/i18n';
import { ENGLISH_TRANSLATOR } from '../../../web/src/i18n/translator';
import { LOCALES } from '../../../web/src/i18n/locales';

const PORTAL_SRC = fileURLToPath(new URL('../../../web/src/client-portal/', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}
/** A message with no text (the JSON sources are strings; a compiled one is an AST). */
const isBlank = (message: Message) => typeof message === 'string' && message.trim() === '';
const argumentNames = (message: Message, locale: string) => [...argumentsOf(new IntlMessageFormat(message, locale).getAst())].sort();

describe('client portal catalogs', () => {
  const english = Object.keys(CLIENT_PORTAL_ENGLISH).sort();

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly the English keys, each valid ICU with the same placeholders`, async () => {
      const catalog = await loadClientPortalCatalog(locale);
      expect(Object.keys(catalog).sort()).toEqual(english);
      for (const key of english) {
        expect(isBlank(catalog[key]), `${locale} ${key}`).toBe(false);
        expect(argumentNames(catalog[key], locale), `${locale} ${key}`).toEqual(argumentNames(CLIENT_PORTAL_ENGLISH[key], 'en'));
      }
    });
  }

  it("shows the API's refusals in the client's language, and the spec's through the i18n layer", async () => {
    const spanish = portalTranslator('es', await loadClientPortalCatalog('es'), ENGLISH_TRANSLATOR);
    expect(spanish.tm(CLIENT_PORTAL_MESSAGES.invitationExpired)).toBe('Este enlace de invitación ha caducado. Pida a su consulta que le envíe una invitación nueva.');
    expect(spanish.t('clientPortal.home.join')).toBe('Unirse a la sesión de video');
    const englishPortal = portalTranslator('en', CLIENT_PORTAL_ENGLISH, ENGLISH_TRANSLATOR);
    expect(englishPortal.tm(CLIENT_PORTAL_MESSAGES.invitationUsed)).toBe(CLIENT_PORTAL_MESSAGES.invitationUsed);
    // Not the portal's: the i18n layer's (here its English) — the spec's words.
    expect(englishPortal.tm(MESSAGES.wrongCredentials)).toBe(MESSAGES.wrongCredentials);
    expect(englishPortal.t('spec.passwordChanged')).toBe(MESSAGES.passwordChanged);
    // A key a language lacks falls back to the portal's English.
    expect(portalTranslator('fr', {}, ENGLISH_TRANSLATOR).t('clientPortal.signin.title')).toBe('Sign in');
  });
});

/** Every .ts/.tsx file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('what the client portal imports', () => {
  const IMPORT = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  const imports = sources(PORTAL_SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => {
      const spec = m[1] ?? m[2] ?? m[3];
      const target = spec.startsWith('.') ? relative(WEB_SRC, resolve(dirname(file), spec)).split('\\').join('/') : spec;
      return { file: relative(PORTAL_SRC, file), target };
    }),
  );

  it('finds the imports (the scan works)', () => {
    expect(imports.length).toBeGreaterThan(40);
    expect(imports.some((i) => i.target === 'react-router-dom')).toBe(true);
  });

  it("never the console's shell, its pages, or Cloudscape", () => {
    const CONSOLE = /^(shell|clients|appointments|team|settings|plans|profile|signup|video)\//;
    const bad = imports.filter((i) => i.target.startsWith('@cloudscape-design/') || CONSOLE.test(i.target) || /^auth\/(AuthContext|AuthLayout|SignInPage|useSignInFlow|steps\/)/.test(i.target));
    expect(bad.map((i) => `${i.file} → ${i.target}`)).toEqual([]);
  });
});
