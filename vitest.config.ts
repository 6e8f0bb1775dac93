// vitest: node environment, a JSON report for .ci/run's pass/fail count, one chromium for the browser tests, and more test files at once than cores.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    globalSetup: ['test/global-setup.ts'],
    // vitest's default is one file per core less one: one at a time on a 2-core machine. Most of a
    // file's time is spent waiting on the servers, Node releases and chromium it starts, not on a
    // core, so three files at once on two cores end sooner (docs/testing.md has the figures).
    maxWorkers: Math.max(3, availableParallelism()),
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
