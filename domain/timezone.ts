/**
 * The practice's default time zone (spec part 2 §9: US/Pacific, abbreviation fallback PDT) — the one
 * constant for settings, the API's recurrence arithmetic and the browser. A leaf module, safe in
 * APPSYNC_JS (bundled into resolvers through field-readers.ts) and in the browser.
 */
export const DEFAULT_TIMEZONE = 'US/Pacific';
export const FALLBACK_ABBREVIATION = 'PDT';
