// Runs vitest on some test files in a child process with extra env (a shifted clock, another TZ), snapshots never written.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './build-dist.js';

export function runVitestChild(
  files: readonly string[],
  env: Record<string, string>,
  timeout = 180_000,
) {
  return spawnSync(
    join(ROOT, 'node_modules', '.bin', 'vitest'),
    // One forked worker, its modules kept from file to file (--no-isolate, as in the main run,
    // vitest.config.ts): here each file only has to pass under the child's clock or zone.
    // A child of the five date files took 15.6 CPU-s so, against 25.7 a fork per file
    // (docs/testing.md).
    [
      'run',
      '--reporter=dot',
      '--outputFile.json=/dev/null',
      '--no-isolate',
      '--maxWorkers=1',
      ...files,
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout,
      // A snapshot that differs must fail here, never be written.
      env: { ...process.env, ...env, CI: 'true' },
    },
  );
}
