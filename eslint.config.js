// ESLint flat config (`npm run lint`, a step of `npm test`): every folder, one type-aware program.
// - All TypeScript: typescript-eslint's recommended type-aware rules (projectService: the root
//   tsconfig.json, the program the type check builds).
// - web/src: the React hooks rules.
// - APPSYNC_JS (the AppSync resolver runtime) has no try/catch, no while, no async, no classes, no
//   regex literals...: @aws-appsync/eslint-plugin's recommended rules enforce it on every resolver
//   and on the domain files resolvers import (they are bundled in).
import appsync from '@aws-appsync/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Build-time helpers under resolvers/ that run in Node, not in APPSYNC_JS. */
export const NODE_FILES = ['resolvers/map.ts', 'resolvers/bundle.ts'];

/**
 * The domain files that end up in resolver bundles, read from the resolvers' own imports (followed
 * transitively) — the one source (issue 17): a resolver that starts importing a domain file gets it
 * linted with the APPSYNC_JS rules, with no list to keep in step.
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

// Where typescript-eslint's recommended type-aware set is wrong for this codebase: the one place,
// each with its reason (docs/decisions.md, "Lint everywhere"). Everything else is on as recommended.
const DECISIONS = {
  // `any` enters at boundaries the code does not own: AppSync's Context (stash, prev.result, source
  // are `any` in @aws-appsync/utils), the DynamoDB document client's items, JSON.parse, the wire
  // JSON of the emulators. The typed seams remove it where it matters (ResolverContext<Args,
  // Result>, the generated operation types); `no-explicit-any` (on) stops new hand-written `any`.
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  // An async function that implements a Promise-returning contract without awaiting (a sandbox
  // clearinghouse, a fake, a mock) is clearer than a Promise.resolve wrapper; await-thenable,
  // no-floating-promises and no-misused-promises catch the real promise mistakes.
  '@typescript-eslint/require-await': 'off',
  // Callbacks and context values are declared with method shorthand (`onBack(): void`) but are
  // always closures, never class methods that use `this`: nothing here can lose its `this`.
  '@typescript-eslint/unbound-method': 'off',
  // A leading underscore marks a parameter a signature requires but the body does not use
  // (`request(_ctx)`); `const { PK, SK, ...item } = row` drops fields on purpose.
  '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
  // React ignores what an event handler returns; our async handlers report their own errors.
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
};

export default [
  { ignores: ['node_modules/**', 'dist/**', 'cdk.out/**', 'web/dist/**', '.data/**'] },
  // Every TypeScript file: typescript-eslint's recommended type-aware rules. The project service
  // finds the root tsconfig.json for every file: one program, the one `npm run typecheck` builds.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: DECISIONS,
  },
  // Tests read GraphQL and HTTP answers as raw JSON and check them with expect: `any` is their
  // answer type on purpose.
  { files: ['test/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The browser app: the rules of hooks (plugin v7's recommended set also carries the React
  // Compiler's diagnostics; this app is not compiled by it, so only the two hooks rules, as errors).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Deliberate non-Error throws: the web rejects a failed GraphQL call with the GraphQL answer itself
  // ({ errors: [...] }, read by serverMessage/toApiError, as Amplify does), and the local AppSync
  // runtime stops a handler with control-flow signals (util.error, runtime.earlyReturn) that its
  // executor catches, as APPSYNC_JS does.
  {
    files: ['web/src/platform/graphql.ts', 'web/src/communication/api.ts', 'web/src/client-portal/messages-page/api.ts', 'local/appsync/runtime/index.ts', 'test/unit/web/top-bar.test.tsx'],
    rules: { '@typescript-eslint/only-throw-error': 'off', '@typescript-eslint/prefer-promise-reject-errors': 'off' },
  },
  // APPSYNC_JS: the AppSync plugin's rules on the resolvers and the domain files bundled into them
  // (they use the same program's type information).
  {
    plugins: appsync.configs.recommended.plugins,
    rules: appsync.configs.recommended.rules,
    files: APPSYNC_FILES,
    ignores: NODE_FILES,
  },
];
