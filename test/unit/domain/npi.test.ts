import { describe, expect, it } from 'vitest';
import { isValidNpi, npiCheckDigit } from '../../../domain/npi.ts';
import { isValidNpi as settingsIsValidNpi, readNpi } from '../../../domain/field-readers.ts';
import type { FieldProblem } from '../../../domain/client.ts';

describe('NPI check digit (Luhn with the 80840 prefix)', () => {
  it('accepts the registry test numbers', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1987654328')).toBe(true);
  });
  it('computes the check digit of the first nine digits', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(npiCheckDigit('150000000')).toBe(9);
  });
  it('rejects a wrong check digit, wrong lengths and letters', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
    expect(isValidNpi('')).toBe(false);
  });
});

describe('one NPI rule for sign-up and settings (issue 17)', () => {
  it('the settings readers use the same check as sign-up and verifyNpi', () => {
    expect(settingsIsValidNpi).toBe(isValidNpi);
  });
  it('readNpi accepts a valid NPI and refuses a wrong check digit as a format problem', () => {
    const problems: FieldProblem[] = [];
    expect(readNpi('1234567893', 'providerInfo.npi', problems)).toBe('1234567893');
    expect(problems).toEqual([]);
    expect(readNpi('1234567890', 'providerInfo.npi', problems)).toBeNull();
    expect(problems).toEqual([{ field: 'providerInfo.npi', reason: 'format' }]);
  });
});
