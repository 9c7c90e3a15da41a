import { defineConfig } from 'vitest/config';

// One runner for every kind of test; each kind is a project so `npm test` runs them all and
// slow ones (integration, e2e) run one file at a time on this 2-core machine.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'], environment: 'node' } },
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } },
      { test: { name: 'integration', include: ['test/integration/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false } },
      { test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
