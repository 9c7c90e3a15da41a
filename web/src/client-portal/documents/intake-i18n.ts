/**
 * The intake forms in the portal's language (issue 12, session 8): one language's texts
 * (./intake-texts/<lang>.json) load as their own chunk, only when the Documents page shows an intake
 * form in that language — never with the portal's first load. English needs nothing (the API's form
 * is English); a language whose chunk does not load shows English rather than nothing.
 */
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales';
import { usePortalI18n } from '../i18n';
import type { PortalDocument } from './api';
import { localizeIntakeForm, type IntakeTexts } from './intake-text-keys';

type Translated = Exclude<Locale, 'en'>;

const LOADERS: Record<Translated, () => Promise<{ default: IntakeTexts }>> = {
  zh: () => import('./intake-texts/zh.json'),
  es: () => import('./intake-texts/es.json'),
  fr: () => import('./intake-texts/fr.json'),
  it: () => import('./intake-texts/it.json'),
  ar: () => import('./intake-texts/ar.json'),
};

const loaded = new Map<Locale, Promise<IntakeTexts | null>>();

/** One language's intake texts, loaded once per page (null for English or when the chunk failed). */
export function loadIntakeTexts(locale: Locale): Promise<IntakeTexts | null> {
  if (locale === 'en') return Promise.resolve(null);
  let pending = loaded.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (module) => module.default,
      () => {
        loaded.delete(locale); // a later visit tries again
        return null;
      },
    );
    loaded.set(locale, pending);
  }
  return pending;
}

/**
 * The intake texts of the portal's current language (null in English). `ready` is false only while
 * the first needed language loads (the page waits rather than flashing English); a later change of
 * language keeps the texts shown until the new ones have loaded, so a form being filled stays.
 */
export function useIntakeTexts(needed: boolean): { ready: boolean; texts: IntakeTexts | null } {
  const { locale } = usePortalI18n();
  const [state, setState] = useState<{ locale: Locale; texts: IntakeTexts | null } | null>(() => (locale === 'en' ? { locale, texts: null } : null));
  useEffect(() => {
    if (!needed || state?.locale === locale) return;
    let live = true;
    void loadIntakeTexts(locale).then((texts) => live && setState({ locale, texts }));
    return () => {
      live = false;
    };
  }, [needed, locale, state?.locale]);
  return { ready: !needed || state !== null, texts: state?.texts ?? null };
}

/** An intake form document as the client reads it (its title and form in the language); any other document as it is. */
export function localizeDocument(doc: PortalDocument, texts: IntakeTexts | null): PortalDocument {
  if (doc.kind !== 'INTAKE_FORM' || !texts?.[doc.id]) return doc;
  const form = doc.form ? localizeIntakeForm(doc.form, texts) : null;
  const title = texts[doc.id].title || doc.title;
  return { ...doc, title, form };
}
