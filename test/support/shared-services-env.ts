/**
 * Runs in each test worker of the integration and e2e projects (vitest setupFiles): points the local
 * runtime at the run's shared services (test/support/shared-services.ts) through the environment
 * local/dynamodb.ts, local/appsync/loader.ts and local/seed-snapshot.ts read.
 */
import { inject } from 'vitest';
import { SHARED_DYNAMODB_ENV } from '../../local/dynamodb.ts';
import { RESOLVER_BUNDLES_ENV } from '../../local/appsync/loader.ts';
import { SEED_SNAPSHOT_ENV } from '../../local/seed-snapshot.ts';

process.env[SHARED_DYNAMODB_ENV] = inject('sharedDynamoDb');
process.env[RESOLVER_BUNDLES_ENV] = inject('resolverBundles');
process.env[SEED_SNAPSHOT_ENV] = inject('seedSnapshot');
