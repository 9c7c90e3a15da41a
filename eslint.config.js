// ESLint flat config. APPSYNC_JS (the AppSync resolver runtime) has no try/catch, no while, no
// async, no classes, no regex literals...: @aws-appsync/eslint-plugin's recommended rules are what
// enforce it, on every resolver and on the domain files resolvers import (they are bundled in).
// The recommended set needs type information: resolvers/tsconfig.json is a small program of just
// those files (the root tsconfig holds the whole app and makes type-aware lint slow).
import appsync from '@aws-appsync/eslint-plugin';

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Build-time helpers under resolvers/ that run in Node, not in APPSYNC_JS. */
export const NODE_FILES = ['resolvers/map.ts', 'resolvers/bundle.ts'];

/**
 * The domain files that end up in resolver bundles, read from the resolvers' own imports (followed
 * transitively) — the one source (issue 17): a resolver that starts importing a domain file gets it
 * linted with the APPSYNC_JS rules, with no list to keep in step. resolvers/tsconfig.json includes
 * resolvers/ only; TypeScript pulls the same imported files into that program by itself.
 */
export function appsyncDomainFiles(root = import.meta.dirname) {
  const node = new Set(NODE_FILES.map((f) => resolve(root, f)));
  const queue = readdirSync(resolve(root, 'resolvers'), { recursive: true })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => resolve(root, 'resolvers', f))
    .filter((f) => !node.has(f));
  const seen = new Set();
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      const target = resolve(dirname(file), match[1]);
      queue.push(target.endsWith('.ts') ? target : `${target}.ts`);
    }
  }
  return [...seen].map((f) => relative(root, f).split('\\').join('/')).filter((f) => !f.startsWith('resolvers/')).sort();
}

/** Files that end up in resolver bundles: every resolver and the domain files they import. */
export const APPSYNC_FILES = ['resolvers/**/*.ts', ...appsyncDomainFiles()];

export default [
  { ignores: ['node_modules/**', 'dist/**', 'cdk.out/**', 'web/dist/**', '.data/**'] },
  {
    ...appsync.configs.recommended,
    files: APPSYNC_FILES,
    ignores: NODE_FILES,
    languageOptions: {
      ...appsync.configs.recommended.languageOptions,
      parserOptions: { project: ['./resolvers/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
  },
];
