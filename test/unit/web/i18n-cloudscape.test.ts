import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_COMPONENTS, CLOUDSCAPE_LOCALES, cloudscapeSubset } from '../../../web/src/i18n/cloudscape-components';

const require = createRequire(import.meta.url);
const WEB_SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));
const allMessages = (file: string) =>
  JSON.parse(readFileSync(require.resolve(`@cloudscape-design/components/i18n/messages/all.${file}.json`), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("Cloudscape's messages shipped with the console", () => {
  it('cover every Cloudscape component imported in web/src that has messages', () => {
    const withMessages = Object.keys(allMessages('en')['cloudscape-design-components'].en);
    const imported = new Set<string>();
    for (const file of sources(WEB_SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/@cloudscape-design\/components\/([a-z-]+)/g)) imported.add(match[1]);
    }
    const missing = [...imported].filter((name) => withMessages.includes(name) && !(CLOUDSCAPE_COMPONENTS as readonly string[]).includes(name));
    expect(missing, 'add them to web/src/i18n/cloudscape-components.ts and run web/scripts/cloudscape-messages.ts').toEqual([]);
  });

  for (const [locale, file] of Object.entries(CLOUDSCAPE_LOCALES)) {
    it(`${locale} is the installed Cloudscape's all.${file} cut to those components`, () => {
      const shipped = JSON.parse(readFileSync(join(WEB_SRC, 'i18n', 'cloudscape', `${locale}.json`), 'utf8'));
      expect(shipped).toEqual(cloudscapeSubset(allMessages(file)));
      expect(Object.keys(shipped['cloudscape-design-components'][file])).toContain('wizard');
    });
  }
});
