/**
 * What each lazily loaded page adds on top of the shell that loads it, read from a built console's
 * Vite manifest (web/dist/.vite/manifest.json): the page's own chunk and the chunks only it (not
 * the entry, AuthLayout or the console's route table with PortalLayout, ConsoleRoutes) imports,
 * gzip at zlib's default level like the budgets. The pages are the entry's lazy imports (public
 * pages, sign-in, sign-up, the client portal) and the console's (ConsoleRoutes').
 * Reported by test/e2e/page-weight.test.ts so a new domain's pages show their cost.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RouteChunk {
  /** The page's source module, e.g. src/clients/ClientsPage.tsx. */
  source: string;
  /** Gzip bytes of the page's own chunk. */
  ownJs: number;
  /** Gzip bytes of JS it loads beyond the shell (its own chunk included). */
  addedJs: number;
  /** Gzip bytes of CSS it loads beyond the shell. */
  addedCss: number;
}

export function routeChunks(dist: string): RouteChunk[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return sizes.get(file)!;
  };
  /** The files a chunk loads with it: itself, its static imports (transitively) and their CSS. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  const layout = (name: string) => Object.keys(manifest).find((key) => key.endsWith(`/${name}.tsx`));
  const layouts = [layout('AuthLayout'), layout('ConsoleRoutes')];
  if (!entryKey || layouts.some((key) => !key)) throw new Error(`${dist}: the manifest has no index.html entry, AuthLayout or ConsoleRoutes`);
  const shell = new Set<string>();
  for (const key of [entryKey, ...layouts] as string[]) closure(key, shell);
  const pages = [entryKey, layouts[1] as string].flatMap((key) => manifest[key].dynamicImports ?? []);

  return [...new Set(pages)]
    .filter((key) => !layouts.includes(key) && manifest[key]?.src)
    .map((key) => {
      const added = [...closure(key)].filter((file) => !shell.has(file));
      const sum = (suffix: string) => added.filter((file) => file.endsWith(suffix)).reduce((total, file) => total + gzipOf(file), 0);
      return { source: key, ownJs: gzipOf(manifest[key].file), addedJs: sum('.js'), addedCss: sum('.css') };
    });
}
