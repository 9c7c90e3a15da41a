/**
 * The secure-messaging refusals in English (domain/messaging/api.ts, what the API answers): the
 * source of the catalog's `messaging.refusal.*`, shown through tm() in the page's language.
 */
import { MESSAGING_REFUSALS } from '../../../domain/messaging/api';
import { addEnglishSource } from '../i18n/catalog';

addEnglishSource('messaging.refusal', MESSAGING_REFUSALS);
