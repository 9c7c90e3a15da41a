/**
 * The one NPI check (issue 17): the Luhn algorithm over the 10-digit identifier prefixed with 80840
 * (the NPI's ISO issuer prefix), as the NPPES defines it. Used by sign-up, verifyNpi and every settings
 * reader (field-readers.ts's readNpi); bundled into resolvers, so APPSYNC_JS code only (no regex
 * literals, no index loops).
 */
const DIGITS = '0123456789';

function allDigits(value: string): boolean {
  return value.split('').every((c) => DIGITS.indexOf(c) >= 0);
}

/** Luhn sum of `80840` + digits, doubling every second digit counted from the right when `doubleLast`. */
function luhnSum(digits: string, doubleLast: boolean): number {
  const offset = doubleLast ? 0 : 1;
  return ('80840' + digits).split('').reverse().reduce((sum, c, i) => {
    const d = Number(c);
    if ((i + offset) % 2 === 0) {
      const doubled = d * 2;
      return sum + (doubled > 9 ? doubled - 9 : doubled);
    }
    return sum + d;
  }, 0);
}

/** NPI check digit of the first nine digits. */
export function npiCheckDigit(firstNine: string): number {
  return (10 - (luhnSum(firstNine, true) % 10)) % 10;
}

/** True for a 10-digit string whose last digit is the NPI check digit of the first nine. */
export function isValidNpi(npi: string): boolean {
  return typeof npi === 'string' && npi.length === 10 && allDigits(npi) && luhnSum(npi, false) % 10 === 0;
}
