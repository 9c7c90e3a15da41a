import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
// `npm run dev:web` proxies the runtime's endpoints to a running `npm start` (default port 3000).
const runtime = process.env.PORTAL_RUNTIME_URL ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), chunkReport()],
  // Some AWS/Chime packages are CommonJS and read `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
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
