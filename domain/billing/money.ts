/**
 * Money (issue 15, ARCHITECTURE §9): integer cents everywhere; formatted only at the edge, one way —
 * the practice's currency (USD by default) with the practice's number of decimals (spec part 2
 * §8: "Money in USD with a chosen number of decimals, default 0").
 */

/** The largest amount one fee, line or payment may carry: $100,000.00. Anything above is a typing slip. */
export const MAX_CENTS = 10_000_000;
/** Decimals a practice may choose: 0 (whole dollars, the spec's default) or 2 (cents). */
export const MONEY_DECIMALS = [0, 2] as const;
export const DEFAULT_DECIMALS = 0;

export interface MoneyFormat {
  currency?: string;
  decimals?: number;
  locale?: string;
}

/** A whole number of cents between 0 and MAX_CENTS. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_CENTS;
}

/** A positive amount of cents (a payment or refund of zero is no payment). */
export function isPositiveCents(value: unknown): value is number {
  return isCents(value) && value > 0;
}

/** Sum of integer cents (exact: cents stay integers far beyond any invoice). */
export function sumCents(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

/** Cents × a percentage, rounded half up to the cent (sliding scale). */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/** The amount as the practice shows it: "$1,235" (0 decimals) or "$1,234.50" (2 decimals). */
export function formatMoney(cents: number, format: MoneyFormat = {}): string {
  const decimals = format.decimals === 2 ? 2 : 0;
  return new Intl.NumberFormat(format.locale ?? 'en-US', {
    style: 'currency',
    currency: format.currency || 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(cents / 100);
}

/**
 * A typed amount ("125", "$1,234.50", "80.5") → cents, or null when it is not an amount of money:
 * no sign, at most two decimals, digits with optional thousands commas.
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_CENTS ? cents : null;
}
