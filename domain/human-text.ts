/**
 * One reader for human text (issue 11 §6): names, titles and free text on every write path —
 * sign-up, clients, team members, settings, profile, appointments and progress notes. Pure and
 * APPSYNC_JS-safe (bundled into resolvers; linted by @aws-appsync/eslint-plugin): no regex, no
 * for(;;)/while, no try, no recursion, no charCodeAt (code units are compared as strings).
 *
 * Refused anywhere (reason 'characters'; docs/decisions.md "One reader for human text"):
 *   - C0 controls U+0000–U+001F — except, in long text only, tab, line feed and a carriage return
 *     directly before a line feed (CRLF);
 *   - DEL and the C1 controls U+007F–U+009F (U+0085 NEL included);
 *   - every format character (Unicode category Cf): soft hyphen, Arabic number marks, U+061C,
 *     U+180E, zero-width space U+200B, LRM/RLM U+200E/F, bidi embeddings and overrides
 *     U+202A–U+202E, word joiner and invisible operators U+2060–U+2064, bidi isolates and the
 *     deprecated format characters U+2066–U+206F, BOM U+FEFF, interlinear annotations
 *     U+FFF9–U+FFFB, and the astral ones (U+110BD, U+110CD, U+13430–U+1343F, U+1BCA0–U+1BCA3,
 *     U+1D173–U+1D17A, the tag characters U+E0001 and U+E0020–U+E007F);
 *     except the zero-width non-joiner and joiner U+200C/U+200D *between two visible characters*
 *     (Persian and Indic spelling, emoji sequences need them);
 *   - the line and paragraph separators U+2028/U+2029 (long text uses line feeds);
 *   - lone surrogates (a high without its low, a low without its high);
 *   - noncharacters: U+FDD0–U+FDEF and U+xFFFE/U+xFFFF of every plane.
 * In a person's name also `<` and `>` (reason 'markup'): no markup in names, anywhere.
 *
 * Never rewritten silently: a refused character is a problem, never replaced or dropped. The only
 * changes to an accepted value are the documented trimming — blank characters at either end
 * (space, no-break space, the Unicode spaces U+1680, U+2000–U+200A, U+202F, U+205F, U+3000 and
 * the invisible fillers U+115F, U+1160, U+3164, U+FFA0, U+2800); long text also loses line breaks
 * and tabs at either end — and, in one-line text, runs of spaces inside collapse to one space.
 * A value that is empty after trimming, or holds nothing but invisible characters (blanks and
 * Unicode's default-ignorables: variation selectors, U+034F, U+17B4/5, U+180B–U+180F, …), is
 * absent (a required field is then 'required').
 */

import { MESSAGES } from './messages.ts';

/** What kind of text a field holds: a person's name, one line, or long text (notes: newlines kept). */
export type TextKind = 'name' | 'line' | 'long';

/** Why a text is refused. */
export type TextFault = 'characters' | 'markup';

/** BMP code units refused everywhere, as inclusive [from, to] pairs (ZWNJ/ZWJ decided by context). */
const FORBIDDEN_BMP: string[][] = [
  ['\u0000', '\u001f'],
  ['\u007f', '\u009f'],
  ['\u00ad', '\u00ad'],
  ['\u0600', '\u0605'],
  ['\u061c', '\u061c'],
  ['\u06dd', '\u06dd'],
  ['\u070f', '\u070f'],
  ['\u0890', '\u0891'],
  ['\u08e2', '\u08e2'],
  ['\u180e', '\u180e'],
  ['\u200b', '\u200f'],
  ['\u2028', '\u202e'],
  ['\u2060', '\u2064'],
  ['\u2066', '\u206f'],
  ['\ufdd0', '\ufdef'],
  ['\ufeff', '\ufeff'],
  ['\ufff9', '\ufffb'],
  ['\ufffe', '\uffff'],
];

/** Astral code points refused (format characters), as surrogate pairs [from, to]. */
const FORBIDDEN_ASTRAL: string[][] = [
  ['\uD804\uDCBD', '\uD804\uDCBD'],
  ['\uD804\uDCCD', '\uD804\uDCCD'],
  ['\uD80D\uDC30', '\uD80D\uDC3F'],
  ['\uD82F\uDCA0', '\uD82F\uDCA3'],
  ['\uD834\uDD73', '\uD834\uDD7A'],
  ['\uDB40\uDC01', '\uDB40\uDC01'],
  ['\uDB40\uDC20', '\uDB40\uDC7F'],
];

/** High surrogates of U+xFFFE/U+xFFFF on planes 1–16 (with a low surrogate DFFE/DFFF: noncharacters). */
const PLANE_END_HIGHS = ['\uD83F', '\uD87F', '\uD8BF', '\uD8FF', '\uD93F', '\uD97F', '\uD9BF', '\uD9FF', '\uDA3F', '\uDA7F', '\uDABF', '\uDAFF', '\uDB3F', '\uDB7F', '\uDBBF', '\uDBFF'];

/** Blank characters trimmed at either end of any text (and all a name may not consist of). */
const BLANKS = ' \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0\u2800';
/**
 * Invisible (Unicode's default-ignorable) characters that are not refused: combining grapheme
 * joiner, Khmer inherent vowels, Mongolian variation selectors, variation selectors — harmless
 * inside text, but a text of nothing else (and blanks) is as empty as a blank one.
 */
const INVISIBLE_BMP: string[][] = [
  ['\u034f', '\u034f'],
  ['\u115f', '\u1160'],
  ['\u17b4', '\u17b5'],
  ['\u180b', '\u180f'],
  ['\u3164', '\u3164'],
  ['\ufe00', '\ufe0f'],
  ['\uffa0', '\uffa0'],
  ['\ufff0', '\ufff8'],
];

/** Long text also trims these at either end. */
const LINE_BREAKS = '\n\r\t';

function inRanges(unit: string, ranges: string[][]): boolean {
  return ranges.some((range) => unit >= range[0] && unit <= range[1]);
}

function isHigh(unit: string | undefined): boolean {
  return unit !== undefined && unit >= '\ud800' && unit <= '\udbff';
}

function isLow(unit: string | undefined): boolean {
  return unit !== undefined && unit >= '\udc00' && unit <= '\udfff';
}

function isBlank(unit: string | undefined): boolean {
  return unit !== undefined && BLANKS.indexOf(unit) >= 0;
}

/** Whether the code unit at `i` is invisible (blank, default-ignorable, or half of an astral ignorable U+E0000–U+E0FFF). */
function invisibleAt(units: string[], i: number): boolean {
  const unit = units[i];
  if (isBlank(unit) || inRanges(unit, INVISIBLE_BMP) || unit === '\u200c' || unit === '\u200d') {
    return true;
  }
  if (unit >= '\udb40' && unit <= '\udb43') {
    return isLow(units[i + 1]);
  }
  return isLow(unit) && units[i - 1] >= '\udb40' && units[i - 1] <= '\udb43';
}

/** A zero-width (non-)joiner is kept only between two visible characters. */
function joins(units: string[], i: number): boolean {
  const visible = (unit: string | undefined) => unit !== undefined && unit > ' ' && !isBlank(unit) && unit !== '\u200c' && unit !== '\u200d' && unit !== '\u007f';
  return visible(units[i - 1]) && visible(units[i + 1]);
}

/** Whether the code unit at `i` is refused in text of this kind (markup aside). */
function refusedAt(units: string[], i: number, long: boolean): boolean {
  const unit = units[i];
  if (unit >= ' ' && unit < '\u007f') {
    return false;
  }
  if (unit === '\n' || unit === '\t') {
    return !long;
  }
  if (unit === '\r') {
    return !(long && units[i + 1] === '\n');
  }
  if (isHigh(unit)) {
    const next = units[i + 1];
    if (!isLow(next)) {
      return true;
    }
    const pair = unit + next;
    return inRanges(pair, FORBIDDEN_ASTRAL) || (PLANE_END_HIGHS.indexOf(unit) >= 0 && next >= '\udffe');
  }
  if (isLow(unit)) {
    return !isHigh(units[i - 1]);
  }
  if (unit === '\u200c' || unit === '\u200d') {
    return !joins(units, i);
  }
  return inRanges(unit, FORBIDDEN_BMP);
}

/** The first fault of a text of this kind, or null. Checked on the text as sent (before trimming). */
export function textFault(text: string, kind: TextKind): TextFault | null {
  const units = text.split('');
  const long = kind === 'long';
  if (units.some((_unit, i) => refusedAt(units, i, long))) {
    return 'characters';
  }
  if (kind === 'name' && (text.indexOf('<') >= 0 || text.indexOf('>') >= 0)) {
    return 'markup';
  }
  return null;
}

/** The documented trimming: blanks at either end (long text: line breaks and tabs too). */
export function trimText(text: string, kind: TextKind): string {
  const units = text.split('');
  const trimmable = (unit: string) => isBlank(unit) || (kind === 'long' && LINE_BREAKS.indexOf(unit) >= 0);
  const kept = units.map((unit, i) => (trimmable(unit) ? -1 : i)).filter((i) => i >= 0);
  if (kept.length === 0) {
    return '';
  }
  return units.slice(kept[0], kept[kept.length - 1] + 1).join('');
}

/** One-line text (already trimmed): runs of spaces inside collapse to one (documented; nothing else changes). */
export function collapseSpaceRuns(text: string): string {
  return text
    .split(' ')
    .filter((part) => part.length > 0)
    .join(' ');
}

export interface TextReading {
  /** The accepted value (trimmed as documented), or null when absent, blank or refused. */
  value: string | null;
  /** Why it was refused; null when accepted or absent. */
  problem: 'format' | 'length' | TextFault | null;
}

/**
 * Reads one human-text input: null/undefined/blank is absent; not a string is 'format'; a refused
 * character is 'characters'; `<`/`>` in a name is 'markup'; longer than `max` (after trimming) is
 * 'length'. Otherwise the trimmed value (one-line kinds: inner space runs collapsed).
 */
export function readHumanText(value: unknown, kind: TextKind, max: number): TextReading {
  if (value === null || value === undefined) {
    return { value: null, problem: null };
  }
  if (typeof value !== 'string') {
    return { value: null, problem: 'format' };
  }
  const fault = textFault(value, kind);
  if (fault !== null) {
    return { value: null, problem: fault };
  }
  const trimmed = trimText(value, kind);
  const cleaned = kind === 'long' ? trimmed : collapseSpaceRuns(trimmed);
  const units = cleaned.split('');
  if (units.every((_unit, i) => invisibleAt(units, i) || (kind === 'long' && LINE_BREAKS.indexOf(units[i]) >= 0))) {
    return { value: null, problem: null };
  }
  if (cleaned.length > max) {
    return { value: null, problem: 'length' };
  }
  return { value: cleaned, problem: null };
}

/**
 * The sentences a person reads for refusals of the one reader and of the date ranges, once each,
 * to follow a validation message's list of fields: '… personalDetail.first (markup). A name cannot contain < or >.'
 */
export function refusalSentences(problems: { field: string; reason: string }[]): string {
  const has = (reason: string) => problems.some((p) => p.reason === reason);
  const dob = problems.some((p) => p.reason === 'range' && (p.field === 'dateOfBirth' || p.field === 'person.dob'));
  const sentences = [has('characters') ? MESSAGES.textCharacters : '', has('markup') ? MESSAGES.nameMarkup : '', dob ? MESSAGES.dateOfBirthRange : ''];
  const said = sentences.filter((sentence) => sentence.length > 0);
  return said.length > 0 ? ' ' + said.join(' ') : '';
}
