// The last step of `npm test` (and of .ci/run): reads vitest's JSON report, refuses any test that did not run, ends with "N passed, M failed".
// A skipped, pending or todo test counts as failed, each one named: after `npm ci` every optional
// piece is installed (scripts/install-test-nodes.mjs), so nothing has a reason to skip.
// `node scripts/test-report.mjs <status>` also counts a failure when the steps before exited non-zero.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NOT_RUN = new Set(['skipped', 'pending', 'todo', 'disabled']);

/** Counts from vitest's JSON report; `earlier` is the exit status of the steps before it. */
export function report(results, earlier = 0) {
  const lines = [];
  if (results === undefined) {
    lines.push('no test report (.vitest-results.json): the suite did not run');
    return { lines: [...lines, '0 passed, 1 failed'], failed: 1 };
  }
  const passed = results.numPassedTests ?? 0;
  let failed = results.numFailedTests ?? 0;
  const notRun = [];
  for (const file of results.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (NOT_RUN.has(test.status)) {
        notRun.push(`${relative(root, file.name)}: ${test.fullName} (${test.status})`);
      }
    }
  }
  const counted = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  const skipped = Math.max(notRun.length, counted);
  if (skipped > 0) {
    lines.push(`${skipped} test(s) did not run; none may skip:`);
    for (const line of notRun) lines.push(`  skipped: ${line}`);
    failed += skipped;
  }
  // A file that fails to load has no failed test, only a failed suite.
  if (failed === 0 && (results.numFailedTestSuites ?? 0) > 0) failed = results.numFailedTestSuites;
  if (earlier !== 0 && failed === 0) failed = 1;
  lines.push(`${passed} passed, ${failed} failed`);
  return { lines, failed };
}

function main() {
  let results;
  try {
    results = JSON.parse(readFileSync(join(root, '.vitest-results.json'), 'utf8'));
  } catch {
    results = undefined;
  }
  const { lines, failed } = report(results, Number(process.argv[2] ?? 0));
  for (const line of lines) console.log(line);
  process.exitCode = failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
