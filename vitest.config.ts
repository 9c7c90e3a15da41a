import { defineConfig } from 'vitest/config';

// One runner for every kind of test; each kind is a project so `npm test` runs them all and
// slow ones (integration, e2e) run one file at a time on this 2-core machine.
// The AWS SDK's "Node 22 soon" notice is noise on the Node 20 machines we target.
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

// Files that start the local runtime share one DynamoDB Local and one build of the resolver bundles
// per run (test/support/shared-services.ts); each runtime still has a database of its own.
const sharedServices = { globalSetup: ['test/support/shared-services.ts'], setupFiles: ['test/support/shared-services-env.ts'] };

export default defineConfig({
  test: {
    projects: [
      // Component tests render Cloudscape in jsdom: seconds each on a loaded 2-core machine. The
      // timeout only stops a hung test; speed is measured by `npm run bench`, never here.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'], environment: 'node', env, testTimeout: 30_000, setupFiles: ['test/unit/setup-dom.ts'] } },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], env, testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } },
      { test: { name: 'integration', include: ['test/integration/**/*.test.ts'], env, testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false, ...sharedServices } },
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], env, testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false, ...sharedServices } },
    ],
  },
});
