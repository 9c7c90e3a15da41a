/**
 * The client form's model: its flat values, the ClientInput they become, and the message shown
 * under a field for a problem (found by domain/client.ts here, or returned by the API).
 */
import { STATES, type ClientInput, type FieldProblem } from '../../../domain/client';
import { MESSAGES } from '../../../domain/messages';
import type { Client } from './api';

export const CLIENT_MESSAGES = {
  notFound: 'The client was not found',
  conflict: 'This client was changed by someone else. We reloaded the latest details: review them and save again.',
  removeExplained:
    'Removing archives the client: they leave the clients list and can no longer be edited, but their clinical records are kept.',
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

/** Field labels, also used in the messages. */
export const FIELD_LABEL: Record<string, string> = {
  'personalDetail.first': 'First name',
  'personalDetail.middle': 'Middle name',
  'personalDetail.last': 'Last name',
  'personalDetail.suffix': 'Suffix',
  'personalDetail.nickname': 'Nickname',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  'contact.phone': 'Phone',
  'contact.type': 'Phone type',
  'contact.email': 'E-mail',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.city': 'City',
  'address.state': 'State',
  'address.zip': 'Zip',
  therapistId: 'Clinician',
};

/** What to show under a field for a problem; the spec's own words where it has them. */
export function problemMessage(problem: FieldProblem): string {
  const label = FIELD_LABEL[problem.field] ?? problem.field;
  if (problem.field === 'personalDetail.first' && problem.reason === 'required') return MESSAGES.firstNameRequired;
  if (problem.field === 'personalDetail.last' && problem.reason === 'required') return MESSAGES.lastNameRequired;
  if (problem.field === 'contact.phone' && problem.reason === 'format') return MESSAGES.invalidPhone;
  if (problem.field === 'contact.email' && problem.reason === 'format') return MESSAGES.invalidEmail;
  if (problem.field === 'dateOfBirth' && problem.reason === 'format') return 'Enter a real date of birth as MM/DD/YYYY';
  if (problem.field === 'address.zip' && problem.reason === 'format') return 'Enter a zip code that matches the state';
  if (problem.field === 'dateOfBirth' && problem.reason === 'range') return MESSAGES.dateOfBirthRange;
  if (problem.reason === 'characters') return MESSAGES.textCharacters;
  if (problem.reason === 'markup') return MESSAGES.nameMarkup;
  switch (problem.reason) {
    case 'required':
      return `${label} is required`;
    case 'length':
      return `${label} is too long`;
    case 'format':
      return `${label} is not valid`;
    default:
      return `${label} cannot be set here`;
  }
}

/** One message per field (the first problem found), keyed by the field's input path. */
export function errorsByField(problems: FieldProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) errors[problem.field] ??= problemMessage(problem);
  return errors;
}

/** Today as YYYY-MM-DD in the browser's time zone (a date of birth may not be after it). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
