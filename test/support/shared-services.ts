/**
 * Set up once per test run for the integration and e2e projects (vitest globalSetup): what every
 * test file's local runtime would otherwise start or build for itself.
 *
 * - One DynamoDB Local (Java) for the whole run. Each runtime still gets a database of its own in
 *   it (its own access key; local/dynamodb.ts), so no file sees another's data.
 * - The resolver bundles, built once from resolvers/ (local/build-resolvers.ts) into a directory
 *   of this run, which every runtime's AppSync stand-in loads (local/appsync/loader.ts).
 * - The demo seed, run once (seed-snapshot-main.ts, in a child process, in the background) and kept
 *   as a snapshot that every seeded in-memory runtime copies into its own tables and pool once it
 *   exists (local/seed-snapshot.ts).
 *
 * The workers read all three from the environment (test/support/shared-services-env.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SHARED_DYNAMODB_ENV, startSharedDynamoDbServer } from '../../local/dynamodb.ts';
import { buildResolvers } from '../../local/build-resolvers.ts';
import { RESOLVER_BUNDLES_ENV } from '../../local/appsync/loader.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDynamoDb: string;
    resolverBundles: string;
    seedSnapshot: string;
  }
}

/**
 * Starts seed-snapshot-main.ts against the shared services, in the background: the first files of a
 * run do not wait for it — a runtime started before the snapshot's file exists seeds itself
 * (local/seed-snapshot.ts). Its output goes to the run's; a failure shows there and leaves every
 * runtime seeding itself.
 */
function startSeedSnapshot(file: string, env: Record<string, string>): ChildProcess {
  const main = fileURLToPath(new URL('./seed-snapshot-main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main, file], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`[shared-services] the demo seed snapshot failed (exit ${code ?? signal}): every runtime seeds itself`);
  });
  return child;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundles = mkdtempSync(join(tmpdir(), 'portal-resolvers-'));
  buildResolvers(bundles);
  const dynamo = await startSharedDynamoDbServer();
  const seed = mkdtempSync(join(tmpdir(), 'portal-seed-'));
  const snapshot = startSeedSnapshot(join(seed, 'seed.json'), { [SHARED_DYNAMODB_ENV]: dynamo.endpoint, [RESOLVER_BUNDLES_ENV]: bundles, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  project.provide('sharedDynamoDb', dynamo.endpoint);
  project.provide('resolverBundles', bundles);
  project.provide('seedSnapshot', join(seed, 'seed.json'));
  return async () => {
    if (snapshot.exitCode === null && snapshot.signalCode === null) {
      const exited = new Promise((resolve) => snapshot.once('exit', resolve));
      snapshot.kill('SIGTERM');
      await exited;
    }
    await dynamo.stop();
    rmSync(bundles, { recursive: true, force: true });
    rmSync(seed, { recursive: true, force: true });
  };
}
