/**
 * Build step (issue 17, page weight): every message catalog under web/src (…/messages/*.json) is
 * shipped compiled. A message whose source is its own text stays a string; any other becomes the
 * AST @formatjs/icu-messageformat-parser makes of it, which intl-messageformat formats without
 * parsing. The JSON files stay the source; only the bundle holds the compiled form. Used by
 * web/vite.config.ts (precompiledMessages) and its test (test/unit/web/i18n-precompile.test.ts).
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { isPlainText, type Message } from './message';

/** Which files are message catalogs: JSON in a `messages` folder (Cloudscape's own are ASTs already). */
export const CATALOG_FILE = /[\\/]web[\\/]src[\\/](?:.+[\\/])?messages[\\/](?:.+[\\/])?[^\\/]+\.json$/;

/** One catalog, compiled; a message that does not parse fails the build, naming its key. */
export function precompileCatalog(source: Readonly<Record<string, string>>, file = 'catalog'): Record<string, Message> {
  const compiled: Record<string, Message> = {};
  for (const [key, message] of Object.entries(source)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      compiled[key] = isPlainText(message) ? message : parse(message);
    } catch (error) {
      throw new Error(`${file}: ${key} is not a valid ICU message (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return compiled;
}
