/**
 * The Homework page's texts (issue 14): its own catalogs (./messages/<lang>.json, keys
 * `clientPortal.homework.*`) in the portal's language; the API's refusals are shown as the server words them.
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
const PREFIX = 'clientPortal.homework.';

export const HOMEWORK_PAGE_ENGLISH: Readonly<Record<string, string>> = en;

/** `ht(key)`: a key of this page's catalogs without its prefix. */
export function useHomeworkTexts() {
  const portal = usePortalI18n();
  return useMemo(() => {
    const own = createTranslator(portal.locale, CATALOGS[portal.locale] ?? en);
    return { ht: (key: string, values?: MessageValues) => own.t(PREFIX + key, values), formatDate: (day: string) => portal.formatDateTime(day + 'T12:00:00Z', { dateStyle: 'medium', timeZone: 'UTC' }) };
  }, [portal]);
}
