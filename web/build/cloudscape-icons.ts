/**
 * Cloudscape's Icon ships its whole icon set in one module (icon/generated/icons.js: 143 SVGs as
 * React elements, about 7 KB of gzip JS on every console page); the portal shows a few dozen of
 * them. This build plugin keeps the icons whose name appears as a quoted string ('name', "name" or
 * `name`) in our source (web/src) or anywhere in Cloudscape's own components (every component, not
 * only the ones the portal uses, so an internal use cannot be missed: the table's sort carets, the
 * status indicator, the pagination arrows...). Cloudscape names its icons only with literals; the
 * build fails when icons.js changes shape, rather than silently dropping icons. An icon that is
 * dropped would render as an empty span — hence keeping every name Cloudscape writes anywhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { modulePatch } from './module-patch.ts';

const ICONS_MODULE = /@cloudscape-design[\\/]components[\\/]icon[\\/]generated[\\/]icons\.js$/;
const ENTRY = /^ {4}"([a-z0-9-]+)": /gm;
const HEAD = 'const icons = {\n';
const TAIL = '\n};\nexport default icons;';

interface IconModule {
  head: string;
  entries: Array<{ name: string; text: string }>;
  tail: string;
}

/** icons.js as its parts: the text before the object, one entry per icon, the text after it. */
export function parseIconModule(code: string): IconModule {
  const open = code.indexOf(HEAD);
  const close = code.lastIndexOf(TAIL);
  const starts = [...code.matchAll(ENTRY)].map((match) => ({ name: match[1], at: match.index }));
  if (open < 0 || close < 0 || starts.length === 0 || starts[0].at !== open + HEAD.length) {
    throw new Error("Cloudscape's icon/generated/icons.js changed shape: review web/build/cloudscape-icons.ts");
  }
  const entries = starts.map(({ name, at }, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].at : close;
    return { name, text: code.slice(at, end).replace(/,\s*$/, '') };
  });
  return { head: code.slice(0, open + HEAD.length), entries, tail: code.slice(close) };
}

/** The names among `names` that some text quotes. */
export function quotedNames(names: readonly string[], texts: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    for (const name of names) {
      if (found.has(name)) continue;
      if (text.includes(`'${name}'`) || text.includes(`"${name}"`) || text.includes(`\`${name}\``)) found.add(name);
    }
  }
  return found;
}

/** icons.js with only the named icons. */
export function keepIcons(code: string, keep: ReadonlySet<string>): { code: string; kept: number; of: number } {
  const { head, entries, tail } = parseIconModule(code);
  const kept = entries.filter((entry) => keep.has(entry.name));
  return { code: head + kept.map((entry) => entry.text).join(',\n') + tail, kept: kept.length, of: entries.length };
}

function filesUnder(dir: string, accept: (path: string) => boolean, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, accept, into);
    else if (accept(path)) into.push(path);
  }
  return into;
}

/** Every text the icon names are looked for in: Cloudscape's components and our web source. */
export function iconNameSources(cloudscapeDir: string, webSrc: string): string[] {
  const cloudscape = filesUnder(cloudscapeDir, (path) => path.endsWith('.js') && !/[\\/](icon[\\/]generated|test-utils)[\\/]/.test(path));
  const ours = filesUnder(webSrc, (path) => /\.(ts|tsx)$/.test(path));
  return [...cloudscape, ...ours].map((path) => readFileSync(path, 'utf8'));
}

export function usedCloudscapeIconsOnly(webSrc: string): Plugin {
  return modulePatch('portal-used-cloudscape-icons-only', ICONS_MODULE, (code, file, fail) => {
    const names = parseIconModule(code).entries.map((entry) => entry.name);
    const cloudscapeDir = join(file, '..', '..', '..');
    const result = keepIcons(code, quotedNames(names, iconNameSources(cloudscapeDir, webSrc)));
    if (result.kept === 0) fail('No Cloudscape icon name found in the sources: review web/build/cloudscape-icons.ts');
    return result.code;
  });
}
