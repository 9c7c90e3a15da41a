/**
 * The assessments pages' texts (issue 13): their own catalogs (./messages/<lang>.json, keys
 * `clientPortal.assessments.*`) in the portal's language. Instrument items are the published
 * English (domain/assessments/instruments.ts), with the englishOnly note in every language.
 */
import { useMemo } from 'react';
import type { Locale } from '../../i18n/locales';
import { createTranslator, type MessageValues } from '../../i18n/translator';
import { usePortalI18n } from '../i18n';
import ar from './messages/ar.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import it from './messages/it.json';
import zh from './messages/zh.json';

const CATALOGS: Record<Locale, Record<string, string>> = { en, zh, es, fr, it, ar };
const PREFIX = 'clientPortal.assessments.';

export const ASSESSMENTS_PAGE_ENGLISH: Readonly<Record<string, string>> = en;

/** `at(key)`: a key of this page's catalogs without its prefix. */
export function useAssessmentTexts() {
  const portal = usePortalI18n();
  return useMemo(() => {
    const own = createTranslator(portal.locale, CATALOGS[portal.locale] ?? en);
    return { at: (key: string, values?: MessageValues) => own.t(PREFIX + key, values), formatDateTime: portal.formatDateTime };
  }, [portal]);
}
