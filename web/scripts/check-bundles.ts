/**
 * After `vite build`: the JS and CSS each route downloads (gzip), and a hard check that the public
 * pages pull in neither Cloudscape nor Amplify (ARCHITECTURE §7). Run: npx tsx web/scripts/check-bundles.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ChunkRecord {
  file: string;
  facade: string | null;
  isEntry: boolean;
  imports: string[];
  css: string[];
  libraries: string[];
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const chunks: ChunkRecord[] = JSON.parse(readFileSync(join(dist, '.vite/chunks.json'), 'utf8'));
const byFile = new Map(chunks.map((c) => [c.file, c]));
// The manifest maps each lazily imported source module to its chunk.
const manifest: Record<string, { file: string }> = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = chunks.find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');

/**
 * Route → the lazy modules rendered for it, outermost first. `light`: a page strangers land on
 * (ARCHITECTURE §7), which must not load Cloudscape or Amplify. Sign-in and the sign-up wizard are
 * forms that need both, so they sit under AuthLayout and are not light.
 */
const ROUTES: Array<{ route: string; modules: string[]; light: boolean }> = [
  { route: '/', modules: ['src/pages/LandingPage.tsx'], light: true },
  { route: '/pricing', modules: ['src/pages/PricingPage.tsx'], light: true },
  { route: '/help', modules: ['src/pages/HelpPage.tsx'], light: true },
  { route: '/public/video/…', modules: ['src/pages/PublicVideoPage.tsx'], light: true },
  { route: '/signup', modules: ['src/auth/AuthLayout.tsx', 'src/pages/SignUpPage.tsx'], light: false },
  { route: '/signin', modules: ['src/auth/AuthLayout.tsx', 'src/pages/SignInPage.tsx'], light: false },
  { route: '/video/:id', modules: ['src/auth/AuthLayout.tsx', 'src/pages/VideoPage.tsx'], light: false },
  {
    route: '/app/clients',
    modules: ['src/auth/AuthLayout.tsx', 'src/portal/PortalLayout.tsx', 'src/pages/ClientsPage.tsx'],
    light: false,
  },
];

function closure(start: ChunkRecord[]): Set<ChunkRecord> {
  const seen = new Set<ChunkRecord>();
  const visit = (chunk: ChunkRecord) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  start.forEach(visit);
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
console.log('route              JS gzip    CSS gzip   libraries');
for (const { route, modules, light } of ROUTES) {
  const roots = modules.map((m) => {
    const chunk = manifest[m] && byFile.get(manifest[m].file);
    if (!chunk) throw new Error(`no chunk for ${m}`);
    return chunk;
  });
  const all = closure([entry, ...roots]);
  const js = [...all].reduce((sum, c) => sum + gz(c.file), 0);
  const cssFiles = new Set([...all].flatMap((c) => c.css));
  const css = [...cssFiles].reduce((sum, f) => sum + gz(f), 0);
  const libraries = [...new Set([...all].flatMap((c) => c.libraries))].sort();
  console.log(`${route.padEnd(18)} ${kb(js).padStart(9)}  ${kb(css).padStart(9)}   ${libraries.join(', ') || '-'}`);
  if (light && libraries.some((l) => l === 'cloudscape' || l === 'amplify')) {
    console.error(`  ✗ ${route} is a light public page but loads ${libraries.join(', ')}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
