/**
 * NPI check digit: the Luhn algorithm over the 9-digit identifier prefixed with 80840
 * (the NPI's ISO issuer prefix), as the NPPES defines it.
 */
export function npiCheckDigit(firstNine: string): number {
  const digits = `80840${firstNine}`;
  let sum = 0;
  // Double every second digit from the right of the full number, i.e. starting at the last digit here.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for a 10-digit string whose last digit is the NPI check digit of the first nine. */
export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}
