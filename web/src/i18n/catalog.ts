/**
 * Message catalogs: one JSON file per language in ./messages, keyed by area
 * (`landing.hero.title`, `signin.title.credentials`, ...), ICU MessageFormat values.
 *
 * English is part of the entry bundle: it is the default, the fallback for a missing key, and what
 * components rendered without a provider (unit tests) show. Every other language is its own chunk,
 * loaded only when chosen. Texts that have their one source in domain/ (the spec's messages, the
 * plans and the feature matrix) enter the English catalog from there, under generated keys, so the
 * English wording cannot drift from what the API and the tests use.
 */
import { MESSAGES, type MessageKey } from '../../../domain/messages';
import { FEATURE_MATRIX, PLAN_OFFERS, TELE_HEALTH_ADD_ON } from '../../../domain/pricing';
import en from './messages/en.json';
import type { Locale } from './locales';
import { literalMessage as literal, type Message } from './message';

/** Messages by key: ICU sources in the JSON files, compiled by the build (message.ts). */
export type Catalog = Readonly<Record<string, Message>>;

/** 'View Clients' Health Data' → 'view-clients-health-data': a key part from an English text. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const specMessageKey = (key: MessageKey) => `spec.${key}`;
export const planKey = (planId: string, field: 'name' | 'matrixName' | 'summary') => `pricing.plan.${planId}.${field}`;
export const planIncludeKey = (planId: string, line: string) => `pricing.plan.${planId}.includes.${slug(line)}`;
export const featureKey = (feature: string) => `pricing.feature.${slug(feature)}`;
/** Side-navigation labels and section titles (domain/route-access.ts MENU) by their English text. */
export const menuKey = (label: string) => `nav.${slug(label)}`;
export const menuSectionKey = (title: string) => `nav.section.${slug(title)}`;
/** A planned page (portal/planned-pages.ts) by its path: /app/billings/insurance → planned.billings-insurance. */
export const plannedKey = (path: string, field: 'title' | 'holds') => `planned.${slug(path.replace(/^\/app\//, ''))}.${field}`;

/**
 * The spec's messages that the translated areas (public pages, sign-in, sign-up) show. Messages of
 * other areas stay in English (tm() passes them through) until their pages are translated.
 */
export const TRANSLATED_SPEC_MESSAGES = [
  'defaultError', 'systemError',
  'credentialsRequired', 'invalidEmail', 'wrongCredentials', 'invalidOtp', 'invalidToken', 'mfaSetupError', 'verificationError',
  'invalidCode', 'invalidPhone', 'notConfirmed', 'newPasswordSet', 'mfaSetupNext', 'mfaSetupDone', 'passwordChanged',
  'forgotPasswordEmail', 'passwordRule', 'passwordMismatch',
  'missingRequired', 'firstNameRequired', 'lastNameRequired', 'emailRequired', 'npiRequired', 'organizationRequired', 'phoneRequired',
  'clientTerminologyRequired', 'licenseRequired', 'licenseStateRequired', 'professionRequired', 'therapyRequired', 'practiceRequired',
  'agreementsRequired', 'npiMismatch', 'npiTaken', 'npiLookupFailed',
  'npiInvalid', 'npiDeactivated', 'npiNotFound', 'npiNotIndividual', 'licenseStateUnknown', 'emailExists', 'userAlreadyExists', 'confirmationFailed',
  'signupThanksVerified', 'videoUnavailable', 'linkCopied',
  // The one reader's refusal (issue 11 §6), shown by the sign-up wizard under a field.
  'textCharacters',
  // Issue 19: the note-signing rule, shown in place in the progress note.
  'noteNotStarted', 'clientNotArchived',
  // The client form's own and the appointments' (issue 19, portal pages in every language).
  'dateOfBirthRange', 'nameMarkup',
  'appointmentEndBeforeStart', 'unknownClient', 'clinicianDoubleBooked', 'signedNoteLocked', 'tooManyOccurrences', 'untilBeforeStart',
  // The profile photo's rules (spec §5), checked by the browser and again by the API.
  'jpgOnly', 'imageTooLarge',
] as const satisfies readonly MessageKey[];

/** The English texts whose source is domain/: the spec's messages and the pricing data. */
function domainTexts(): Record<string, Message> {
  const texts: Record<string, Message> = {};
  for (const key of TRANSLATED_SPEC_MESSAGES) texts[specMessageKey(key)] = literal(MESSAGES[key]);
  for (const plan of PLAN_OFFERS) {
    texts[planKey(plan.id, 'name')] = literal(plan.name);
    texts[planKey(plan.id, 'matrixName')] = literal(plan.matrixName);
    texts[planKey(plan.id, 'summary')] = literal(plan.summary);
    for (const line of plan.includes) texts[planIncludeKey(plan.id, line)] = literal(line);
  }
  texts['pricing.teleHealth.name'] = literal(TELE_HEALTH_ADD_ON.name);
  texts['pricing.teleHealth.summary'] = literal(TELE_HEALTH_ADD_ON.summary);
  for (const feature of FEATURE_MATRIX) texts[featureKey(feature.name)] = literal(feature.name);
  return texts;
}

/**
 * The English catalog of the public pages, sign-in, sign-up and the shell. The portal pages' English
 * (messages/portal/en.json) joins it through addEnglish when the portal's code loads
 * (portal-messages.ts), so it does not weigh on the public pages.
 */
export const ENGLISH: Catalog = { ...(en as Catalog), ...domainTexts() };

const englishParts: Record<string, Message> = {};
/** Adds a part of the English catalog that loads with its own code (the portal pages'). */
export function addEnglish(part: Catalog): void {
  Object.assign(englishParts, part);
}
/** English text → key of the texts whose source is a portal module (addEnglishSource). */
const sourceKeys = new Map<string, string>();
/**
 * A portal module's table of texts by name (e.g. appointments/status.ts's STATUS_LABEL) is the
 * English of `${prefix}.${name}`; tm(text) then translates those texts as it does the spec's.
 */
export function addEnglishSource(prefix: string, texts: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(texts)) {
    englishParts[`${prefix}.${name}`] = literal(text);
    sourceKeys.set(text, `${prefix}.${name}`);
  }
}

/** English in full so far: the entry catalog and every part that has loaded (for the catalog test). */
export const loadedEnglish = (): Catalog => ({ ...ENGLISH, ...englishParts });

/** A key's English message, from the entry catalog or a part that has loaded; undefined otherwise. */
export const englishMessage = (key: string): Message | undefined => ENGLISH[key] ?? englishParts[key];

type CatalogModule = { default: Catalog };
/** A language's public messages and its portal part, each its own chunk, loaded together. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<[CatalogModule, CatalogModule]>> = {
  zh: () => Promise.all([import('./messages/zh.json'), import('./messages/portal/zh.json')]),
  es: () => Promise.all([import('./messages/es.json'), import('./messages/portal/es.json')]),
  fr: () => Promise.all([import('./messages/fr.json'), import('./messages/portal/fr.json')]),
  it: () => Promise.all([import('./messages/it.json'), import('./messages/portal/it.json')]),
  ar: () => Promise.all([import('./messages/ar.json'), import('./messages/portal/ar.json')]),
};

/** One language's catalog (its own chunks; English is already here, its portal part with the portal). */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  if (locale === 'en') return ENGLISH;
  const [main, portal] = await LOADERS[locale]();
  return { ...main.default, ...portal.default };
}

/** The key of one of the spec's messages given its English text, or undefined for any other text. */
const byText = new Map<string, MessageKey>(TRANSLATED_SPEC_MESSAGES.map((key) => [MESSAGES[key], key]));
export const specMessageKeyOf = (text: string): string | undefined => {
  const key = byText.get(text);
  return key ? specMessageKey(key) : sourceKeys.get(text);
};
