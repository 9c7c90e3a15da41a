/**
 * The therapist's profile (spec part 2 §3 "Therapist", "Profile-field labels and required fields"):
 * validation and item keys, and the profile photo's rules (§5). APPSYNC_JS-safe (bundled into
 * resolvers; linted): no regex, no loops, no try. Problems name fields and rules, never values.
 *
 * Readings: the person/address fields (line1, city, state, zip, phone, dob, first, last, gender)
 * are always required; the provider block (a billing provider: type, names, phone, taxId, street,
 * city, state, zip, taxonomyCode, npi, practiceName) is optional as a whole, but when sent, every
 * field the spec lists is required.
 */
import { dateOfBirthProblem } from './client.ts';
import { MESSAGES } from './messages.ts';
import { refusalSentences } from './human-text.ts';
import {
  onlyKeys, readName, readNpi, readObject, readPhone, readState, readTaxId, readTaxonomyCode, readText, readZip, requireValue, SETTINGS_MAX, type FieldProblem,
} from './practice.ts';

/** Spec §5: JPG only, under 2 MB — checked by the API on the declared type and size, and on the stored bytes. */
export const PHOTO_RULES = {
  contentType: 'image/jpeg',
  maxBytes: 2 * 1024 * 1024,
  /** The spec's words (domain/messages.ts), so the portal shows them in the page's language. */
  wrongType: MESSAGES.jpgOnly,
  tooLarge: MESSAGES.imageTooLarge,
  /** Every profile photo lives under this prefix, then the user's id. */
  prefix: 'images/all/',
} as const;

/** Provider types (spec: "type (Provider Type)"): an individual clinician or an organisation. */
export const PROFILE_PROVIDER_TYPES = ['individual', 'organization'];

export interface ProfileValidation {
  problems: FieldProblem[];
  data: Record<string, unknown>;
}

function req<T>(value: T | null, field: string, problems: FieldProblem[]): T | null {
  return requireValue(value, field, problems);
}

export function validateTherapistInput(input: unknown, today?: string): ProfileValidation {
  const problems: FieldProblem[] = [];
  const root = readObject(input, 'input', problems);
  onlyKeys(root, ['person', 'address', 'provider'], '', problems);
  const person = readObject(root.person, 'person', problems);
  onlyKeys(person, ['first', 'middle', 'last', 'gender', 'dob', 'phone'], 'person.', problems);
  const address = readObject(root.address, 'address', problems);
  onlyKeys(address, ['line1', 'line2', 'city', 'state', 'zip'], 'address.', problems);

  let dob = req(readText(person.dob, 'person.dob', 10, problems), 'person.dob', problems);
  const dobProblem = dob === null ? null : dateOfBirthProblem(dob, today);
  if (dobProblem !== null) {
    problems.push({ field: 'person.dob', reason: dobProblem });
    dob = null;
  }
  const state = req(readState(address.state, 'address.state', problems), 'address.state', problems);
  const data: Record<string, unknown> = {
    person: {
      first: req(readName(person.first, 'person.first', SETTINGS_MAX.name, problems), 'person.first', problems),
      middle: readName(person.middle, 'person.middle', SETTINGS_MAX.name, problems),
      last: req(readName(person.last, 'person.last', SETTINGS_MAX.name, problems), 'person.last', problems),
      gender: req(readText(person.gender, 'person.gender', SETTINGS_MAX.short, problems), 'person.gender', problems),
      dob: dob,
      phone: req(readPhone(person.phone, 'person.phone', problems), 'person.phone', problems),
    },
    address: {
      line1: req(readText(address.line1, 'address.line1', SETTINGS_MAX.line, problems), 'address.line1', problems),
      line2: readText(address.line2, 'address.line2', SETTINGS_MAX.line, problems),
      city: req(readText(address.city, 'address.city', SETTINGS_MAX.name, problems), 'address.city', problems),
      state: state,
      zip: req(readZip(address.zip, 'address.zip', state, problems), 'address.zip', problems),
    },
    provider: null,
  };
  if (root.provider !== null && root.provider !== undefined) {
    const p = readObject(root.provider, 'provider', problems);
    onlyKeys(p, ['type', 'firstName', 'lastName', 'phone', 'taxId', 'street', 'city', 'state', 'zip', 'taxonomyCode', 'npi', 'practiceName', 'practiceDetailName'], 'provider.', problems);
    let type = req(readText(p.type, 'provider.type', SETTINGS_MAX.short, problems), 'provider.type', problems);
    if (type !== null && PROFILE_PROVIDER_TYPES.indexOf(type) < 0) {
      problems.push({ field: 'provider.type', reason: 'format' });
      type = null;
    }
    const pState = req(readState(p.state, 'provider.state', problems), 'provider.state', problems);
    data.provider = {
      type: type,
      firstName: req(readName(p.firstName, 'provider.firstName', SETTINGS_MAX.name, problems), 'provider.firstName', problems),
      lastName: req(readName(p.lastName, 'provider.lastName', SETTINGS_MAX.name, problems), 'provider.lastName', problems),
      phone: req(readPhone(p.phone, 'provider.phone', problems), 'provider.phone', problems),
      taxId: req(readTaxId(p.taxId, 'provider.taxId', problems), 'provider.taxId', problems),
      street: req(readText(p.street, 'provider.street', SETTINGS_MAX.line, problems), 'provider.street', problems),
      city: req(readText(p.city, 'provider.city', SETTINGS_MAX.name, problems), 'provider.city', problems),
      state: pState,
      zip: req(readZip(p.zip, 'provider.zip', pState, problems, true), 'provider.zip', problems),
      taxonomyCode: req(readTaxonomyCode(p.taxonomyCode, 'provider.taxonomyCode', problems), 'provider.taxonomyCode', problems),
      npi: req(readNpi(p.npi, 'provider.npi', problems), 'provider.npi', problems),
      practiceName: req(readText(p.practiceName, 'provider.practiceName', SETTINGS_MAX.name, problems), 'provider.practiceName', problems),
      practiceDetailName: readText(p.practiceDetailName, 'provider.practiceDetailName', SETTINGS_MAX.name, problems),
    };
  }
  return { problems: problems, data: data };
}

export function profileProblemSummary(problems: FieldProblem[]): string {
  return 'Invalid profile input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ') + refusalSentences(problems);
}

export function therapistKey(practiceId: string, sub: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Therapist#' + sub };
}

/** The API shape of a stored profile (or an empty one, version 0). */
export function toTherapist(sub: string, item: Record<string, unknown> | null): Record<string, unknown> {
  const found = item || {};
  const photo = found.photo as { s3path?: string } | undefined;
  return {
    id: sub,
    photo: photo && photo.s3path ? { s3path: photo.s3path } : null,
    person: found.person || { first: null, middle: null, last: null, gender: null, dob: null, phone: null },
    address: found.address || { line1: null, line2: null, city: null, state: null, zip: null },
    provider: found.provider || null,
    version: found.version || 0,
    updatedAt: found.updatedAt || null,
  };
}
