/**
 * The clinician sign-up form (spec part 1 §2, §3, §5): options, the per-step required fields and
 * their messages, and the validation the wizard runs in the browser and the API runs again.
 * Pure functions, no I/O.
 */
import { MESSAGES } from './messages.ts';
import { isValidNpi } from './npi.ts';
import { toE164 } from './contact-fields.ts';
import { textFault, trimText, type TextKind } from './human-text.ts';
import { isStateCode } from './states.ts';
import type { PortalGroup } from './identity.ts';

export const PROFESSIONS = ['Psychologist', 'Medical Doctor', 'Psychiatrist', 'Social Worker', 'Nurse Practitioner', 'Other'] as const;
export const TREATMENT_SETTINGS = ['Outpatient', 'IntensiveOutpatient', 'PartialHospitalization', 'Residential', 'Hospitalization'] as const;
export const THERAPIES = ['DBT', 'CBT', 'ACT', 'EMDR', 'IFS', 'REBT', 'RODBT'] as const;
export const CLIENT_TERMINOLOGIES = ['Patient', 'Client'] as const;
export const PRACTICE_TYPES = ['Individual', 'GroupSkills'] as const;

/** What the wizard sends to stageProvider (spec §3 "Signup provider input"). */
export interface SignupProviderInput {
  firstName: string;
  lastName: string;
  email: string;
  npi: string;
  phone: string;
  organization: string;
  clientTerminology: string;
  profession: string;
  professionOther?: string;
  treatmentSetting: string[];
  totalDBTClients: number;
  totalCBTClients: number;
  therapies: string[];
  psycTodayProfile?: string;
  license: string;
  licenseStates: string;
  dbtPractice: string[];
  salutation?: string;
  planId?: string;
}

export type FieldErrors = Partial<Record<keyof SignupProviderInput, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Letters of any script, spaces, hyphens, apostrophes and periods: no markup in names. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]{0,63}$/u;
const TEXT = /^[^<>]{1,200}$/;

/** A standard e-mail format, and nothing the one reader refuses (a NUL or a bidi override matches `[^\s@]`). */
export const isEmail = (value: string) => EMAIL.test(value.trim()) && textFault(value, 'line') === null;

/** The spec's password rule: 8+ characters with an uppercase letter, a lowercase letter and a digit. */
export function passwordError(password: string, confirm?: string): string | null {
  if (password.length < 8 || !/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) return MESSAGES.passwordRule;
  if (confirm !== undefined && password !== confirm) return MESSAGES.passwordMismatch;
  return null;
}

/** Phones are stored as E.164, with US as the default country (spec §9): one rule for every form. */
export { toE164 };

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
/** A text input as sent, or '' when it is not a string (a number in the JSON is not a name). */
const asText = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A sign-up name the one reader refuses (control, format or markup characters) or that is not letters. */
export const NAME_NOT_ALLOWED = {
  firstName: 'First Name contains characters that are not allowed',
  lastName: 'Last Name contains characters that are not allowed',
} as const;

/** The API's message for refused sign-up input: a character refusal when there is one, else the spec's 'Missing required fields ...'. */
export function signupRefusal(errors: FieldErrors): string {
  const refusals: string[] = [NAME_NOT_ALLOWED.firstName, NAME_NOT_ALLOWED.lastName, MESSAGES.nameMarkup, MESSAGES.textCharacters];
  const found = Object.values(errors).find((message) => message !== undefined && refusals.includes(message));
  return found ?? MESSAGES.missingRequired;
}

/**
 * The one reader's refusals (domain/human-text.ts) for the wizard's text fields: a control, format
 * or other refused character, or markup in a name — checked on the value as sent, never rewritten.
 */
function hygieneErrors(input: Partial<SignupProviderInput>, fields: [keyof SignupProviderInput, TextKind][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, kind] of fields) {
    const value = input[key];
    const fault = typeof value === 'string' ? textFault(value, kind) : null;
    if (fault) errors[key] = fault === 'markup' ? MESSAGES.nameMarkup : MESSAGES.textCharacters;
    else if (value !== undefined && value !== null && typeof value !== 'string') errors[key] = MESSAGES.missingRequired;
  }
  return errors;
}

/** Step 0: personal information. */
export function validatePersonal(input: Partial<SignupProviderInput>): FieldErrors {
  const errors: FieldErrors = {};
  const first = trimText(asText(input.firstName), 'name');
  const last = trimText(asText(input.lastName), 'name');
  const email = asText(input.email).trim();
  const npi = asText(input.npi).trim();
  if (!first) errors.firstName = MESSAGES.firstNameRequired;
  else if (textFault(asText(input.firstName), 'name') || !NAME.test(first)) errors.firstName = NAME_NOT_ALLOWED.firstName;
  if (!last) errors.lastName = MESSAGES.lastNameRequired;
  else if (textFault(asText(input.lastName), 'name') || !NAME.test(last)) errors.lastName = NAME_NOT_ALLOWED.lastName;
  if (!email) errors.email = MESSAGES.emailRequired;
  else if (!isEmail(email)) errors.email = MESSAGES.invalidEmail;
  if (!npi) errors.npi = MESSAGES.npiRequired;
  else if (!isValidNpi(npi)) errors.npi = MESSAGES.npiInvalid;
  return { ...errors, ...hygieneErrors(input, [['salutation', 'name'], ['email', 'line'], ['npi', 'line']]) };
}

/** Step 1: practice details. */
export function validatePractice(input: Partial<SignupProviderInput>): FieldErrors {
  const errors: FieldErrors = {};
  if (!asText(input.phone).trim()) errors.phone = MESSAGES.phoneRequired;
  else if (!toE164(asText(input.phone))) errors.phone = MESSAGES.invalidPhone;
  if (!CLIENT_TERMINOLOGIES.includes(input.clientTerminology as never)) errors.clientTerminology = MESSAGES.clientTerminologyRequired;
  if (!asText(input.license).trim() || !TEXT.test(asText(input.license))) errors.license = MESSAGES.licenseRequired;
  if (!asText(input.licenseStates).trim()) errors.licenseStates = MESSAGES.licenseStateRequired;
  else if (!isStateCode(asText(input.licenseStates).trim())) errors.licenseStates = MESSAGES.licenseStateUnknown;
  if (!PROFESSIONS.includes(input.profession as never)) errors.profession = MESSAGES.professionRequired;
  else if (input.profession === 'Other' && !(asText(input.professionOther).trim() && TEXT.test(asText(input.professionOther)))) errors.professionOther = MESSAGES.professionRequired;
  for (const key of ['totalCBTClients', 'totalDBTClients'] as const) {
    const n = input[key] ?? 0;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) errors[key] = 'Must be a number of 0 or more';
  }
  if (asText(input.psycTodayProfile) && !/^https?:\/\/\S+$/.test(asText(input.psycTodayProfile).trim())) errors.psycTodayProfile = 'Enter the full address of the profile (https://…)';
  if (asList(input.treatmentSetting).some((s) => !TREATMENT_SETTINGS.includes(s as never))) errors.treatmentSetting = 'Unknown practice setting';
  return { ...errors, ...hygieneErrors(input, [['phone', 'line'], ['license', 'line'], ['licenseStates', 'line'], ['professionOther', 'line'], ['psycTodayProfile', 'line']]) };
}

/** Step 2: clinician information (the four agreements are checked by the wizard before submit). */
export function validateClinician(input: Partial<SignupProviderInput>): FieldErrors {
  const errors: FieldErrors = {};
  const therapies = asList(input.therapies);
  if (!therapies.length || therapies.some((t) => !THERAPIES.includes(t as never))) errors.therapies = MESSAGES.therapyRequired;
  if (!asText(input.organization).trim() || !TEXT.test(asText(input.organization))) errors.organization = MESSAGES.organizationRequired;
  const practice = asList(input.dbtPractice);
  if (!practice.length || practice.some((p) => !PRACTICE_TYPES.includes(p as never))) errors.dbtPractice = MESSAGES.practiceRequired;
  return { ...errors, ...hygieneErrors(input, [['organization', 'line']]) };
}

export function validateSignup(input: Partial<SignupProviderInput>): FieldErrors {
  return { ...validatePersonal(input), ...validatePractice(input), ...validateClinician(input) };
}

/** Treatment settings that make a practice a treatment center rather than an outpatient practice. */
const TREATMENT_CENTER_SETTINGS = ['Residential', 'Hospitalization', 'PartialHospitalization'];
/** Professions that prescribe: they join the Psychiatrists group. */
const PRESCRIBERS = ['Psychiatrist', 'Medical Doctor', 'Nurse Practitioner'];

/**
 * The Cognito group a self-signed-up clinician joins (docs/decisions.md): a residential, hospital
 * or partial-hospitalization practice is a treatment center; a prescriber is in Psychiatrists; a
 * practice that runs only skills groups is a support group; everyone else is a therapist.
 */
export function signupGroup(provider: Partial<Pick<SignupProviderInput, 'profession' | 'treatmentSetting' | 'dbtPractice'>>): PortalGroup {
  const settings = asList(provider.treatmentSetting);
  const practice = asList(provider.dbtPractice);
  if (settings.some((s) => TREATMENT_CENTER_SETTINGS.includes(s))) return 'TreatmentCenters';
  if (provider.profession && PRESCRIBERS.includes(provider.profession)) return 'Psychiatrists';
  if (practice.length > 0 && practice.every((p) => p === 'GroupSkills')) return 'SupportGroups';
  return 'Therapists';
}
