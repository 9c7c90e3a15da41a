/**
 * Bundles one APPSYNC_JS resolver or function file with esbuild, as AppSync wants it:
 * one ESM file, `@aws-appsync/utils` left external (the runtime provides it), no source maps.
 * Used by the Api stack (inline code) and by the local executor (the same bundle, loaded locally).
 */
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export function bundleResolverSync(entry: string): string {
  const result = buildSync({
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2020',
    sourcemap: false,
    minify: false,
    external: ['@aws-appsync/utils'],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
