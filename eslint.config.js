// ESLint flat config. APPSYNC_JS (the AppSync resolver runtime) has no try/catch, no while, no
// async, no classes, no regex literals...: @aws-appsync/eslint-plugin's recommended rules are what
// enforce it, on every resolver and on the domain files resolvers import (they are bundled in).
// The recommended set needs type information: resolvers/tsconfig.json is a small program of just
// those files (the root tsconfig holds the whole app and makes type-aware lint slow).
import appsync from '@aws-appsync/eslint-plugin';

/** Files that end up in resolver bundles. Keep in step with the imports of resolvers/. */
export const APPSYNC_FILES = ['resolvers/**/*.ts', 'domain/permissions.ts', 'domain/tables.ts', 'domain/npi.ts', 'domain/timezone.ts', 'domain/client.ts', 'domain/contact-fields.ts', 'domain/phone.ts', 'domain/states.ts', 'domain/practice.ts', 'domain/field-readers.ts', 'domain/team.ts', 'domain/profile.ts', 'domain/pricing.ts', 'domain/appointment/*.ts', 'domain/progress-note.ts', 'domain/messages.ts', 'domain/human-text.ts', 'domain/date-window.ts'];
/** Build-time helpers under resolvers/ that run in Node, not in APPSYNC_JS. */
export const NODE_FILES = ['resolvers/map.ts', 'resolvers/bundle.ts'];

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
