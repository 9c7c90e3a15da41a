// The browser never imports server code (issue 17): shapes the console shares with the Lambdas live
// in domain/; nothing under web/src may reach into functions/, lib/ or local/ (what is bundled for
// the browser would otherwise drag AWS SDK clients, CDK or the local emulator along, or at least
// couple the page to a Lambda's internals).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const WEB = join(ROOT, 'web', 'src');
const SERVER = ['functions', 'lib', 'local'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|js|jsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier: static imports and re-exports (incl. `import type`), dynamic import(). */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** The server folder a specifier of `file` lands in, or null. */
function serverFolder(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = relative(ROOT, resolve(dirname(file), specifier)).split(/[\\/]/)[0];
  return SERVER.includes(target) ? target : null;
}

describe('web/src imports no server code', () => {
  it('finds the forms an import takes', () => {
    const text = [
      "import type { A } from '../../../functions/x.ts';",
      "import {\n  B,\n  C,\n} from '../../../lib/y';",
      "export { D } from '../../../local/z';",
      "import '../../../local/side-effect';",
      "const m = await import('../../../functions/lazy');",
    ].join('\n');
    const file = join(WEB, 'video', 'x.ts');
    expect(specifiers(text).map((s) => serverFolder(file, s))).toEqual(['functions', 'lib', 'local', 'local', 'functions']);
  });

  it('no file under web/src reaches into functions/, lib/ or local/', () => {
    const offenders = sources(WEB).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => serverFolder(file, s) !== null)
        .map((s) => `${relative(ROOT, file)} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
