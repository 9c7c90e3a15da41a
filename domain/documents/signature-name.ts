/**
 * Whose name a consent signature is (session 9 walk: "Someone Else" signed Taylor Brooks's consent).
 * The typed name must be the client's own name as the practice has it on record — first and last —
 * compared without regard to case, extra spaces, diacritics (é = e, ø = o, ß = ss), hyphens and
 * apostrophes or periods (Smith-Jones = Smith Jones, O'Brien = OBrien, A. = A).
 *
 * Middle names: the record keeps first and last only, and people sign with their middle name or
 * initial ("Taylor A. Brooks"), so any words between the first given name and the whole last name
 * are accepted; a first name on record of several words ("Mary Ann") is matched by its first word.
 * The family name may come first ("Brooks Taylor": the order of Chinese, Japanese, Korean or
 * Hungarian names), and a name written without spaces ("王伟") is compared as one run of letters.
 * Pure; used by the client-documents Lambda and the portal's page (not by resolvers).
 */

/** Letters that carry no combining mark to strip, written as their base letters. */
const FOLDED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ŋ: 'n' };

/** A name's words, folded for comparison (lower case, no diacritics, hyphens as spaces, no apostrophes or periods). */
export function nameWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłđħıßæœþŋ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[-‐‑‒–—_/]/g, ' ')
    .replace(/['’ʼ`´.,]/g, '');
  return folded.split(/\s+/).filter((word) => word.length > 0);
}

const startsWith = (words: string[], part: string[]) => part.length > 0 && part.every((word, i) => words[i] === word);
const endsWith = (words: string[], part: string[]) => part.length > 0 && part.every((word, i) => words[words.length - part.length + i] === word);

/**
 * Whether `typed` is the name on record (`first`, `last` as stored on the client): the first given
 * name first and the whole last name last (any middle words between), or the family name first,
 * or — written without spaces — the same letters in either order. A record without a first and a
 * last name matches nothing (the practice has to complete it).
 */
export function signatureNameMatches(typed: string, first: unknown, last: unknown): boolean {
  const given = nameWords(typeof first === 'string' ? first : '');
  const family = nameWords(typeof last === 'string' ? last : '');
  const words = nameWords(typed);
  if (given.length === 0 || family.length === 0 || words.length === 0) {
    return false;
  }
  const room = words.length >= family.length + 1;
  if (room && words[0] === given[0] && endsWith(words, family)) {
    return true;
  }
  if (room && startsWith(words, family) && words[words.length - 1] === given[0]) {
    return true;
  }
  const run = words.join('');
  return run === given.join('') + family.join('') || run === family.join('') + given.join('');
}
