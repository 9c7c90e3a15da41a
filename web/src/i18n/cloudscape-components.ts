/**
 * Which of Cloudscape's own message sets the console ships (web/src/i18n/cloudscape/<locale>.json,
 * written by web/scripts/cloudscape-messages.ts from the installed package's all.<locale>.json).
 * The full sets are ≈ 7–9 KB gzip per language, mostly components we do not use (date-range
 * picker, property filter, S3 selector, ...); this subset is what our pages render.
 * test/unit/web/i18n-cloudscape.test.ts fails when a component imported in web/src is missing
 * here or the files are out of date with the installed Cloudscape.
 */
export const CLOUDSCAPE_COMPONENTS = [
  // Imported by the console.
  'alert', 'app-layout', 'autosuggest', 'button', 'date-picker', 'file-upload', 'flashbar', 'form', 'form-field', 'help-panel', 'input',
  'link', 'modal', 'multiselect', 'pagination', 'select', 'table', 'tabs', 'top-navigation', 'wizard',
  // Rendered inside those (calendar in the date picker, menus in the top bar and tables, app-layout's parts).
  'button-dropdown', 'calendar', 'drawer', 'error-boundary', 'features-notification-drawer', 'panel-resize-handle', 'popover',
  'split-panel', 'token-group',
] as const;

/** Cloudscape's message file name for each of our locales. */
export const CLOUDSCAPE_LOCALES = { en: 'en', zh: 'zh-CN', es: 'es', fr: 'fr', it: 'it', ar: 'ar' } as const;

type MessageFile = Record<string, Record<string, Record<string, unknown>>>;

/** The part of one all.<locale>.json the console uses, in the same shape. */
export function cloudscapeSubset(all: MessageFile): MessageFile {
  const out: MessageFile = {};
  for (const [namespace, locales] of Object.entries(all)) {
    out[namespace] = {};
    for (const [locale, components] of Object.entries(locales)) {
      const kept: Record<string, unknown> = {};
      for (const name of CLOUDSCAPE_COMPONENTS) if (components[name] !== undefined) kept[name] = components[name];
      out[namespace][locale] = kept;
    }
  }
  return out;
}
