/**
 * Phone numbers to E.164 — in its own module so the console's entry bundle (web/src/i18n/format.ts,
 * on every public page) takes this one function without the state lists and field readers of
 * contact-fields.ts (which re-exports it). Pure and APPSYNC_JS-safe: no regex, no loops, no try.
 */

const isDigits = (text: string): boolean => text.split('').every((ch) => '0123456789'.indexOf(ch) >= 0);

/**
 * Phone to E.164, default country US: "+" and 8–15 digits (first not 0) are kept; 10 US digits get
 * +1; 11 digits starting with 1 get +. Spaces, dots, dashes and parentheses are dropped first.
 * Returns null when it cannot be E.164.
 */
export function toE164(text: string): string | null {
  const compact = text
    .split('')
    .filter((ch) => ' .-()'.indexOf(ch) < 0)
    .join('');
  let candidate = compact;
  if (compact[0] !== '+') {
    if (compact.length === 10 && isDigits(compact) && compact[0] !== '0' && compact[0] !== '1') {
      candidate = '+1' + compact;
    } else if (compact.length === 11 && compact[0] === '1') {
      candidate = '+' + compact;
    } else {
      return null;
    }
  }
  const digits = candidate.substring(1);
  if (digits.length < 8 || digits.length > 15 || !isDigits(digits) || digits[0] === '0') {
    return null;
  }
  return candidate;
}
