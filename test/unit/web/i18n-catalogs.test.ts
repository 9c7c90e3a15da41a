import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Message } from '../../../web/src/i18n/message';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { MENU } from '../../../domain/route-access';
import { PLANNED_PAGES } from '../../../web/src/shell/planned-pages';
import { ENGLISH as PUBLIC_ENGLISH, loadCatalog, loadedEnglish, menuKey, menuSectionKey, plannedKey, specMessageKeyOf, TRANSLATED_SPEC_MESSAGES } from '../../../web/src/i18n/catalog';
import { LOCALES, OFFERED_LOCALES } from '../../../web/src/i18n/locales';
import { createTranslator } from '../../../web/src/i18n/translator';
import { PORTAL_ENGLISH } from '../../../web/src/i18n/portal-messages';
// The feature parts of the console's English (billing, insurance, assessments, companion, supervision), each loaded with its feature.
import { FEATURE_ENGLISH } from '../../../web/src/i18n/features';
// The page parts of the entry's English (legal, landing, help, sign-up, video, planned pages, console help), each loaded with its pages.
import { PAGE_ENGLISH } from '../../../web/src/i18n/pages';
// Portal modules whose tables of texts are the English of their keys (addEnglishSource).
import '../../../web/src/appointments/status';
import '../../../web/src/appointments/messages';
import '../../../web/src/team/roles';
import '../../../web/src/settings/messages';
import '../../../web/src/clients/portal-access-api';
import '../../../web/src/settings/client-portal-api';
// The client portal's own catalogs (web/src/client-portal/messages/), checked in client-portal-catalogs.test.ts.
import { CLIENT_PORTAL_ENGLISH } from '../../../web/src/client-portal/i18n';
// The client portal's Messages page keeps its own catalogs (web/src/client-portal/messages-page/messages/).
import { MESSAGES_PAGE_ENGLISH } from '../../../web/src/client-portal/messages-page/texts';
import '../../../web/src/communication/messages';

const WEB_SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));
/** English in full: the entry catalog, the portal pages' part and the portal's text tables (which load with the portal). */
const ENGLISH = loadedEnglish();
const englishKeys = Object.keys(ENGLISH).sort();

/** The names of a message's placeholders ({siteName}, {amount}, ...). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}
/** A message with no text (the JSON sources are strings; a compiled one is an AST). */
const isBlank = (message: Message) => typeof message === 'string' && message.trim() === '';
const argumentNames = (message: Message, locale: string) =>
  [...argumentsOf(new IntlMessageFormat(message, locale).getAst())].sort();

describe('message catalogs', () => {
  it('Arabic is loaded but not offered', () => {
    expect(LOCALES).toContain('ar');
    expect(OFFERED_LOCALES).toEqual(['en', 'zh', 'es', 'fr', 'it']);
  });

  it('the portal pages\' English is its own part, apart from the public pages\' catalog', () => {
    expect(Object.keys(PORTAL_ENGLISH).filter((key) => key in PUBLIC_ENGLISH)).toEqual([]);
    expect(Object.keys(FEATURE_ENGLISH).filter((key) => key in PUBLIC_ENGLISH || key in PORTAL_ENGLISH)).toEqual([]);
    expect(Object.keys(PORTAL_ENGLISH).length).toBeGreaterThan(90);
    expect(createTranslator('en', PUBLIC_ENGLISH).t('clients.add')).toBe('Add client');
  });

  it("the public pages' and the console's help English are parts of their own, not in the entry's catalog", () => {
    const parts = Object.keys(PAGE_ENGLISH);
    expect(parts.filter((key) => key in PUBLIC_ENGLISH || key in PORTAL_ENGLISH || key in FEATURE_ENGLISH)).toEqual([]);
    for (const prefix of ['legal.', 'landing.', 'help.', 'signup.', 'video.', 'planned.', 'helpTopic.', 'tour.slide.']) {
      expect(parts.some((key) => key.startsWith(prefix)), prefix).toBe(true);
      expect(Object.keys(PUBLIC_ENGLISH).filter((key) => key.startsWith(prefix)), prefix).toEqual([]);
    }
    // The top bar's tour button stays in the entry's catalog; the tour itself loads its texts.
    expect(PUBLIC_ENGLISH['tour.title']).toBe('Welcome tour');
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly the English keys, each valid ICU with the same placeholders`, async () => {
      const catalog = await loadCatalog(locale);
      const keys = Object.keys(catalog).sort();
      expect(keys.filter((key) => !(key in ENGLISH)), 'keys English does not have').toEqual([]);
      expect(englishKeys.filter((key) => !(key in catalog)), 'missing translations').toEqual([]);
      for (const key of keys) {
        expect(isBlank(catalog[key]), `${locale} ${key} is empty`).toBe(false);
        expect(argumentNames(catalog[key], locale), `${locale} ${key}`).toEqual(argumentNames(ENGLISH[key], 'en'));
      }
    });
  }

  it('English has the spec messages of the translated pages word for word', () => {
    const english = createTranslator('en', ENGLISH);
    for (const key of TRANSLATED_SPEC_MESSAGES) expect(english.tm(MESSAGES[key])).toBe(MESSAGES[key]);
    expect(specMessageKeyOf(MESSAGES.wrongCredentials)).toBe('spec.wrongCredentials');
  });

  it('English has the side navigation (domain/route-access.ts) and the planned pages word for word', () => {
    const english = createTranslator('en', ENGLISH);
    for (const section of MENU) {
      if (section.title) expect(english.t(menuSectionKey(section.title))).toBe(section.title);
      for (const entry of section.entries) {
        expect(english.t(menuKey(entry.label))).toBe(entry.label);
        for (const child of entry.children ?? []) expect(english.t(menuKey(child.label))).toBe(child.label);
      }
    }
    for (const [path, page] of Object.entries(PLANNED_PAGES)) {
      expect(english.t(plannedKey(path, 'title'))).toBe(page.title);
      expect(english.t(plannedKey(path, 'holds'))).toBe(page.holds);
    }
  });

  it('translates a spec message by its English text and passes any other text through', async () => {
    const spanish = createTranslator('es', await loadCatalog('es'));
    expect(spanish.tm(MESSAGES.wrongCredentials)).toBe('Correo o contraseña incorrectos');
    expect(spanish.tm('Password attempts exceeded')).toBe('Password attempts exceeded');
    expect(spanish.t('landing.cta.title', { plan: 'Básico' })).toBe('Empiece con el plan Básico, gratis');
  });

  it('falls back to English for a key a catalog lacks, and shows an unknown key as itself', () => {
    const partial = createTranslator('fr', { 'language.label': 'Langue' });
    expect(partial.t('language.label')).toBe('Langue');
    expect(partial.t('public.nav.pricing')).toBe('Pricing');
    expect(partial.t('no.such.key')).toBe('no.such.key');
  });
});

/** Every .ts/.tsx file under web/src. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('keys used in web/src', () => {
  // t('key'), t("key"), t(`prefix.${id}.suffix`): a template key must match at least one English key.
  const CALL = /\bt\(\s*(?:'([^']+)'|"([^"]+)"|`([^`]+)`)/g;
  const used: Array<{ file: string; key: string; pattern: RegExp | null }> = [];
  for (const file of sources(WEB_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(CALL)) {
      const key = match[1] ?? match[2] ?? match[3];
      const pattern = match[3]?.includes('${')
        ? new RegExp(`^${match[3].split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^.]+')}$`)
        : null;
      used.push({ file: file.slice(WEB_SRC.length), key, pattern });
    }
  }

  it('finds the calls (the scan itself works)', () => {
    expect(used.length).toBeGreaterThan(150);
  });

  it('every key exists in English', () => {
    const unknown = used
      .filter(({ key, pattern }) => (pattern ? !englishKeys.some((k) => pattern.test(k)) && !Object.keys(CLIENT_PORTAL_ENGLISH).some((k) => pattern.test(k)) && !Object.keys(MESSAGES_PAGE_ENGLISH).some((k) => pattern.test(k)) : !(key in ENGLISH) && !(key in CLIENT_PORTAL_ENGLISH) && !(key in MESSAGES_PAGE_ENGLISH)))
      .map(({ file, key }) => `${file}: ${key}`);
    expect(unknown).toEqual([]);
  });
});
