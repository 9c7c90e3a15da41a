/**
 * Prerenders the public landing page into the built index.html (ARCHITECTURE §7): a stranger's
 * first visit paints the page from HTML and CSS alone, and main.tsx hydrates it once the script
 * has loaded. Every other route gets the untouched shell, app.html (the SPA fallback of
 * local/static.ts and of CloudFront in lib/web-stack.ts), so /signin never shows landing content.
 *
 * Runs after the client build: loads web/src/prerender-entry.tsx through Vite's SSR loader (same
 * sources, JSON and CSS imports as the browser build), renders `/` English and not signed in, and
 * links the landing chunk's CSS and modules in <head> so the page is styled at first paint and its
 * script does not wait for the entry to ask for it. Fails the build when anything is off.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

/** The built shell with no prerendered content: what every route but `/` is served. */
export const APP_SHELL = 'app.html';
const LANDING_MODULE = 'src/public/LandingPage.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';

type RenderRoute = (path: string) => Promise<{ html: string; attribute: string; stamp: string }>;

/** The CSS and JS files a manifest chunk needs, itself first, following its static imports. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): { css: string[]; js: string[] } {
  const found = { css: [] as string[], js: [] as string[] };
  if (seen.has(key)) return found;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
  found.js.push(chunk.file);
  found.css.push(...(chunk.css ?? []));
  for (const imported of chunk.imports ?? []) {
    const inner = chunkFiles(manifest, imported, seen);
    found.css.push(...inner.css);
    found.js.push(...inner.js);
  }
  return found;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.build.watch) return;
      // build.outDir is as configured: relative to the Vite root (web/), not to the process's cwd.
      const outDir = resolve(config.root, config.build.outDir);
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: the built index.html has no ${ROOT_ELEMENT}`);
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      // What the shell's <head> already loads (the entry, its modules and CSS) is not linked twice.
      const alreadyLoaded = new Set([...shell.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]));
      const landing = chunkFiles(manifest, LANDING_MODULE);

      const server = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        define: { global: 'globalThis' },
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      let rendered: Awaited<ReturnType<RenderRoute>>;
      try {
        const { renderRoute } = (await server.ssrLoadModule('/src/prerender-entry.tsx')) as { renderRoute: RenderRoute };
        rendered = await renderRoute('/');
      } finally {
        await server.close();
      }
      if (!rendered.html.includes('id="hero-title"')) throw new Error('prerender: the landing page rendered without its hero heading');
      if (/<script/i.test(rendered.html)) throw new Error('prerender: the landing markup holds a script (the CSP allows none inline)');

      const base = config.base;
      const links = [
        ...[...new Set(landing.css)].filter((file) => !alreadyLoaded.has(base + file)).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
        ...[...new Set(landing.js)].filter((file) => !alreadyLoaded.has(base + file)).map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${file}">`),
      ];
      const stamp = escapeAttribute(rendered.stamp);
      // On the prerendered page the script only makes painted markup interactive: fetched at low
      // priority, it does not compete with the HTML and CSS the first paint needs.
      const page = shell
        .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
        .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
        .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
        .replace(ROOT_ELEMENT, `<div id="root" ${rendered.attribute}="${stamp}">${rendered.html}</div>`);
      writeFileSync(join(outDir, APP_SHELL), shell);
      writeFileSync(join(outDir, 'index.html'), page);
    },
  };
}
