/**
 * The client form's model: its flat values, the ClientInput they become, and the message shown
 * under a field for a problem (found by domain/client.ts here, or returned by the API).
 */
import { STATES, type ClientInput, type FieldProblem } from '../../../domain/client';
import { MESSAGES } from '../../../domain/messages';
import type { Client } from './api';
import { ENGLISH_TRANSLATOR, type Translator } from '../i18n/translator';
import '../i18n/portal-messages';

/** Catalog keys of the form's and the page's own messages (web/src/i18n/messages). */
export const CLIENT_MESSAGE_KEYS = {
  notFound: 'clients.notFound',
  conflict: 'clients.conflict',
  removeExplained: 'clients.removeExplained',
} as const;

// The list imports clientName from its own module, so the form's model (and the state list)
// loads with the form, not with the list.
export { clientName } from './client-name';

export const stateName = (code: string | null): string => STATES.find((s) => s.code === code)?.name ?? code ?? '';

export interface ClientFormValues {
  first: string;
  middle: string;
  last: string;
  suffix: string;
  nickname: string;
  dateOfBirth: string;
  gender: string;
  phone: string;
  phoneType: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  sendEmailReminder: boolean;
  emailCommunication: boolean;
}

export const EMPTY_FORM: ClientFormValues = {
  first: '', middle: '', last: '', suffix: '', nickname: '', dateOfBirth: '', gender: '', phone: '', phoneType: '',
  email: '', line1: '', line2: '', city: '', state: '', zip: '', sendEmailReminder: false, emailCommunication: false,
};

/** The input field each form value is sent as (the API's error paths). */
export const FIELD_PATH: Record<Exclude<keyof ClientFormValues, 'sendEmailReminder' | 'emailCommunication'>, string> = {
  first: 'personalDetail.first',
  middle: 'personalDetail.middle',
  last: 'personalDetail.last',
  suffix: 'personalDetail.suffix',
  nickname: 'personalDetail.nickname',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  phone: 'contact.phone',
  phoneType: 'contact.type',
  email: 'contact.email',
  line1: 'address.line1',
  line2: 'address.line2',
  city: 'address.city',
  state: 'address.state',
  zip: 'address.zip',
};

export function formValuesOf(client: Client): ClientFormValues {
  const v = (text: string | null) => text ?? '';
  return {
    first: client.personalDetail.first,
    middle: v(client.personalDetail.middle),
    last: client.personalDetail.last,
    suffix: v(client.personalDetail.suffix),
    nickname: v(client.personalDetail.nickname),
    dateOfBirth: client.dateOfBirth,
    gender: v(client.gender),
    phone: v(client.contact.phone),
    phoneType: v(client.contact.type),
    email: v(client.contact.email),
    line1: v(client.address.line1),
    line2: v(client.address.line2),
    city: v(client.address.city),
    state: v(client.address.state),
    zip: v(client.address.zip),
    sendEmailReminder: client.sendEmailReminder,
    emailCommunication: client.communicationSetting.email,
  };
}

/** The ClientInput for these values. Blank is null; an edit keeps the stored username. */
export function toClientInput(values: ClientFormValues, existing?: Client | null): ClientInput {
  const n = (text: string) => (text.trim() === '' ? null : text);
  return {
    username: existing?.username ?? null,
    gender: n(values.gender),
    dateOfBirth: n(values.dateOfBirth),
    sendEmailReminder: values.sendEmailReminder,
    contact: { phone: n(values.phone), type: n(values.phoneType), email: n(values.email) },
    personalDetail: { first: n(values.first), middle: n(values.middle), last: n(values.last), suffix: n(values.suffix), nickname: n(values.nickname) },
    address: { line1: n(values.line1), line2: n(values.line2), city: n(values.city), state: n(values.state), zip: n(values.zip) },
    communicationSetting: { email: values.emailCommunication },
  };
}

/** Catalog keys of the field labels (clients.field.*), also used in the messages. */
export const FIELD_LABEL_KEY: Record<string, string> = {
  'personalDetail.first': 'clients.field.first',
  'personalDetail.middle': 'clients.field.middle',
  'personalDetail.last': 'clients.field.last',
  'personalDetail.suffix': 'clients.field.suffix',
  'personalDetail.nickname': 'clients.field.nickname',
  dateOfBirth: 'clients.field.dateOfBirth',
  gender: 'clients.field.gender',
  'contact.phone': 'clients.field.phone',
  'contact.type': 'clients.field.phoneType',
  'contact.email': 'clients.field.email',
  'address.line1': 'clients.field.line1',
  'address.line2': 'clients.field.line2',
  'address.city': 'clients.field.city',
  'address.state': 'clients.field.state',
  'address.zip': 'clients.field.zip',
  therapistId: 'clients.field.therapistId',
};

/** A field's label in the translator's language (the input path itself for an unknown field). */
export const fieldLabel = (tr: Pick<Translator, 't'>, field: string): string => (FIELD_LABEL_KEY[field] ? tr.t(FIELD_LABEL_KEY[field]) : field);

/** The stored gender and phone-type values are English words; these are their catalog keys. */
export const GENDERS = ['Female', 'Male', 'Non-binary', 'Other', 'Prefer not to say'] as const;
export const PHONE_TYPES = ['Mobile', 'Home', 'Work'] as const;
const slugOf = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** A stored gender or phone type shown in the translator's language (an unknown value as it is). */
export function shownChoice(tr: Pick<Translator, 't'>, kind: 'gender' | 'phoneType', value: string | null): string {
  if (!value) return '';
  const known = (kind === 'gender' ? GENDERS : PHONE_TYPES) as readonly string[];
  return known.includes(value) ? tr.t(`clients.${kind}.${slugOf(value)}`) : value;
}

/** What to show under a field for a problem, in the translator's language; the spec's own words where it has them. */
export function problemMessage(problem: FieldProblem, tr: Translator = ENGLISH_TRANSLATOR): string {
  const label = fieldLabel(tr, problem.field);
  if (problem.field === 'personalDetail.first' && problem.reason === 'required') return tr.tm(MESSAGES.firstNameRequired);
  if (problem.field === 'personalDetail.last' && problem.reason === 'required') return tr.tm(MESSAGES.lastNameRequired);
  if (problem.field === 'contact.phone' && problem.reason === 'format') return tr.tm(MESSAGES.invalidPhone);
  if (problem.field === 'contact.email' && problem.reason === 'format') return tr.tm(MESSAGES.invalidEmail);
  if (problem.field === 'dateOfBirth' && problem.reason === 'format') return tr.t('clients.problem.dateOfBirthFormat');
  if (problem.field === 'address.zip' && problem.reason === 'format') return tr.t('clients.problem.zipFormat');
  if (problem.field === 'dateOfBirth' && problem.reason === 'range') return tr.tm(MESSAGES.dateOfBirthRange);
  if (problem.reason === 'characters') return tr.tm(MESSAGES.textCharacters);
  if (problem.reason === 'markup') return tr.tm(MESSAGES.nameMarkup);
  switch (problem.reason) {
    case 'required':
      return tr.t('clients.problem.required', { label });
    case 'length':
      return tr.t('clients.problem.length', { label });
    case 'format':
      return tr.t('clients.problem.format', { label });
    default:
      return tr.t('clients.problem.other', { label });
  }
}

/** One message per field (the first problem found), keyed by the field's input path. */
export function errorsByField(problems: FieldProblem[], tr: Translator = ENGLISH_TRANSLATOR): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.field] ??= problemMessage(problem, tr);
  return errors;
}

/** Today as YYYY-MM-DD in the browser's time zone (a date of birth may not be after it). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
