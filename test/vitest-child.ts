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
    ['run', '--reporter=dot', '--outputFile.json=/dev/null', ...files],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout,
      // A snapshot that differs must fail here, never be written.
      env: { ...process.env, ...env, CI: 'true' },
    },
  );
}
