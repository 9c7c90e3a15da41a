/**
 * The X12 segment writer and reader (issue 16): separators, the basic character set, element
 * refusal of delimiters in data, and a tokenizer that learns the separators from the ISA header
 * (ISA is fixed width: element separator at position 3, repetition separator at ISA11, component
 * separator at ISA16 = position 104, segment terminator right after it).
 *
 * X12 has no escape character: a delimiter inside data cannot be sent. Names and addresses are
 * normalised (upper case, accents and "#" removed, typographic quotes and dashes made plain, Ø/Ł/Æ/Œ/ß
 * spelled in Latin letters, spaces collapsed); anything still outside the basic
 * character set, or a delimiter, is refused with an `X12DataError` naming the field, so the biller
 * can correct the record instead of the payer rejecting the file.
 */

export interface Separators {
  element: string;
  component: string;
  repetition: string;
  segment: string;
}

/** The separators every file we write uses (the common clearinghouse choice). */
export const SEPARATORS: Separators = { element: '*', component: ':', repetition: '^', segment: '~' };

/** A data value that cannot be written into an X12 element; `field` names it for the biller. */
export class X12DataError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'X12DataError';
  }
}

/** X12 basic character set: upper-case letters, digits, space and ! " & ' ( ) * + , - . / : ; ? = */
const BASIC = /^[A-Z0-9 !"&'()*+,\-./:;?=]*$/;

function delimiterIn(value: string, seps: Separators): string | undefined {
  return [seps.element, seps.component, seps.repetition, seps.segment].find((d) => value.includes(d));
}

/**
 * A free-text value (name, address, city) as the basic character set allows it: accents removed,
 * upper case, whitespace collapsed, cut to `max` characters. Refuses delimiters and other characters.
 */
export function text(value: string, field: string, max: number, seps: Separators = SEPARATORS): string {
  const folded = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // What people type that the basic set lacks: "Apt #4", O’Brien, typographic dashes and quotes.
    .replace(/#/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[ØøŁłÆæŒœß]/g, (c) => ({ Ø: 'O', ø: 'O', Ł: 'L', ł: 'L', Æ: 'AE', æ: 'AE', Œ: 'OE', œ: 'OE', ß: 'SS' })[c] ?? c)
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
  return checked(folded.slice(0, max).trim(), field, max, seps);
}

/** An identifier or code written exactly as given (no cutting): refused when too long or not basic. */
export function id(value: string, field: string, max: number, seps: Separators = SEPARATORS): string {
  return checked(value, field, max, seps);
}

function checked(value: string, field: string, max: number, seps: Separators): string {
  if (value.length === 0) throw new X12DataError(field, 'is empty');
  if (value.length > max) throw new X12DataError(field, `is longer than ${max} characters`);
  const delimiter = delimiterIn(value, seps);
  if (delimiter) throw new X12DataError(field, `contains "${delimiter}", which X12 uses as a separator`);
  if (!BASIC.test(value)) throw new X12DataError(field, 'contains characters outside the X12 basic character set');
  return value;
}

/** Integer cents as an X12 decimal (R): no trailing zeros after the point, no point for whole amounts. */
export function amount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new X12DataError('amount', 'is not a whole number of cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  if (rest === 0) return `${sign}${dollars}`;
  const frac = String(rest).padStart(2, '0').replace(/0$/, '');
  return `${sign}${dollars}.${frac}`;
}

/** An X12 decimal (R) amount back to integer cents ("150", "150.5", "-12.34"). */
export function cents(value: string): number {
  if (!/^-?\d*(\.\d*)?$/.test(value) || value === '' || value === '-') throw new Error(`not an X12 amount: ${value}`);
  const negative = value.startsWith('-');
  const [whole, frac = ''] = (negative ? value.slice(1) : value).split('.');
  const c = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -c : c;
}

/** Fixed-width pad for ISA elements (right-padded with spaces). */
export function pad(value: string, width: number, field: string): string {
  if (value.length > width) throw new X12DataError(field, `is longer than ${width} characters`);
  return value.padEnd(width, ' ');
}

/** A segment: its id and elements; trailing empty elements are dropped as X12 requires. */
export type Segment = [string, ...Array<string | string[] | undefined>];

export function writeSegment(segment: Segment, seps: Separators = SEPARATORS): string {
  const parts = segment.map((e) => (Array.isArray(e) ? trimEnd(e.map((c) => c ?? '')).join(seps.component) : (e ?? '')));
  return trimEnd(parts).join(seps.element) + seps.segment;
}

function trimEnd(parts: string[]): string[] {
  let end = parts.length;
  while (end > 1 && parts[end - 1] === '') end -= 1;
  return parts.slice(0, end);
}

/** A parsed segment: `elements[0]` is the segment id, so `elements[n]` is element n as the guide numbers it. */
export interface ParsedSegment {
  id: string;
  elements: string[];
}

/** Tokenise an X12 interchange, learning its separators from the ISA header. */
export function parseX12(raw: string): { separators: Separators; segments: ParsedSegment[] } {
  const start = raw.indexOf('ISA');
  if (start < 0 || raw.length < start + 106) throw new Error('not an X12 interchange: no ISA header');
  const isa = raw.slice(start);
  const separators: Separators = { element: isa[3], repetition: isa[82], component: isa[104], segment: isa[105] };
  const segments = isa
    .split(separators.segment)
    .map((s) => s.replace(/^[\r\n]+/, '').replace(/[\r\n]+$/, ''))
    .filter((s) => s.length > 0)
    .map((s) => {
      const elements = s.split(separators.element);
      return { id: elements[0], elements };
    });
  return { separators, segments };
}

/** Element `n` of a parsed segment, '' when absent. */
export function el(segment: ParsedSegment, n: number): string {
  return segment.elements[n] ?? '';
}

/** Component `c` (1-based) of element `n`. */
export function comp(segment: ParsedSegment, n: number, c: number, seps: Separators): string {
  return el(segment, n).split(seps.component)[c - 1] ?? '';
}
