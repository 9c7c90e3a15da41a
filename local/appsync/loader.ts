/**
 * Loads the resolver bundles — the very same esbuild output the Api stack deploys — and binds
 * them to the local runtime.
 *
 * Approach: a bundle is ESM text whose only import is the external `@aws-appsync/utils` (or its
 * `/dynamodb` subpath). We rewrite those specifiers to the file URL of ./runtime/index.ts (the
 * local implementation of both), write the text to a content-addressed `.mjs` file in a private
 * temp directory, and `import()` it. Nothing else in the code is changed, so what runs locally
 * is byte-for-byte the deployed handler logic. (tsx or the test runner resolves the `.ts` URL.)
 * The runtime keeps its per-invocation state on globalThis, so even if a module graph loads a
 * second copy of it the state is shared.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FUNCTIONS, PIPELINE_ENTRY, type FunctionDef } from '../../resolvers/map.ts';
import { bundleResolverSync, ROOT } from '../../resolvers/bundle.ts';

export interface ResolverCode {
  request(ctx: unknown): unknown;
  response(ctx: unknown): unknown;
}

export interface LoadedFunction {
  def: FunctionDef;
  code: ResolverCode;
}

export interface LoadedResolvers {
  pipeline: ResolverCode;
  functions: Map<string, LoadedFunction>;
}

export const RUNTIME_URL = pathToFileURL(resolve(import.meta.dirname, 'runtime', 'index.ts')).href;
const UTILS_SPECIFIER = /(["'])@aws-appsync\/utils(?:\/dynamodb)?\1/g;

let cacheDir: string | null = null;
function moduleDir(): string {
  if (!cacheDir) {
    mkdirSync(tmpdir(), { recursive: true });
    cacheDir = mkdtempSync(join(tmpdir(), 'portal-appsync-'));
    const dir = cacheDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return cacheDir;
}

/** Rewrites the `@aws-appsync/utils` imports of a bundle to the local runtime. */
export function bindToLocalRuntime(bundleText: string): string {
  return bundleText.replace(UTILS_SPECIFIER, JSON.stringify(RUNTIME_URL));
}

/** Imports one bundle's text, bound to the local runtime. */
export async function loadBundle(bundleText: string, name = 'resolver'): Promise<ResolverCode> {
  const text = bindToLocalRuntime(bundleText);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const file = join(moduleDir(), `${name.replace(/[^A-Za-z0-9_.-]/g, '_')}-${hash}.mjs`);
  if (!existsSync(file)) writeFileSync(file, text);
  const mod = (await import(pathToFileURL(file).href)) as Partial<ResolverCode>;
  if (typeof mod.request !== 'function' || typeof mod.response !== 'function') {
    throw new Error(`Resolver bundle ${name} must export request and response functions`);
  }
  return { request: mod.request, response: mod.response };
}

/**
 * A directory of bundles built once for many runtimes (local/build-resolvers.ts; the test runs
 * build one per run: test/support/shared-services.ts). When it is set, runtimes load from it
 * instead of bundling resolvers/ again.
 */
export const RESOLVER_BUNDLES_ENV = 'PORTAL_RESOLVER_BUNDLES';

export interface LoadOptions {
  /**
   * 'source': bundle resolvers/ now with resolvers/bundle.ts; 'dist': read <distDir>/<name>.js.
   * Default: 'dist' from RESOLVER_BUNDLES_ENV when it is set, else 'source'.
   */
  from?: 'source' | 'dist';
  distDir?: string;
}

/** Loads the pipeline code and every function of resolvers/map.ts. */
export async function loadResolvers(options: LoadOptions = {}): Promise<LoadedResolvers> {
  const prebuilt = process.env[RESOLVER_BUNDLES_ENV];
  const from = options.from ?? (prebuilt ? 'dist' : 'source');
  const distDir = options.distDir ?? (options.from === undefined && prebuilt ? prebuilt : resolve(ROOT, 'dist', 'resolvers'));
  const textOf = (name: string, entry: string) => (from === 'dist' ? readFileSync(join(distDir, `${name}.js`), 'utf8') : bundleResolverSync(entry));
  const pipeline = await loadBundle(textOf('pipeline', PIPELINE_ENTRY), 'pipeline');
  const functions = new Map<string, LoadedFunction>();
  for (const def of FUNCTIONS) {
    functions.set(def.name, { def, code: await loadBundle(textOf(def.name, def.entry), def.name) });
  }
  return { pipeline, functions };
}
