/**
 * Writes web/src/i18n/cloudscape/<locale>.json: the part of Cloudscape's own messages the console
 * uses (see web/src/i18n/cloudscape-components.ts). Run after upgrading Cloudscape or adding a
 * component: npx tsx web/scripts/cloudscape-messages.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CLOUDSCAPE_LOCALES, cloudscapeSubset } from '../src/i18n/cloudscape-components.ts';

const require = createRequire(import.meta.url);
const outDir = fileURLToPath(new URL('../src/i18n/cloudscape/', import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const [locale, file] of Object.entries(CLOUDSCAPE_LOCALES)) {
  const all = JSON.parse(readFileSync(require.resolve(`@cloudscape-design/components/i18n/messages/all.${file}.json`), 'utf8'));
  writeFileSync(`${outDir}${locale}.json`, `${JSON.stringify(cloudscapeSubset(all))}\n`);
}
