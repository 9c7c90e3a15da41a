/**
 * The Documents page's texts (issue 12): its own catalogs (./messages/<lang>.json, keys
 * `clientPortal.documents.*`), in the portal's language; the API's refusals (domain/messages.ts)
 * through the portal's tm. The intake forms' questions: ./intake-i18n.ts.
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
const PREFIX = 'clientPortal.documents.';

/** English, for the key check (test/unit/web/client-portal-documents.test.ts). */
export const DOCUMENTS_PAGE_ENGLISH: Readonly<Record<string, string>> = en;

/** `dt(key)`: a key of this page's catalogs without its `clientPortal.documents.` prefix. */
export function useDocumentTexts() {
  const portal = usePortalI18n();
  return useMemo(() => {
    const own = createTranslator(portal.locale, CATALOGS[portal.locale] ?? en);
    return { dt: (key: string, values?: MessageValues) => own.t(PREFIX + key, values), tm: portal.tm, formatDateTime: portal.formatDateTime };
  }, [portal]);
}
