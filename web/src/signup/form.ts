/**
 * The wizard's form state (spec part 1 §3 "Provider sign-up form") and what each step checks.
 * The rules themselves live in domain/signup.ts; this only maps the form onto them.
 */
import { MESSAGES } from '../../../domain/messages';
import {
  passwordError, toE164, validateClinician, validatePersonal, validatePractice, type FieldErrors, type SignupProviderInput,
} from '../../../domain/signup';
import { DEFAULT_PLAN_NAME } from '../../../domain/plan';

export interface SignupForm {
  firstName: string;
  lastName: string;
  email: string;
  npi: string;
  password: string;
  confirmPassword: string;
  organization: string;
  phone: string;
  clientTerminology: string;
  license: string;
  licenseStates: string;
  psycTodayProfile: string;
  totalCBTClients: string;
  totalDBTClients: string;
  profession: string;
  professionOther: string;
  dbtPractice: string;
  therapies: string[];
  treatmentSetting: string[];
  agreements: string[];
}

export type FormErrors = Partial<Record<keyof SignupForm, string>>;
export type SetForm = (patch: Partial<SignupForm>) => void;

export const AGREEMENTS = ['Terms of Service', 'Privacy Policy', 'Medical Professionals Agreement', 'Business Associates Agreement'] as const;

export const emptyForm = (): SignupForm => ({
  firstName: '', lastName: '', email: '', npi: '', password: '', confirmPassword: '', organization: '', phone: '',
  clientTerminology: '', license: '', licenseStates: '', psycTodayProfile: '', totalCBTClients: '0', totalDBTClients: '0',
  profession: '', professionOther: '', dbtPractice: '', therapies: [], treatmentSetting: [], agreements: [],
});

const count = (value: string) => (value.trim() === '' ? 0 : Number(value));

/** Spec §3 "Signup provider input sent on submit" (createdAt and token are set by the server). */
export function toProviderInput(form: SignupForm): SignupProviderInput {
  const psyc = form.psycTodayProfile.trim();
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim().toLowerCase(),
    npi: form.npi.trim(),
    phone: toE164(form.phone) ?? form.phone.trim(),
    organization: form.organization.trim(),
    clientTerminology: form.clientTerminology,
    profession: form.profession,
    ...(form.profession === 'Other' ? { professionOther: form.professionOther.trim() } : {}),
    treatmentSetting: form.treatmentSetting,
    totalDBTClients: count(form.totalDBTClients),
    totalCBTClients: count(form.totalCBTClients),
    therapies: form.therapies,
    ...(psyc ? { psycTodayProfile: psyc } : {}),
    license: form.license.trim(),
    licenseStates: form.licenseStates.trim(),
    dbtPractice: form.dbtPractice ? [form.dbtPractice] : [],
    planId: DEFAULT_PLAN_NAME,
  };
}

const pick = (errors: FieldErrors, keys: (keyof FieldErrors)[]): FormErrors =>
  Object.fromEntries(keys.filter((k) => errors[k]).map((k) => [k, errors[k]]));

/** Field messages of one wizard step (0 personal, 1 practice, 2 clinician); empty when it may go on. */
export function stepErrors(step: number, form: SignupForm): FormErrors {
  const input = toProviderInput(form);
  if (step === 0) {
    const errors: FormErrors = validatePersonal(input);
    const password = passwordError(form.password, form.confirmPassword);
    if (password === MESSAGES.passwordMismatch) errors.confirmPassword = password;
    else if (password) errors.password = password;
    return errors;
  }
  if (step === 1) {
    return {
      ...(validatePractice(input) as FormErrors),
      ...pick(validateClinician(input), ['organization', 'dbtPractice']),
    };
  }
  return pick(validateClinician(input), ['therapies']);
}

/** The step-level banner: the spec's general message, or the agreements message on the last step. */
export function stepBanner(step: number, form: SignupForm, errors: FormErrors): string | null {
  if (Object.keys(errors).length) return MESSAGES.missingRequired;
  if (step === 2 && form.agreements.length < AGREEMENTS.length) return MESSAGES.agreementsRequired;
  return null;
}
