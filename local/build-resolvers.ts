/**
 * Writes every resolver bundle (the FUNCTIONS of resolvers/map.ts plus the pipeline code) to
 * dist/resolvers/<name>.js: the exact code the Api stack deploys and the local executor loads.
 * Usage: npm run build:resolvers   (dist/ is git-ignored)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTIONS, PIPELINE_ENTRY } from '../resolvers/map.ts';
import { bundleResolverSync, ROOT } from '../resolvers/bundle.ts';

export const PIPELINE_BUNDLE_NAME = 'pipeline';

/** Bundles every resolver into `outDir` (default dist/resolvers); returns the files written. */
export function buildResolvers(outDir = resolve(ROOT, 'dist', 'resolvers')): string[] {
  mkdirSync(outDir, { recursive: true });
  const entries = [{ name: PIPELINE_BUNDLE_NAME, entry: PIPELINE_ENTRY }, ...FUNCTIONS];
  return entries.map(({ name, entry }) => {
    const file = join(outDir, `${name}.js`);
    writeFileSync(file, bundleResolverSync(entry));
    return file;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = buildResolvers();
  console.log(`Wrote ${files.length} resolver bundles to dist/resolvers/`);
}
