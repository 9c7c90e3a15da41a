/**
 * Field formats shared by client, practice and profile validation: dates of birth, phones (E.164),
 * e-mail addresses, states and zip codes. Pure and APPSYNC_JS-safe (bundled into resolvers; linted
 * by @aws-appsync/eslint-plugin): no regex, no for(;;)/while, no try, no recursion.
 */
import { US_STATES, CANADIAN_PROVINCES, OTHER_STATE, STATES } from './states.ts';
import { textFault } from './human-text.ts';

/** Longest accepted value per kind of field (a bound for every stored string). */
export const MAX_LENGTH = { name: 100, line: 200, email: 254, short: 40, username: 128, id: 64, search: 100 } as const;

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function allIn(text: string, allowed: string): boolean {
  return text.split('').every((ch) => allowed.indexOf(ch) >= 0);
}

/** True when the string holds a character no one-line field accepts (the one reader: human-text.ts). */
export function hasControl(text: string): boolean {
  return textFault(text, 'line') !== null;
}

/**
 * Collapses runs of spaces and tabs to one space and trims (search keys, zip codes). Only space and
 * tab are whitespace here: NUL used to be this function's separator, so a NUL in a name became a
 * space (issue 11 §6); other control characters are now refused by the reader before this runs.
 */
export function collapseSpaces(text: string): string {
  return text
    .split('\t')
    .join(' ')
    .split(' ')
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
  return dateOfBirthProblem(text, today) === null;
}

/** Why a date of birth is refused: 'format' (not a real MM/DD/YYYY date) or 'range' (before 1900 or after `today`); null when fine. */
export function dateOfBirthProblem(text: string, today?: string): 'format' | 'range' | null {
  if (text.length !== 10 || text[2] !== '/' || text[5] !== '/') {
    return 'format';
  }
  const mm = text.substring(0, 2);
  const dd = text.substring(3, 5);
  const yyyy = text.substring(6, 10);
  if (!allIn(mm + dd + yyyy, DIGITS)) {
    return 'format';
  }
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1) {
    return 'format';
  }
  const lengths = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (day > lengths[month - 1]) {
    return 'format';
  }
  if (year < 1900 || (today && yyyy + '-' + mm + '-' + dd > today)) {
    return 'range';
  }
  return null;
}

export { toE164 } from './phone.ts';

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
