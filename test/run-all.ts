/**
 * `npm test`: every kind of test, in the order that fails fastest, then one line of totals
 * ("N passed, N failed") for CI. Unit and infra tests run in parallel files; integration and
 * end-to-end tests start real local services, so they run in their own phases one file at a time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildWeb, webBuildIsStale } from '../local/build-web.ts';

const ROOT = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'portal-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;

function step(name: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
  return result.status === 0;
}

function vitest(phase: string, projects: string[]): void {
  const report = join(out, `${phase}.json`);
  const ok = step(phase, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--passWithNoTests']);
  if (!existsSync(report)) {
    console.log(`${phase}: no report written`);
    failed += 1;
    return;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  skipped += summary.numPendingTests + summary.numTodoTests;
  // A file that fails to load has no failed test but is a failure all the same.
  if (!ok && summary.numFailedTests === 0) failed += Math.max(1, summary.numFailedTestSuites);
}

// Types from schema.graphql and the web's documents first (local/codegen.ts), so the type check
// sees the schema as committed even when the committed generated files lag behind it.
const typecheck = step('codegen', 'npx', ['tsx', 'local/codegen.ts']) && step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (typecheck) passed += 1;
else failed += 1;

// Lint (eslint.config.js: every folder, type-aware, one program), one pass/fail like the type check.
if (step('lint', 'npm', ['run', '--silent', 'lint'])) passed += 1;
else failed += 1;

vitest('unit-and-infra', ['unit', 'infra']);

// Integration (npm start) and end-to-end tests serve the built console.
if (webBuildIsStale(ROOT)) {
  console.log('\n=== building the console (web/dist)');
  try {
    buildWeb(ROOT);
    passed += 1;
  } catch (error) {
    console.log((error as Error).message);
    failed += 1;
  }
}
vitest('integration', ['integration']);
vitest('e2e', ['e2e']);

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
