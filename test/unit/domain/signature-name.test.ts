/**
 * A consent is signed under the client's own name (session 9 walk: "Someone Else" signed Taylor
 * Brooks's consent): first and last as on record, regardless of case, spaces, diacritics, hyphens
 * and periods; middle names or initials between are accepted; the family name may come first.
 */
import { describe, expect, it } from 'vitest';
import { nameWords, signatureNameMatches } from '../../../domain/documents/signature-name';

describe('signatureNameMatches', () => {
  it('accepts the name on record however it is cased, spaced, accented or with a middle name', () => {
    for (const typed of ['Taylor Brooks', 'taylor brooks', '  TAYLOR   BROOKS ', 'Táylor Bróoks', 'Taylor A. Brooks', 'Taylor Anne Brooks', 'Brooks Taylor', 'TaylorBrooks']) {
      expect(signatureNameMatches(typed, 'Taylor', 'Brooks'), typed).toBe(true);
    }
    expect(signatureNameMatches('Zoe Muller', 'Zoë', 'Müller')).toBe(true);
    expect(signatureNameMatches('Søren Kierkegaard', 'Soren', 'Kierkegaard')).toBe(true);
    expect(signatureNameMatches('Mary Smith Jones', 'Mary Ann', 'Smith-Jones')).toBe(true);
    expect(signatureNameMatches('Mary Ann Smith-Jones', 'Mary Ann', 'Smith-Jones')).toBe(true);
    expect(signatureNameMatches('Sean OBrien', 'Seán', "O'Brien")).toBe(true);
    expect(signatureNameMatches('José García Márquez', 'Jose', 'Garcia Marquez')).toBe(true);
    expect(signatureNameMatches('王伟', '伟', '王')).toBe(true);
  });

  it('refuses someone else, half a name, a misspelling or part of a two-word last name', () => {
    for (const typed of ['Someone Else', 'Taylor', 'Brooks', 'Taylor Brookes', 'Tyler Brooks', 'Taylor Brooks Jr', 'T Brooks', '']) {
      expect(signatureNameMatches(typed, 'Taylor', 'Brooks'), typed).toBe(false);
    }
    expect(signatureNameMatches('Jose Garcia', 'Jose', 'Garcia Marquez')).toBe(false);
    expect(signatureNameMatches('Ann Smith-Jones', 'Mary Ann', 'Smith-Jones')).toBe(false);
    expect(signatureNameMatches('王芳', '伟', '王')).toBe(false);
  });

  it('a record without a first or a last name matches nothing', () => {
    expect(signatureNameMatches('Taylor', 'Taylor', '')).toBe(false);
    expect(signatureNameMatches('Brooks', undefined, 'Brooks')).toBe(false);
  });

  it('nameWords folds what people type differently', () => {
    expect(nameWords(" Ærø-Łódź  O’Neil J. ")).toEqual(['aero', 'lodz', 'oneil', 'j']);
  });
});
