/**
 * Set up once per test run for the integration and e2e projects (vitest globalSetup): what every
 * test file's local runtime would otherwise start or build for itself.
 *
 * - One DynamoDB Local (Java) for the whole run. Each runtime still gets a database of its own in
 *   it (its own access key; local/dynamodb.ts), so no file sees another's data.
 * - The resolver bundles, built once from resolvers/ (local/build-resolvers.ts) into a directory
 *   of this run, which every runtime's AppSync stand-in loads (local/appsync/loader.ts).
 *
 * The workers read both from the environment (test/support/shared-services-env.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSharedDynamoDbServer } from '../../local/dynamodb.ts';
import { buildResolvers } from '../../local/build-resolvers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDynamoDb: string;
    resolverBundles: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundles = mkdtempSync(join(tmpdir(), 'portal-resolvers-'));
  buildResolvers(bundles);
  const dynamo = await startSharedDynamoDbServer();
  project.provide('sharedDynamoDb', dynamo.endpoint);
  project.provide('resolverBundles', bundles);
  return async () => {
    await dynamo.stop();
    rmSync(bundles, { recursive: true, force: true });
  };
}
