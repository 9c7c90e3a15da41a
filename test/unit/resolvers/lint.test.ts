// The APPSYNC_JS rules: eslint.config.js applies @aws-appsync/eslint-plugin's recommended rules to
// every resolver and the domain files bundled into them. `npm run lint` (a step of `npm test`) is the
// gate that they lint clean; this file checks the config and the plugin without building the type
// program a second time.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('APPSYNC_JS lint', () => {
  it('eslint.config.js applies the recommended APPSYNC_JS rules to resolvers and their domain imports', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of ['resolvers/functions/authorize.ts', 'resolvers/Query.me.ts', 'domain/permissions.ts']) {
      const config = await eslint.calculateConfigForFile(resolve(ROOT, file));
      for (const rule of ['no-while', 'no-try', 'no-async', 'no-classes', 'no-recursion', 'no-disallowed-methods', 'no-function-passing']) {
        expect([file, config.rules[`@aws-appsync/${rule}`]?.[0]]).toEqual([file, 2]);
      }
      // Type information from the project service: the root tsconfig.json, the one program.
      expect(config.languageOptions.parserOptions).toMatchObject({ projectService: true });
      expect(config.languageOptions.parserOptions.project).toBeUndefined();
    }
  });

  it('the plugin reports forbidden constructs', async () => {
    const { default: appsync } = await import('@aws-appsync/eslint-plugin');
    const base = (appsync.configs as Record<string, object>).base as ESLint.Options['overrideConfig'] & object;
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], ...base }] as ESLint.Options['overrideConfig'] });
    const [result] = await eslint.lintText('export function request(ctx) { while (ctx.x) { ctx.x = null; } try { return 1; } catch (e) { return 2; } }\n', { filePath: resolve(ROOT, 'probe.ts') });
    expect(result.messages.map((m) => m.ruleId)).toEqual(expect.arrayContaining(['@aws-appsync/no-while', '@aws-appsync/no-try']));
  });
});
