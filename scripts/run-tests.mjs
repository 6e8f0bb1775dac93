// `npm test`'s last step: installs the Node releases the tests start (once), runs the whole vitest suite, then the report that refuses skipped tests and ends with "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTestNodes } from './install-test-nodes.mjs';
import { report } from './test-report.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.vitest-results.json');
const vitest = join(
  root,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'vitest.cmd' : 'vitest',
);

// A report left by an earlier run must not stand in for this one.
rmSync(results, { force: true });
// The test Nodes come with the tests, not with `npm ci`: a failed install is a failed test run.
const installed = installTestNodes();
// The README says how long the suite takes: this line is where that figure comes from.
const started = Date.now();
// Extra arguments pass through to vitest, e.g. `npm test -- test/docs.test.ts` (the JSON report must stay on).
const run = spawnSync(vitest, ['run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
const status = installed !== 0 ? installed : (run.status ?? 1);
const { lines, failed } = report(
  existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')) : undefined,
  status,
);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`vitest took ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
for (const line of lines) console.log(line);
process.exitCode = failed > 0 ? 1 : 0;
