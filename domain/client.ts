/**
 * Client (spec part 2 §3): input validation and normalisation, and the item keys. Field formats
 * (phone, e-mail, date of birth, zip) live in contact-fields.ts and the state list in states.ts.
 * Pure and APPSYNC_JS-safe (bundled into resolvers; linted by @aws-appsync/eslint-plugin): no regex,
 * no for(;;)/while, no try, no recursion. Errors name fields and rules, never values (PHI).
 */
import type { Client } from './graphql.generated.ts';
import { US_STATES, CANADIAN_PROVINCES, OTHER_STATE, STATES } from './states.ts';
import { readHumanText, refusalSentences, type TextKind } from './human-text.ts';
import { MAX_LENGTH, hasControl, collapseSpaces, searchKey, clientSearchName, isValidDateOfBirth, dateOfBirthProblem, toE164, isValidEmail, isValidState, normalizeZip } from './contact-fields.ts';

// One source for these rules; re-exported for the client's importers.
export { MAX_LENGTH, US_STATES, CANADIAN_PROVINCES, OTHER_STATE, STATES, hasControl, collapseSpaces, searchKey, clientSearchName, isValidDateOfBirth, dateOfBirthProblem, toE164, isValidEmail, isValidState, normalizeZip };

export const CLIENT_STATUS = { active: 'active', archived: 'archived' } as const;

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
  /**
   * What is wrong: required, format, length, unknown; characters (a refused control or format
   * character), markup (`<`/`>` in a name), range (a date outside its sane range). Never the value.
   */
  reason: 'required' | 'format' | 'length' | 'unknown' | 'characters' | 'markup' | 'range';
}

export interface Validation {
  problems: FieldProblem[];
  /** The normalised data; meaningful only when there are no problems. */
  data: ClientData;
}

/** An optional string input through the one reader (human-text.ts): null when absent or blank; a problem when not a string, too long or holding a refused character. */
function text(value: unknown, field: string, max: number, problems: FieldProblem[], kind?: TextKind): string | null {
  const reading = readHumanText(value, kind || 'line', max);
  if (reading.problem !== null) {
    problems.push({ field: field, reason: reading.problem });
  }
  return reading.value;
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

  const first = required(text(person.first, 'personalDetail.first', MAX_LENGTH.name, problems, 'name'), 'personalDetail.first', problems);
  const last = required(text(person.last, 'personalDetail.last', MAX_LENGTH.name, problems, 'name'), 'personalDetail.last', problems);

  let dateOfBirth = required(text(root.dateOfBirth, 'dateOfBirth', 10, problems), 'dateOfBirth', problems);
  const dobProblem = dateOfBirth === '' ? null : dateOfBirthProblem(dateOfBirth, today);
  if (dobProblem !== null) {
    problems.push({ field: 'dateOfBirth', reason: dobProblem });
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
      middle: text(person.middle, 'personalDetail.middle', MAX_LENGTH.name, problems, 'name'),
      last: last,
      suffix: text(person.suffix, 'personalDetail.suffix', MAX_LENGTH.short, problems, 'name'),
      nickname: text(person.nickname, 'personalDetail.nickname', MAX_LENGTH.name, problems, 'name'),
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
  return 'Invalid client input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ') + refusalSentences(problems);
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

/**
 * Name-search entries (the top-bar search): two extra items per active client, copies of the
 * client item, so one Query returns whole clients whose first or last name starts with the search:
 *   PK = P#<practice>, SK = ClientName#<id>#first | ClientName#<id>#last
 *   GSI1: P#<practice>#CLIENTNAMES / "<first last>#<id>" and "<last first>#<id>" (practice-wide)
 *   GSI2: P#<practice>#U#<therapist> / ClientName#"<first last>"#<id> and ClientName#"<last first>"#<id> (own scope)
 * Written with the client by addClient/editClient, deleted when it is archived (archived clients
 * are not searched). The plain list keeps reading the client items (clientIndexKeys).
 */
export const CLIENT_NAME_ENTRIES: string[] = ['first', 'last'];

export function clientSearchPartition(practiceId: string): string {
  return 'P#' + practiceId + '#CLIENTNAMES';
}

export function clientNameEntryKey(practiceId: string, id: string, which: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'ClientName#' + id + '#' + which };
}

/** The search key of one entry: "first last" or "last first", normalised like the search. */
export function clientNameOrder(first: string, last: string, which: string): string {
  return which === 'last' ? clientSearchName(last, first) : clientSearchName(first, last);
}

/**
 * The search as typed, normalised to an entry's key: case and spacing folded, and a comma read as
 * a space, so "Lopez, Ana" finds the "lopez ana" entry.
 */
export function clientSearchPrefix(search: string): string {
  return searchKey(search.split(',').join(' '));
}

/** The stored attributes of one name entry: the client item's data with the entry's own keys. */
export function clientNameEntry(item: Record<string, unknown>, which: string): Record<string, unknown> {
  const person = item.personalDetail as { first: string; last: string };
  const name = clientNameOrder(person.first, person.last, which);
  const id = item.id as string;
  const entry: Record<string, unknown> = {};
  Object.keys(item).forEach((k) => {
    entry[k] = item[k];
  });
  entry.entity = 'ClientName';
  entry.nameKey = name;
  entry.GSI1PK = clientSearchPartition(item.practiceId as string);
  entry.GSI1SK = name + '#' + id;
  entry.GSI2PK = ownClientsPartition(item.practiceId as string, item.therapistId as string);
  entry.GSI2SK = 'ClientName#' + name + '#' + id;
  return entry;
}

/**
 * Every item a client is stored as, keys included: the client item and, while it is active, its
 * two name entries. The one builder for addClient, editClient, the seed and the benchmark.
 */
export function clientItems(practiceId: string, id: string, therapistId: string, data: ClientData, meta: { status: string; version: number; createdAt: string; updatedAt: string; createdBy: string; updatedBy: string }): Array<Record<string, unknown>> {
  const item = clientItem(practiceId, id, therapistId, data, meta);
  const key = clientKey(practiceId, id);
  const items: Array<Record<string, unknown>> = [withKey(item, key)];
  if (meta.status === CLIENT_STATUS.active) {
    CLIENT_NAME_ENTRIES.forEach((which) => {
      items.push(withKey(clientNameEntry(item, which), clientNameEntryKey(practiceId, id, which)));
    });
  }
  return items;
}

function withKey(item: Record<string, unknown>, key: { PK: string; SK: string }): Record<string, unknown> {
  const out: Record<string, unknown> = { PK: key.PK, SK: key.SK };
  Object.keys(item).forEach((k) => {
    out[k] = item[k];
  });
  return out;
}

/** Client as the API returns it (schema.graphql `Client`): the stored item without keys or index attributes. */
export function toClient(item: Record<string, unknown>): Client {
  return {
    id: item.id as string,
    therapistId: item.therapistId as string,
    username: item.username as string | null,
    status: item.status as string,
    active: item.active as boolean,
    gender: item.gender as string | null,
    dateOfBirth: item.dateOfBirth as string,
    sendEmailReminder: item.sendEmailReminder as boolean,
    contact: item.contact as Client['contact'],
    personalDetail: item.personalDetail as Client['personalDetail'],
    address: item.address as Client['address'],
    communicationSetting: item.communicationSetting as Client['communicationSetting'],
    version: item.version as number,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
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
