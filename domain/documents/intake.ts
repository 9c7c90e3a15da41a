/**
 * Intake forms (issue 12; spec part 2 §7 getTherapistIntakeFormSettings,
 * set/removeTherapistIntakeFormSettings(formName), setTherapistIntakeFormSettingsDefault(formName,
 * default)): the practice's chosen forms — one settings item per practice, versioned — and the
 * validation of a client's answers against a form of the library (intake-templates.ts), with the
 * client fields those answers pre-fill. Pure and APPSYNC_JS-safe. Problems name fields, never values.
 */
import { readHumanText } from '../human-text.ts';
import { dateOfBirthProblem, isValidEmail, isValidState, normalizeZip, toE164 } from '../contact-fields.ts';
import { MESSAGES } from '../messages.ts';
import { INTAKE_TEMPLATES, templateByName, templateFields, type IntakeField, type IntakeTemplate } from './intake-templates.ts';
import type { DocumentProblem } from './consent.ts';

export interface ChosenForm {
  formName: string;
  default: boolean;
}

export function intakeSettingsKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'IntakeFormSettings' };
}

/** The stored chosen forms (library forms only, in library order), from the settings item or none. */
export function chosenForms(item: Record<string, unknown> | null): ChosenForm[] {
  const stored = (item && Array.isArray(item.forms) ? item.forms : []) as ChosenForm[];
  return INTAKE_TEMPLATES.filter((t) => stored.some((f) => f.formName === t.formName)).map((t) => ({
    formName: t.formName,
    default: stored.some((f) => f.formName === t.formName && f.default === true),
  }));
}

export type IntakeSettingsChange = { kind: 'set' } | { kind: 'remove' } | { kind: 'default'; value: boolean };

/**
 * The forms after a change, or a problem: `set` adds a library form (adding a chosen one changes
 * nothing); `remove` drops a chosen one (and its default); `default` makes a chosen form the one
 * that goes to new clients (at most one) or clears it.
 */
export function changeIntakeForms(forms: ChosenForm[], formName: unknown, change: IntakeSettingsChange): { problem: DocumentProblem | null; forms: ChosenForm[] } {
  const template = templateByName(formName);
  if (template === null) {
    return { problem: { field: 'formName', reason: 'unknown', message: MESSAGES.intakeFormUnknown }, forms: forms };
  }
  const chosen = forms.some((f) => f.formName === template.formName);
  if (change.kind === 'set') {
    return { problem: null, forms: chosen ? forms : chosenForms({ forms: forms.concat([{ formName: template.formName, default: false }]) }) };
  }
  if (!chosen) {
    return { problem: { field: 'formName', reason: 'unknown', message: MESSAGES.intakeFormNotChosen }, forms: forms };
  }
  if (change.kind === 'remove') {
    return { problem: null, forms: forms.filter((f) => f.formName !== template.formName) };
  }
  const value = (change).value;
  return {
    problem: null,
    forms: forms.map((f) => ({ formName: f.formName, default: f.formName === template.formName ? value === true : value === true ? false : f.default })),
  };
}

/** The API shape (schema TherapistIntakeFormSettings). */
export function toIntakeSettings(item: Record<string, unknown> | null): Record<string, unknown> {
  const forms = chosenForms(item);
  const defaults = forms.filter((f) => f.default);
  return {
    forms: forms.map((f) => {
      const template = templateByName(f.formName) as IntakeTemplate;
      return { formName: f.formName, title: template.title, default: f.default };
    }),
    defaultForm: defaults.length > 0 ? defaults[0].formName : null,
    version: item && typeof item.version === 'number' ? item.version : 0,
    updatedAt: item ? item.updatedAt || null : null,
  };
}

const TEXT_MAX = { text: 200, name: 100, longText: 4000 } as const;

export type AnswerValue = string | boolean | string[];

function answerProblem(problems: DocumentProblem[], key: string, reason: DocumentProblem['reason']): null {
  problems.push({ field: 'answers.' + key, reason: reason, message: reason === 'characters' ? MESSAGES.textCharacters : reason === 'markup' ? MESSAGES.nameMarkup : undefined });
  return null;
}

function readTextAnswer(field: IntakeField, value: unknown, problems: DocumentProblem[]): string | null {
  const kind = field.type === 'longText' ? 'long' : field.type === 'name' ? 'name' : 'line';
  const max = field.type === 'longText' ? TEXT_MAX.longText : field.type === 'name' ? TEXT_MAX.name : TEXT_MAX.text;
  const reading = readHumanText(value, kind, max);
  if (reading.problem !== null) {
    return answerProblem(problems, field.key, reading.problem);
  }
  return reading.value;
}

function optionValues(field: IntakeField): string[] {
  return (field.options || []).map((o) => o.value);
}

/** One answer, normalised, or null when absent (a problem recorded when it is wrong). */
function readAnswer(field: IntakeField, value: unknown, today: string, problems: DocumentProblem[], state: string | null): AnswerValue | null {
  if (value === null || value === undefined) {
    return null;
  }
  const type = field.type;
  if (type === 'yesNo' || type === 'acknowledgement') {
    if (typeof value !== 'boolean') {
      return answerProblem(problems, field.key, 'format');
    }
    return type === 'acknowledgement' && value === false ? null : value;
  }
  if (type === 'multiChoice') {
    if (!Array.isArray(value) || value.length > optionValues(field).length || !value.every((v) => optionValues(field).indexOf(v as string) >= 0)) {
      return answerProblem(problems, field.key, 'format');
    }
    const picked = optionValues(field).filter((v) => (value as unknown[]).indexOf(v) >= 0);
    return picked.length > 0 ? picked : null;
  }
  const text = readTextAnswer(field, value, problems);
  if (text === null) {
    return null;
  }
  if (type === 'choice') {
    return optionValues(field).indexOf(text) >= 0 ? text : answerProblem(problems, field.key, 'format');
  }
  if (type === 'date') {
    const problem = dateOfBirthProblem(text, field.prefill === 'dateOfBirth' ? today : undefined);
    return problem === null ? text : answerProblem(problems, field.key, problem);
  }
  if (type === 'email') {
    return isValidEmail(text) ? text.toLowerCase() : answerProblem(problems, field.key, 'format');
  }
  if (type === 'phone') {
    const e164 = toE164(text);
    return e164 !== null ? e164 : answerProblem(problems, field.key, 'format');
  }
  if (type === 'state') {
    return isValidState(text.toUpperCase()) ? text.toUpperCase() : answerProblem(problems, field.key, 'format');
  }
  if (type === 'zip') {
    const zip = normalizeZip(text, state);
    return zip !== null ? zip : answerProblem(problems, field.key, 'format');
  }
  return text;
}

/**
 * A client's answers to `formName` (an object keyed by field key): unknown keys, wrong types and
 * missing required answers are problems; answers are normalised like the client fields they
 * pre-fill (phones E.164, e-mails lowercased, states uppercased, dates MM/DD/YYYY). `today` is
 * YYYY-MM-DD (a date of birth is not after it).
 */
export function validateIntakeAnswers(formName: unknown, answers: unknown, today: string): { problems: DocumentProblem[]; answers: Record<string, AnswerValue> } {
  const problems: DocumentProblem[] = [];
  const template = templateByName(formName);
  if (template === null) {
    return { problems: [{ field: 'formId', reason: 'unknown', message: MESSAGES.intakeFormUnknown }], answers: {} };
  }
  if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) {
    return { problems: [{ field: 'answers', reason: 'format' }], answers: {} };
  }
  const given = answers as Record<string, unknown>;
  const fields = templateFields(template);
  const keys = fields.map((f) => f.key);
  Object.keys(given).forEach((key) => {
    if (keys.indexOf(key) < 0) {
      problems.push({ field: 'answers.' + (key.length > 40 ? key.substring(0, 40) : key), reason: 'unknown' });
    }
  });
  const stateRaw = typeof given.state === 'string' ? given.state.toUpperCase() : null;
  const state = stateRaw !== null && isValidState(stateRaw) ? stateRaw : null;
  const clean: Record<string, AnswerValue> = {};
  fields.forEach((field) => {
    const before = problems.length;
    const value = readAnswer(field, given[field.key], today, problems, state);
    if (value !== null) {
      clean[field.key] = value;
    } else if (field.required && problems.length === before) {
      problems.push({ field: 'answers.' + field.key, reason: 'required', message: MESSAGES.intakeAnswerRequired });
    }
  });
  return { problems: problems, answers: clean };
}

/** The client fields the answers pre-fill: {prefill path → answer} for every answered field that names one. */
export function prefillOf(formName: string, answers: Record<string, AnswerValue>): Record<string, string> {
  const template = templateByName(formName);
  const out: Record<string, string> = {};
  if (template === null) {
    return out;
  }
  templateFields(template).forEach((field) => {
    const value = answers[field.key];
    if (field.prefill && typeof value === 'string') {
      out[field.prefill] = value;
    }
  });
  return out;
}
