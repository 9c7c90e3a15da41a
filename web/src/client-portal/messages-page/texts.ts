/**
 * The Messages page's texts (issue 12): its own catalogs (./messages/<lang>.json, keys
 * `clientPortal.messaging.*`, the API's refusals under `clientPortal.messaging.refusal.*`), in the
 * portal's language; the six are small and load with the page's chunk.
 */
import { useMemo } from 'react';
import { MESSAGING_REFUSALS, type MessagingRefusal } from '../../../../domain/messaging/api';
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
/** The page's English (keys `clientPortal.messaging.*`), for the catalog tests. */
export const MESSAGES_PAGE_ENGLISH: Readonly<Record<string, string>> = en;
const REFUSAL_BY_TEXT = new Map<string, string>(Object.entries(MESSAGING_REFUSALS).map(([key, text]) => [text, key as MessagingRefusal]));

export function useMessagingTexts() {
  const portal = usePortalI18n();
  return useMemo(() => {
    const own = createTranslator(portal.locale, CATALOGS[portal.locale] ?? en);
    return {
      t: (key: string, values?: MessageValues) => own.t(key, values),
      /** The API's refusal in the page's language (its English if it is not one of messaging's). */
      refusal: (text: string) => {
        const key = REFUSAL_BY_TEXT.get(text);
        return key ? own.t(`clientPortal.messaging.refusal.${key}`) : text;
      },
      formatDateTime: portal.formatDateTime,
    };
  }, [portal]);
}
