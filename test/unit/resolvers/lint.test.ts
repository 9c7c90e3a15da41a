// CI gate for the APPSYNC_JS rules: every resolver and the domain files bundled into them
// lint clean with @aws-appsync/eslint-plugin's recommended rules (eslint.config.js).
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error eslint.config.js is plain JavaScript without declarations.
import { appsyncDomainFiles } from '../../../eslint.config.js';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('APPSYNC_JS lint', () => {
  it('resolvers and the domain files they import have no errors', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles(['resolvers', ...appsyncDomainFiles(ROOT)]);
    const linted = results.map((r) => r.filePath.slice(ROOT.length + 1)).sort();
    expect(linted).toEqual(expect.arrayContaining(['domain/client.ts', 'domain/permissions.ts', 'resolvers/functions/authorize.ts', 'resolvers/pipeline.ts', 'resolvers/Query.me.ts']));
    expect(linted).not.toContain('resolvers/map.ts');
    const problems = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}:${m.line} ${m.ruleId} ${m.message}`));
    expect(problems).toEqual([]);
  }, 60_000);

  it('eslint.config.js applies the recommended APPSYNC_JS rules to resolvers and their domain imports', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of ['resolvers/functions/authorize.ts', 'resolvers/Query.me.ts', 'domain/permissions.ts']) {
      const config = await eslint.calculateConfigForFile(resolve(ROOT, file));
      for (const rule of ['no-while', 'no-try', 'no-async', 'no-classes', 'no-recursion', 'no-disallowed-methods', 'no-function-passing']) {
        expect([file, config.rules[`@aws-appsync/${rule}`]?.[0]]).toEqual([file, 2]);
      }
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
