/**
 * Client (spec part 2 §3): the state list, input validation and normalisation, and the item keys.
 * Pure and APPSYNC_JS-safe (bundled into resolvers; linted by @aws-appsync/eslint-plugin): no regex,
 * no for(;;)/while, no try, no recursion. Errors name fields and rules, never values (PHI).
 */

/** Spec part 2 §3 state list: US states and territories (incl. DC, PR, GU, VI, AA, AE, AP), Canadian provinces, Other. */
export const US_STATES: { code: string; name: string }[] = [
  { code: 'AL', name: 'Alabama' }, { code: 'AK', name: 'Alaska' }, { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' }, { code: 'CA', name: 'California' }, { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' }, { code: 'DE', name: 'Delaware' }, { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' }, { code: 'GA', name: 'Georgia' }, { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' }, { code: 'IL', name: 'Illinois' }, { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' }, { code: 'KS', name: 'Kansas' }, { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' }, { code: 'ME', name: 'Maine' }, { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' }, { code: 'MI', name: 'Michigan' }, { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' }, { code: 'MO', name: 'Missouri' }, { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' }, { code: 'NV', name: 'Nevada' }, { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' }, { code: 'NM', name: 'New Mexico' }, { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' }, { code: 'ND', name: 'North Dakota' }, { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' }, { code: 'OR', name: 'Oregon' }, { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' }, { code: 'SC', name: 'South Carolina' }, { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' }, { code: 'TX', name: 'Texas' }, { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' }, { code: 'VA', name: 'Virginia' }, { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' }, { code: 'WI', name: 'Wisconsin' }, { code: 'WY', name: 'Wyoming' },
  { code: 'AS', name: 'American Samoa' }, { code: 'GU', name: 'Guam' }, { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'PR', name: 'Puerto Rico' }, { code: 'VI', name: 'U.S. Virgin Islands' }, { code: 'UM', name: 'U.S. Minor Outlying Islands' },
  { code: 'AA', name: 'Armed Forces Americas' }, { code: 'AE', name: 'Armed Forces Europe' }, { code: 'AP', name: 'Armed Forces Pacific' },
];

export const CANADIAN_PROVINCES: { code: string; name: string }[] = [
  { code: 'AB', name: 'Alberta' }, { code: 'BC', name: 'British Columbia' }, { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' }, { code: 'NL', name: 'Newfoundland and Labrador' }, { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' }, { code: 'NU', name: 'Nunavut' }, { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' }, { code: 'QC', name: 'Quebec' }, { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
];

export const OTHER_STATE = { code: 'N/A', name: 'Other (N/A)' };

/** Every allowed state value, in the order a select shows them. */
export const STATES: { code: string; name: string }[] = US_STATES.concat(CANADIAN_PROVINCES).concat([OTHER_STATE]);

export const CLIENT_STATUS = { active: 'active', archived: 'archived' } as const;

/** Longest accepted value per kind of field (a bound for every stored string). */
export const MAX_LENGTH = { name: 100, line: 200, email: 254, short: 40, username: 128, id: 64, search: 100 } as const;

export interface ClientInput {
  therapistId?: string | null;
  username?: string | null;
  gender?: string | null;
  dateOfBirth?: string | null;
  sendEmailReminder?: boolean | null;
  contact?: { phone?: string | null; type?: string | null; email?: string | null } | null;
  personalDetail?: { first?: string | null; middle?: string | null; last?: string | null; suffix?: string | null; nickname?: string | null } | null;
  address?: { city?: string | null; line1?: string | null; line2?: string | null; state?: string | null; zip?: string | null } | null;
  communicationSetting?: { email?: boolean | null } | null;
}

/** The stored (and returned) client fields, normalised. */
export interface ClientData {
  therapistId: string | null;
  username: string | null;
  gender: string | null;
  dateOfBirth: string;
  sendEmailReminder: boolean;
  contact: { phone: string | null; type: string | null; email: string | null };
  personalDetail: { first: string; middle: string | null; last: string; suffix: string | null; nickname: string | null };
  address: { city: string | null; line1: string | null; line2: string | null; state: string | null; zip: string | null };
  communicationSetting: { email: boolean };
}

export interface FieldProblem {
  /** Dotted path of the input field, e.g. "personalDetail.first". */
  field: string;
  /** What is wrong: required, format, length, unknown. Never the value. */
  reason: 'required' | 'format' | 'length' | 'unknown';
}

export interface Validation {
  problems: FieldProblem[];
  /** The normalised data; meaningful only when there are no problems. */
  data: ClientData;
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function allIn(text: string, allowed: string): boolean {
  return text.split('').every((ch) => allowed.indexOf(ch) >= 0);
}

/** True when the string holds a control character (C0, DEL) that no field accepts. */
function hasControl(text: string): boolean {
  return text.split('').some((ch) => ch < ' ' || ch === '\u007f');
}

/** Collapses runs of whitespace to one space and trims. */
export function collapseSpaces(text: string): string {
  return text
    .split(' ')
    .join('\u0000')
    .split('\t')
    .join('\u0000')
    .split('\u0000')
    .filter((part) => part.length > 0)
    .join(' ');
}

/** The name key the top-bar search matches by prefix: lowercased "first last", single-spaced. */
export function searchKey(text: string): string {
  return collapseSpaces(text).toLowerCase();
}

export function clientSearchName(first: string, last: string): string {
  return searchKey(first + ' ' + last);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * MM/DD/YYYY, a real calendar date, from 1900 up to `today` (YYYY-MM-DD) when given.
 */
export function isValidDateOfBirth(text: string, today?: string): boolean {
  if (text.length !== 10 || text[2] !== '/' || text[5] !== '/') {
    return false;
  }
  const mm = text.substring(0, 2);
  const dd = text.substring(3, 5);
  const yyyy = text.substring(6, 10);
  if (!allIn(mm + dd + yyyy, DIGITS)) {
    return false;
  }
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1 || year < 1900) {
    return false;
  }
  const lengths = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (day > lengths[month - 1]) {
    return false;
  }
  return !today || yyyy + '-' + mm + '-' + dd <= today;
}

/**
 * Phone to E.164, default country US: "+" and 8–15 digits (first not 0) are kept; 10 US digits get
 * +1; 11 digits starting with 1 get +. Spaces, dots, dashes and parentheses are dropped first.
 * Returns null when it cannot be E.164.
 */
export function toE164(text: string): string | null {
  const compact = text
    .split('')
    .filter((ch) => ' .-()'.indexOf(ch) < 0)
    .join('');
  let candidate = compact;
  if (compact[0] !== '+') {
    if (compact.length === 10 && allIn(compact, DIGITS) && compact[0] !== '0' && compact[0] !== '1') {
      candidate = '+1' + compact;
    } else if (compact.length === 11 && compact[0] === '1') {
      candidate = '+' + compact;
    } else {
      return null;
    }
  }
  const digits = candidate.substring(1);
  if (digits.length < 8 || digits.length > 15 || !allIn(digits, DIGITS) || digits[0] === '0') {
    return null;
  }
  return candidate;
}

const EMAIL_LOCAL_EXTRA = ".!#$%&'*+/=?^_`{|}~-";
const DOMAIN_EXTRA = '-';

/** A pragmatic address check: local@domain.tld, no spaces, ASCII, labels not starting/ending with "-". */
export function isValidEmail(text: string): boolean {
  if (text.length > MAX_LENGTH.email) {
    return false;
  }
  const at = text.split('@');
  if (at.length !== 2 || at[0].length === 0 || at[0].length > 64 || at[1].length === 0) {
    return false;
  }
  const lowerLetters = LETTERS.toLowerCase();
  const localOk = allIn(at[0], LETTERS + lowerLetters + DIGITS + EMAIL_LOCAL_EXTRA) && at[0][0] !== '.' && at[0][at[0].length - 1] !== '.' && at[0].indexOf('..') < 0;
  const labels = at[1].split('.');
  const domainOk =
    labels.length >= 2 &&
    labels.every((label) => label.length > 0 && label.length <= 63 && allIn(label, LETTERS + lowerLetters + DIGITS + DOMAIN_EXTRA) && label[0] !== '-' && label[label.length - 1] !== '-') &&
    labels[labels.length - 1].length >= 2 &&
    allIn(labels[labels.length - 1], LETTERS + lowerLetters);
  return localOk && domainOk;
}

function isUsState(code: string): boolean {
  return US_STATES.some((s) => s.code === code);
}

function isProvince(code: string): boolean {
  return CANADIAN_PROVINCES.some((s) => s.code === code);
}

export function isValidState(code: string): boolean {
  return STATES.some((s) => s.code === code);
}

/**
 * Zip normalised for a state: US 12345 or 12345-6789; Canada A1A 1A1; Other: 1–10 letters, digits,
 * spaces or hyphens. With no state, US or Canadian. Returns null when invalid.
 */
export function normalizeZip(text: string, state: string | null): string | null {
  const zip = collapseSpaces(text).toUpperCase();
  const us = (zip.length === 5 && allIn(zip, DIGITS)) || (zip.length === 10 && zip[5] === '-' && allIn(zip.substring(0, 5) + zip.substring(6), DIGITS));
  const compactCa = zip.split(' ').join('');
  const ca =
    compactCa.length === 6 &&
    allIn(compactCa[0] + compactCa[2] + compactCa[4], LETTERS) &&
    allIn(compactCa[1] + compactCa[3] + compactCa[5], DIGITS);
  const other = zip.length >= 1 && zip.length <= 10 && allIn(zip, LETTERS + DIGITS + ' -');
  if (state !== null && isUsState(state)) {
    return us ? zip : null;
  }
  if (state !== null && isProvince(state)) {
    return ca ? compactCa.substring(0, 3) + ' ' + compactCa.substring(3) : null;
  }
  if (state === OTHER_STATE.code) {
    return other ? zip : null;
  }
  if (us) {
    return zip;
  }
  return ca ? compactCa.substring(0, 3) + ' ' + compactCa.substring(3) : null;
}

/** An optional string input: null when absent or blank; a problem when not a string, too long or holding control characters. */
function text(value: unknown, field: string, max: number, problems: FieldProblem[]): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== 'string') {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  const trimmed = collapseSpaces(value);
  if (trimmed.length === 0) {
    return null;
  }
  if (trimmed.length > max) {
    problems.push({ field: field, reason: 'length' });
    return null;
  }
  if (hasControl(trimmed)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return trimmed;
}

function required(value: string | null, field: string, problems: FieldProblem[]): string {
  if (value === null && !problems.some((p) => p.field === field)) {
    problems.push({ field: field, reason: 'required' });
  }
  return value === null ? '' : value;
}

function flag(value: unknown, field: string, fallback: boolean, problems: FieldProblem[]): boolean {
  if (value === null || value === undefined) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    problems.push({ field: field, reason: 'format' });
    return fallback;
  }
  return value;
}

function objectOrEmpty(value: unknown, field: string, problems: FieldProblem[]): Record<string, unknown> {
  if (value === null || value === undefined) {
    return {};
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field: field, reason: 'format' });
    return {};
  }
  return value as Record<string, unknown>;
}

const INPUT_FIELDS = ['therapistId', 'username', 'gender', 'dateOfBirth', 'sendEmailReminder', 'contact', 'personalDetail', 'address', 'communicationSetting'];

/**
 * Validates and normalises a ClientInput (addClient, editClient). Required: personalDetail.first,
 * personalDetail.last, dateOfBirth (MM/DD/YYYY, a real date, not after `today`). Formats: phone
 * E.164 (default US), e-mail, state from STATES, zip for the state. Every string is bounded.
 */
export function validateClientInput(input: unknown, today?: string): Validation {
  const problems: FieldProblem[] = [];
  const root = objectOrEmpty(input, 'input', problems);
  Object.keys(root).forEach((key) => {
    if (INPUT_FIELDS.indexOf(key) < 0) {
      problems.push({ field: key, reason: 'unknown' });
    }
  });
  const person = objectOrEmpty(root.personalDetail, 'personalDetail', problems);
  const contact = objectOrEmpty(root.contact, 'contact', problems);
  const address = objectOrEmpty(root.address, 'address', problems);
  const communication = objectOrEmpty(root.communicationSetting, 'communicationSetting', problems);

  const first = required(text(person.first, 'personalDetail.first', MAX_LENGTH.name, problems), 'personalDetail.first', problems);
  const last = required(text(person.last, 'personalDetail.last', MAX_LENGTH.name, problems), 'personalDetail.last', problems);

  let dateOfBirth = required(text(root.dateOfBirth, 'dateOfBirth', 10, problems), 'dateOfBirth', problems);
  if (dateOfBirth !== '' && !isValidDateOfBirth(dateOfBirth, today)) {
    problems.push({ field: 'dateOfBirth', reason: 'format' });
    dateOfBirth = '';
  }

  let phone = text(contact.phone, 'contact.phone', MAX_LENGTH.short, problems);
  if (phone !== null) {
    const e164 = toE164(phone);
    if (e164 === null) {
      problems.push({ field: 'contact.phone', reason: 'format' });
    }
    phone = e164;
  }
  let email = text(contact.email, 'contact.email', MAX_LENGTH.email, problems);
  if (email !== null && !isValidEmail(email)) {
    problems.push({ field: 'contact.email', reason: 'format' });
    email = null;
  }

  let state = text(address.state, 'address.state', MAX_LENGTH.short, problems);
  if (state !== null) {
    const upper = state.toUpperCase();
    state = isValidState(upper) ? upper : null;
    if (state === null) {
      problems.push({ field: 'address.state', reason: 'format' });
    }
  }
  let zip = text(address.zip, 'address.zip', MAX_LENGTH.short, problems);
  if (zip !== null) {
    zip = normalizeZip(zip, state);
    if (zip === null) {
      problems.push({ field: 'address.zip', reason: 'format' });
    }
  }

  const data: ClientData = {
    therapistId: text(root.therapistId, 'therapistId', MAX_LENGTH.id, problems),
    username: text(root.username, 'username', MAX_LENGTH.username, problems),
    gender: text(root.gender, 'gender', MAX_LENGTH.short, problems),
    dateOfBirth: dateOfBirth,
    sendEmailReminder: flag(root.sendEmailReminder, 'sendEmailReminder', false, problems),
    contact: { phone: phone, type: text(contact.type, 'contact.type', MAX_LENGTH.short, problems), email: email },
    personalDetail: {
      first: first,
      middle: text(person.middle, 'personalDetail.middle', MAX_LENGTH.name, problems),
      last: last,
      suffix: text(person.suffix, 'personalDetail.suffix', MAX_LENGTH.short, problems),
      nickname: text(person.nickname, 'personalDetail.nickname', MAX_LENGTH.name, problems),
    },
    address: {
      city: text(address.city, 'address.city', MAX_LENGTH.name, problems),
      line1: text(address.line1, 'address.line1', MAX_LENGTH.line, problems),
      line2: text(address.line2, 'address.line2', MAX_LENGTH.line, problems),
      state: state,
      zip: zip,
    },
    communicationSetting: { email: flag(communication.email, 'communicationSetting.email', false, problems) },
  };
  return { problems: problems, data: data };
}

/** The fields of a validation error's message: names only, never values. */
export function problemSummary(problems: FieldProblem[]): string {
  return 'Invalid client input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
}

/** Practice-table keys of a client (domain/tables.ts layout). */
export function clientKey(practiceId: string, id: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Client#' + id };
}

/**
 * Listing keys: GSI1 holds the practice's clients by name (archived ones in a partition of their
 * own, so the default list needs no filter); GSI2 holds a clinician's own clients by name.
 */
export function clientIndexKeys(practiceId: string, id: string, therapistId: string, searchName: string, status: string): Record<string, string> {
  const archived = status === CLIENT_STATUS.archived;
  return {
    GSI1PK: clientListPartition(practiceId, archived),
    GSI1SK: searchName + '#' + id,
    GSI2PK: 'P#' + practiceId + '#U#' + therapistId,
    GSI2SK: (archived ? 'ArchivedClient#' : 'Client#') + searchName + '#' + id,
  };
}

export function clientListPartition(practiceId: string, archived: boolean): string {
  return 'P#' + practiceId + (archived ? '#CLIENTS#archived' : '#CLIENTS');
}

export function ownClientsPartition(practiceId: string, therapistId: string): string {
  return 'P#' + practiceId + '#U#' + therapistId;
}

/** Client as the API returns it: the stored item without keys or index attributes. */
export function toClient(item: Record<string, unknown>): Record<string, unknown> {
  return {
    id: item.id,
    therapistId: item.therapistId,
    username: item.username,
    status: item.status,
    active: item.active,
    gender: item.gender,
    dateOfBirth: item.dateOfBirth,
    sendEmailReminder: item.sendEmailReminder,
    contact: item.contact,
    personalDetail: item.personalDetail,
    address: item.address,
    communicationSetting: item.communicationSetting,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The stored attributes of a client (without PK/SK: see clientKey): index keys, the normalised data and bookkeeping. */
export function clientItem(
  practiceId: string,
  id: string,
  therapistId: string,
  data: ClientData,
  meta: { status: string; version: number; createdAt: string; updatedAt: string; createdBy: string; updatedBy: string },
): Record<string, unknown> {
  const searchName = clientSearchName(data.personalDetail.first, data.personalDetail.last);
  const index = clientIndexKeys(practiceId, id, therapistId, searchName, meta.status);
  return {
    GSI1PK: index.GSI1PK,
    GSI1SK: index.GSI1SK,
    GSI2PK: index.GSI2PK,
    GSI2SK: index.GSI2SK,
    entity: 'Client',
    id: id,
    practiceId: practiceId,
    therapistId: therapistId,
    searchName: searchName,
    username: data.username,
    status: meta.status,
    active: meta.status === CLIENT_STATUS.active,
    gender: data.gender,
    dateOfBirth: data.dateOfBirth,
    sendEmailReminder: data.sendEmailReminder,
    contact: data.contact,
    personalDetail: data.personalDetail,
    address: data.address,
    communicationSetting: data.communicationSetting,
    version: meta.version,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    createdBy: meta.createdBy,
    updatedBy: meta.updatedBy,
  };
}
