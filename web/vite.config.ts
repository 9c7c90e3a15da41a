import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { usedCloudscapeIconsOnly } from './build/cloudscape-icons.ts';
import { modulePatch } from './build/module-patch.ts';
import { prerenderLanding } from './prerender/plugin.ts';
import { CATALOG_FILE, precompileCatalog } from './src/i18n/precompile.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const preloadLists = preloadListsWithoutLoadedChunks();
// `npm run dev:web` proxies the runtime's endpoints to a running `npm start` (default port 3000).
const runtime = process.env.PORTAL_RUNTIME_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), precompiledMessages(), preloadLists.plugin, visualRefreshAppLayoutOnly(), mfaPreferenceWithoutSignInHelpers(), ownTslibForMessageFormat(), usedCloudscapeIconsOnly(join(root, 'src')), chunkReport(), prerenderLanding()],
  // Some AWS/Chime packages are CommonJS and read `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No modulepreload polyfill (0.5 KB gzip on every page): every browser the console supports
    // preloads modules natively; one that does not just fetches each chunk when it is imported.
    modulePreload: { polyfill: false, resolveDependencies: preloadLists.resolveDependencies },
  },
  server: {
    proxy: {
      '/config.json': runtime,
      '/graphql': { target: runtime, ws: true },
      '/cognito': runtime,
      '/api': runtime,
      '/_local/video-signal': { target: runtime, ws: true },
      '/_local': runtime,
    },
  },
});

/**
 * Cloudscape's AppLayout carries three layouts and picks one as it renders: classic (never in this
 * build of Cloudscape, which is always visual refresh), the toolbar layout (only when a global flag
 * that the AWS console sets is on; this app never sets it, and it brings in dnd-kit for drag and
 * drop) and visual refresh, the one the portal shows. The other two cost about 50 KB of gzip JS and
 * 8 KB of CSS on every portal page, so this points AppLayout straight at the visual-refresh layout.
 * It checks both assumptions against the installed Cloudscape and fails the build when either no
 * longer holds, rather than silently changing what renders.
 */
function visualRefreshAppLayoutOnly(): Plugin {
  const target = /@cloudscape-design[\\/]components[\\/]app-layout[\\/]internal\.js$/;
  const expectedImports = [
    "import ClassicAppLayout from './classic';",
    "import { useAppLayoutFlagEnabled } from './utils/feature-flags';",
    "import RefreshedAppLayout from './visual-refresh';",
    "import ToolbarAppLayout from './visual-refresh-toolbar';",
  ];
  return modulePatch('portal-visual-refresh-app-layout', target, (code, file, fail) => {
    const environment = readFileSync(join(dirname(file), '..', 'internal', 'environment.js'), 'utf8');
    if (!/ALWAYS_VISUAL_REFRESH = true;/.test(environment)) {
      fail('Cloudscape is no longer always visual refresh: review visualRefreshAppLayoutOnly() in web/vite.config.ts');
    }
    const missing = expectedImports.filter((line) => !code.includes(line));
    if (missing.length || !code.includes('if (isRefresh) {') || !code.includes('if (isToolbar) {')) {
      fail(`Cloudscape's app-layout/internal.js changed shape (${missing.join(' ') || 'layout choice'}): review visualRefreshAppLayoutOnly() in web/vite.config.ts`);
    }
    return [
      "import React from 'react';",
      "import RefreshedAppLayout from './visual-refresh';",
      'export const AppLayoutInternal = React.forwardRef((props, ref) => React.createElement(RefreshedAppLayout, { ref: ref, ...props }));',
    ].join('\n');
  });
}

/**
 * The portal's session check reads the MFA preference (aws-amplify/auth fetchMFAPreference), which
 * takes two small pure functions (getMFAType, getMFATypes) from Amplify's sign-in helpers module —
 * and through it the whole sign-in machinery (SRP, BigInteger, passkeys): about 14 KB of gzip JS on
 * every portal page that only the sign-in page runs. This gives fetchMFAPreference its own copy of
 * the two functions, taken at build time from the installed signInHelpers.mjs, so the sign-in
 * helpers load with the sign-in page only. The build fails if either function is missing or starts
 * using anything beyond its argument and the other function.
 */
function mfaPreferenceWithoutSignInHelpers(): Plugin {
  const target = /@aws-amplify[\\/]auth[\\/]dist[\\/]esm[\\/]providers[\\/]cognito[\\/]apis[\\/]fetchMFAPreference\.mjs$/;
  const importLine = "import { getMFATypes, getMFAType } from '../utils/signInHelpers.mjs';";
  // Words the two functions may contain: keywords, their parameters, Array methods and each other.
  const allowed = new Set(['function', 'getMFAType', 'getMFATypes', 'type', 'types', 'if', 'return', 'undefined', 'map', 'filter', 'Boolean']);
  return modulePatch('portal-mfa-preference-without-sign-in-helpers', target, (code, file, fail) => {
    if (!code.includes(importLine)) fail(`Amplify's fetchMFAPreference.mjs changed its imports: review mfaPreferenceWithoutSignInHelpers() in web/vite.config.ts`);
    const helpers = readFileSync(join(dirname(file), '..', 'utils', 'signInHelpers.mjs'), 'utf8');
    const definition = (name: string) => {
      const found = new RegExp(`^function ${name}\\([^)]*\\) \\{\\n[\\s\\S]*?^\\}$`, 'm').exec(helpers)?.[0];
      const words = found?.replace(/\/\/.*$/gm, '').replace(/'[^']*'/g, '').match(/[A-Za-z_$][\w$]*/g) ?? [];
      if (!found || words.some((word) => !allowed.has(word))) {
        fail(`Amplify's ${name} changed: review mfaPreferenceWithoutSignInHelpers() in web/vite.config.ts`);
      }
      return found;
    };
    return code.replace(importLine, `${definition('getMFAType')}\n${definition('getMFATypes')}`);
  });
}

/**
 * The message catalogs ship compiled (web/src/i18n/precompile.ts): a message that is its own text
 * stays a string, any other becomes its ICU AST, so no page parses ICU and the parser
 * (@formatjs/icu-messageformat-parser with its skeleton parser, about 11 KB of gzip JS in every
 * page's entry) is left out: intl-messageformat's import of it resolves to the package's own
 * no-parser build (the element types only; parse() throws). A catalog message that does not parse
 * fails the build. The JSON files stay the source; tests and the dev server read them as written.
 */
function precompiledMessages(): Plugin {
  const parser = '@formatjs/icu-messageformat-parser';
  return {
    name: 'portal-precompiled-messages',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (source !== parser) return null;
      return this.resolve(`${parser}/lib/no-parser.js`, importer, { ...options, skipSelf: true });
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!CATALOG_FILE.test(file)) return null;
      return { code: JSON.stringify(precompileCatalog(JSON.parse(code) as Record<string, string>, file)), map: null };
    },
  };
}

/**
 * Each lazy import carries the list of chunks to preload with it (Vite's __vite__mapDeps, one list
 * of file names per chunk that imports lazily): the lazy chunk's whole static closure, including
 * the chunks the importing chunk itself imports statically — which are loaded already, since it is
 * running. Those are left out of the list (Vite's preload helper skips them at run time anyway), so
 * only chunks not yet loaded are named: about 1 KB of gzip JS on the console's first page. CSS files are
 * not passed here and keep Vite's list.
 */
function preloadListsWithoutLoadedChunks(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[] } {
  let imports = new Map<string, readonly string[]>();
  const loaded = new Map<string, Set<string>>();
  const closureOf = (host: string): Set<string> => {
    let closure = loaded.get(host);
    if (closure) return closure;
    closure = new Set<string>();
    const pending = [host];
    while (pending.length) {
      const file = pending.pop()!;
      if (closure.has(file)) continue;
      closure.add(file);
      pending.push(...(imports.get(file) ?? []));
    }
    loaded.set(host, closure);
    return closure;
  };
  return {
    plugin: {
      name: 'portal-preload-lists-without-loaded-chunks',
      apply: 'build',
      // Before Vite's own generateBundle writes the lists: the final chunk graph, static imports only.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          imports = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item.imports] as const] : [])));
          loaded.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => {
      if (hostType !== 'js' || !imports.has(hostId)) return deps;
      const already = closureOf(hostId);
      return deps.filter((dep) => !already.has(dep));
    },
  };
}

/**
 * The ICU message formatter (intl-messageformat and @formatjs/*, in every page's entry) takes four
 * of tslib's helpers, but tslib is one module: shared with Amplify and Cloudscape, it became one
 * chunk of every helper any of them uses (1.9 KB gzip) that every public page downloaded. The
 * formatter gets its own instance of tslib (the same file under another module id), tree-shaken to
 * what it uses; the signed-in pages keep the shared one.
 */
function ownTslibForMessageFormat(): Plugin {
  const formatter = /[\\/]node_modules[\\/](intl-messageformat|@formatjs)[\\/]/;
  return {
    name: 'portal-own-tslib-for-message-format',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (source !== 'tslib' || !importer || !formatter.test(importer)) return null;
      const shared = await this.resolve(source, importer, { ...options, skipSelf: true });
      return shared ? `${shared.id}?message-format` : null;
    },
  };
}

/** One output chunk, as recorded for scripts/check-bundles.ts. */
interface ChunkRecord {
  file: string;
  facade: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** Heavy libraries bundled into this chunk (the public pages must not pull them in). */
  libraries: string[];
}

const LIBRARIES: Array<[name: string, marker: RegExp]> = [
  ['cloudscape', /[\\/]@cloudscape-design[\\/]/],
  ['amplify', /[\\/](@aws-amplify|aws-amplify)[\\/]/],
  ['qrcode', /[\\/]qrcode[\\/]/],
  ['chime', /[\\/]amazon-chime-sdk-js[\\/]/],
];

/** Writes .vite/chunks.json next to the manifest: which chunk holds which library, and its imports. */
function chunkReport(): Plugin {
  return {
    name: 'portal-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const records: ChunkRecord[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const ids = item.moduleIds ?? Object.keys(item.modules ?? {});
        records.push({
          file: item.fileName,
          facade: item.facadeModuleId ? item.facadeModuleId.replace(/^.*[\\/]web[\\/]/, '') : null,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          imports: [...item.imports],
          dynamicImports: [...item.dynamicImports],
          css: [...(item.viteMetadata?.importedCss ?? [])],
          libraries: LIBRARIES.filter(([, marker]) => ids.some((id) => marker.test(id))).map(([name]) => name),
        });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(records, null, 2) });
    },
  };
}
