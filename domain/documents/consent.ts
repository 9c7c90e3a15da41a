/**
 * Consent documents (issue 12; spec part 2 §3 "Consent document: id, title, details, included,
 * timestamps", §7 getConsentDocuments / addConsentDocument / editConsentDocument /
 * deleteConsentDocument): input validation through the one text reader, the item keys and the
 * API shape. Pure and APPSYNC_JS-safe (bundled into resolvers; linted by @aws-appsync/eslint-plugin).
 *
 * Versioning: a document is never deleted and never rewritten in place. Every edit writes a new
 * version (an immutable snapshot item) and moves the head item to it; `deleteConsentDocument`
 * archives the head (kept with every version and signature). `textVersion` is the version whose
 * title and text the head still shows: a signature of version v covers the current document while
 * textVersion <= v, so changing only `included` asks nobody to sign again, and changing the text does.
 * Problems name fields and rules, never values.
 */
import { readHumanText } from '../human-text.ts';
import { searchKey } from '../contact-fields.ts';
import { MESSAGES } from '../messages.ts';

export const CONSENT_MAX = { title: 200, details: 50000, id: 64 } as const;
export const CONSENT_STATUS = { active: 'ACTIVE', archived: 'ARCHIVED' } as const;

export interface DocumentProblem {
  field: string;
  reason: 'required' | 'format' | 'length' | 'characters' | 'markup' | 'unknown' | 'range';
  /** The sentence the caller reads for this problem. */
  message?: string;
}

export interface ConsentInput {
  title: string;
  details: string;
  included: boolean;
}

function readText(value: unknown, field: string, kind: 'line' | 'long', max: number, problems: DocumentProblem[], required: string): string {
  const reading = readHumanText(value, kind, max);
  if (reading.problem !== null) {
    const message = reading.problem === 'characters' ? MESSAGES.textCharacters : reading.problem === 'length' ? MESSAGES.consentTooLong : undefined;
    problems.push({ field: field, reason: reading.problem, message: message });
    return '';
  }
  if (reading.value === null) {
    problems.push({ field: field, reason: 'required', message: required });
    return '';
  }
  return reading.value;
}

/** add/editConsentDocument's title, details and included: title one line ≤ 200, details long text ≤ 50,000, included a flag (default false). */
export function validateConsentInput(title: unknown, details: unknown, included: unknown): { problems: DocumentProblem[]; data: ConsentInput } {
  const problems: DocumentProblem[] = [];
  const cleanTitle = readText(title, 'title', 'line', CONSENT_MAX.title, problems, MESSAGES.consentTitleRequired);
  const cleanDetails = readText(details, 'details', 'long', CONSENT_MAX.details, problems, MESSAGES.consentDetailsRequired);
  if (included !== null && included !== undefined && typeof included !== 'boolean') {
    problems.push({ field: 'included', reason: 'format' });
  }
  return { problems: problems, data: { title: cleanTitle, details: cleanDetails, included: included === true } };
}

/** The sentence for a list of problems: the first spoken one, then the field summary (names only). */
export function documentProblemMessage(problems: DocumentProblem[], what: string): string {
  const spoken = problems.filter((p) => typeof p.message === 'string');
  const summary = 'Invalid ' + what + ': ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
  return spoken.length > 0 ? (spoken[0].message as string) + ' (' + summary + ')' : summary;
}

/** Whether an id argument can name a document at all (the same NotFound as a missing one otherwise). */
export function isDocumentId(id: unknown): boolean {
  return typeof id === 'string' && id.length > 0 && id.length <= CONSENT_MAX.id && id.indexOf('#') < 0;
}

export function consentKey(practiceId: string, id: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'ConsentDoc#' + id };
}

/** Six digits, so versions sort as numbers. */
export function padVersion(version: number): string {
  const text = '' + version;
  return '000000'.substring(0, Math.max(0, 6 - text.length)) + text;
}

export function consentVersionKey(practiceId: string, id: string, version: number): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'ConsentDocVersion#' + id + '#' + padVersion(version) };
}

/** GSI1 partition listing a practice's documents by title: the active ones, or the archived ones. */
export function consentListPartition(practiceId: string, archived: boolean): string {
  return 'P#' + practiceId + (archived ? '#CONSENTDOCS#archived' : '#CONSENTDOCS');
}

export interface ConsentMeta {
  version: number;
  textVersion: number;
  status: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  archivedAt?: string | null;
}

/** The head item of a document (what lists and edits read). */
export function consentHeadItem(practiceId: string, id: string, data: ConsentInput, meta: ConsentMeta): Record<string, unknown> {
  const archived = meta.status === CONSENT_STATUS.archived;
  const key = consentKey(practiceId, id);
  return {
    PK: key.PK,
    SK: key.SK,
    entity: 'ConsentDocument',
    practiceId: practiceId,
    id: id,
    title: data.title,
    details: data.details,
    included: data.included,
    version: meta.version,
    textVersion: meta.textVersion,
    status: meta.status,
    createdAt: meta.createdAt,
    createdBy: meta.createdBy,
    updatedAt: meta.updatedAt,
    updatedBy: meta.updatedBy,
    archivedAt: meta.archivedAt || null,
    GSI1PK: consentListPartition(practiceId, archived),
    GSI1SK: searchKey(data.title) + '#' + id,
  };
}

/** The immutable snapshot of one version: exactly what a client reads and signs. */
export function consentVersionItem(practiceId: string, id: string, data: ConsentInput, version: number, at: string, by: string): Record<string, unknown> {
  const key = consentVersionKey(practiceId, id, version);
  return { PK: key.PK, SK: key.SK, entity: 'ConsentDocumentVersion', practiceId: practiceId, id: id, version: version, title: data.title, details: data.details, included: data.included, createdAt: at, createdBy: by };
}

/** The next head and version of an edit: version + 1 always; textVersion moves only when the title or text changed. */
export function nextConsentMeta(head: Record<string, unknown>, data: ConsentInput, at: string, by: string): ConsentMeta {
  const version = (head.version as number) + 1;
  const textChanged = head.title !== data.title || head.details !== data.details;
  return {
    version: version,
    textVersion: textChanged ? version : (head.textVersion as number),
    status: head.status as string,
    createdAt: head.createdAt as string,
    createdBy: head.createdBy as string,
    updatedAt: at,
    updatedBy: by,
    archivedAt: null,
  };
}

/** Whether a signature of `signedVersion` still covers the document (its text has not changed since). */
export function signatureCurrent(head: Record<string, unknown>, signedVersion: number): boolean {
  return typeof head.textVersion === 'number' && signedVersion >= (head.textVersion) && signedVersion <= (head.version as number);
}

/** The API shape (schema ConsentDocument). */
export function toConsentDocument(item: Record<string, unknown>): Record<string, unknown> {
  return {
    id: item.id,
    title: item.title,
    details: item.details,
    included: item.included === true,
    version: item.version,
    textVersion: item.textVersion,
    status: item.status,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    archivedAt: item.archivedAt || null,
  };
}
