/**
 * Field readers for settings, team and profile validation: each reads one input field, normalises
 * it and records a problem (naming the field and rule, never the value) when it is wrong. Pure and
 * APPSYNC_JS-safe (bundled into resolvers; linted by @aws-appsync/eslint-plugin): no regex, no
 * for(;;)/while, no try, no recursion.
 */
import { isValidEmail, isValidState, normalizeZip, toE164, type FieldProblem } from './client.ts';
import { readHumanText, type TextKind } from './human-text.ts';
import { isValidNpi } from './npi.ts';
import { DEFAULT_TIMEZONE } from './timezone.ts';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const SETTINGS_MAX = { name: 100, line: 200, email: 254, short: 40, text: 4000, locations: 20, list: 20 } as const;

export function allIn(value: string, allowed: string): boolean {
  return value.split('').every((ch) => allowed.indexOf(ch) >= 0);
}

/** Field readers: each reads one input value, records problems by field name, returns the normalised value. */
export function readObject(value: unknown, field: string, problems: FieldProblem[]): Record<string, unknown> {
  if (value === null || value === undefined) {
    return {};
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field: field, reason: 'format' });
    return {};
  }
  return value as Record<string, unknown>;
}

/** Unknown keys of an input object are problems (nothing unvalidated is stored). */
export function onlyKeys(root: Record<string, unknown>, allowed: string[], prefix: string, problems: FieldProblem[]): void {
  Object.keys(root).forEach((key) => {
    if (allowed.indexOf(key) < 0) {
      problems.push({ field: prefix + key, reason: 'unknown' });
    }
  });
}

/**
 * Optional text through the one reader (human-text.ts): one line (blank ends trimmed, inner space
 * runs collapsed; null when blank), or with `multiline` long text that keeps line breaks and tabs.
 * Control, format and other refused characters are a 'characters' problem, never rewritten.
 */
export function readText(value: unknown, field: string, max: number, problems: FieldProblem[], multiline?: boolean): string | null {
  return readKind(value, field, max, problems, multiline ? 'long' : 'line');
}

/** A person's name: one line, and no markup (`<`, `>`: a 'markup' problem) — the same rule on every path. */
export function readName(value: unknown, field: string, max: number, problems: FieldProblem[]): string | null {
  return readKind(value, field, max, problems, 'name');
}

function readKind(value: unknown, field: string, max: number, problems: FieldProblem[], kind: TextKind): string | null {
  const reading = readHumanText(value, kind, max);
  if (reading.problem !== null) {
    problems.push({ field: field, reason: reading.problem });
  }
  return reading.value;
}

export function requireValue<T>(value: T | null, field: string, problems: FieldProblem[]): T | null {
  if (value === null && !problems.some((p) => p.field === field)) {
    problems.push({ field: field, reason: 'required' });
  }
  return value;
}

export function readFlag(value: unknown, field: string, fallback: boolean, problems: FieldProblem[]): boolean {
  if (value === null || value === undefined) {
    return fallback;
  }
  if (typeof value !== 'boolean') {
    problems.push({ field: field, reason: 'format' });
    return fallback;
  }
  return value;
}

/** Optional whole number in [min, max]. */
export function readInt(value: unknown, field: string, min: number, max: number, problems: FieldProblem[]): number | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value !== 'number' || Math.floor(value) !== value || value < min || value > max) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return value;
}

export function readPhone(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  const e164 = toE164(raw);
  if (e164 === null) {
    problems.push({ field: field, reason: 'format' });
  }
  return e164;
}

export function readEmail(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.email, problems);
  if (raw === null) {
    return null;
  }
  if (!isValidEmail(raw)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return raw.toLowerCase();
}

export function readState(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  const upper = raw.toUpperCase();
  if (!isValidState(upper)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return upper;
}

/** Zip for the state; `stripHyphen` drops the hyphen of a ZIP+4 (spec §5: billing zips). */
export function readZip(value: unknown, field: string, state: string | null, problems: FieldProblem[], stripHyphen?: boolean): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  const zip = normalizeZip(raw, state);
  if (zip === null) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return stripHyphen ? zip.split('-').join('') : zip;
}

/** NPI: 10 digits with the Luhn check digit over the "80840" prefix — the one check, domain/npi.ts. */
export { isValidNpi };

export function readNpi(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  if (!isValidNpi(raw)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return raw;
}

/** Tax id (EIN or SSN): hyphens stripped (spec §5), then exactly 9 digits. */
export function readTaxId(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  const compact = raw.split('-').join('').split(' ').join('');
  if (compact.length !== 9 || !allIn(compact, DIGITS)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return compact;
}

/** Healthcare provider taxonomy code: 10 characters, letters and digits (e.g. 101YM0800X), uppercased. */
export function readTaxonomyCode(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  const upper = raw.toUpperCase();
  if (upper.length !== 10 || !allIn(upper, LETTERS + DIGITS)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return upper;
}

/** IANA time-zone areas accepted in "Area/Location" names (plus UTC). */
export const TIMEZONE_AREAS = ['Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific', 'US', 'Canada', 'Etc'];
export { DEFAULT_TIMEZONE };

/**
 * An IANA zone name by shape: UTC, or Area/Location[/Sub] with a known area and parts of letters,
 * digits, "_", "-", "+". (APPSYNC_JS has no Intl to check the zone database.)
 */
export function isValidTimezone(value: string): boolean {
  if (value === 'UTC') {
    return true;
  }
  const parts = value.split('/');
  if (parts.length < 2 || parts.length > 3 || TIMEZONE_AREAS.indexOf(parts[0]) < 0) {
    return false;
  }
  return parts.every((part) => part.length > 0 && part.length <= 30 && allIn(part, LETTERS + DIGITS + '_-+'));
}

/** CMS place-of-service code: two digits (e.g. 11 office, 02 and 10 telehealth). */
export function readPlaceOfService(value: unknown, field: string, problems: FieldProblem[]): string | null {
  const raw = readText(value, field, SETTINGS_MAX.short, problems);
  if (raw === null) {
    return null;
  }
  if (raw.length !== 2 || !allIn(raw, DIGITS)) {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  return raw;
}
