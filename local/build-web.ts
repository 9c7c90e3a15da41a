/**
 * Builds the console when web/dist is missing or older than its sources, so `npm start` always
 * serves what is in the tree without rebuilding on every start.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale(root: string): boolean {
  const index = join(root, 'web', 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'domain')));
  return sources > built;
}

export function buildWeb(root: string): void {
  // NODE_ENV=production whoever calls: started from a test runner (NODE_ENV=test), Vite would
  // bundle React's development build (about 60 KB gzip more on every page).
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('Building the console failed (npx vite build --config web/vite.config.ts)');
}
