// vitest: node environment, a JSON report for .ci/run's pass/fail count, one chromium for the browser tests, more test files at once than cores, modules kept from file to file, the longest files first.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/slow-first.js';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // A guard against a hung test, never a speed check: on a shared 2-core machine at load 10-12
    // a whole run took 11 min and a counts test that takes 4 s alone took 20.1 s against the
    // 20 s this was (docs/testing.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    // Each worker keeps its modules from file to file instead of a fresh process per file: the
    // suite spent 167 s importing modules, one fresh process per file; kept, 25 s (whole-suite
    // runs, docs/testing.md). What could reach the next file is undone after each test: stubbed
    // globals and environment variables, mocks; a test faking timers restores them itself.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    // vitest's default is one file per core less one: one at a time on a 2-core machine. Most of a
    // file's time is spent waiting on the servers, Node releases and chromium it starts, not on a
    // core, so three files at once on two cores end sooner (docs/testing.md has the figures).
    maxWorkers: Math.max(3, availableParallelism()),
    // Forked processes (vitest's default), not threads: threads took a fifth less CPU time on 16
    // small files, but files holding large answers shared one process's GC and timed out more
    // (docs/testing.md).
    // On a fresh clone vitest has no durations to order by: without this a long file can start last.
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
