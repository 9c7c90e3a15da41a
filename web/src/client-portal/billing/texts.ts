/** The Billing page's texts (issue 15): its own catalogs (./messages/<lang>.json, keys `clientPortal.billing.*`), in the portal's language. */
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
const PREFIX = 'clientPortal.billing.';

export const BILLING_PAGE_ENGLISH: Readonly<Record<string, string>> = en;

/** `bt(key)`: a key of this page's catalogs without its `clientPortal.billing.` prefix; `formatDate`: a calendar day in the portal's language. */
export function useBillingTexts() {
  const portal = usePortalI18n();
  return useMemo(() => {
    const own = createTranslator(portal.locale, CATALOGS[portal.locale] ?? en);
    return {
      bt: (key: string, values?: MessageValues) => own.t(PREFIX + key, values),
      formatDate: (day: string) => portal.formatDateTime(day + 'T12:00:00Z', { dateStyle: 'medium', timeZone: 'UTC' }),
      locale: portal.locale,
    };
  }, [portal]);
}
