// vitest: node environment, a JSON report for .ci/run's pass/fail count.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
