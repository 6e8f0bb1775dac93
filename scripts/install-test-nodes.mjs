// `npm ci`'s prepare step in a clone: installs the Node releases the tests start (every test/*-node/ folder with a package.json), so `npm test` skips nothing.
// npm runs `prepare` after `npm ci` or `npm install` in the clone itself, never when the published
// package is installed from the registry, so no user of the package downloads these binaries. A
// folder already installed from its lock file is left alone, so a second `npm ci` costs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'test');

/** test/oldest-node, test/newer-node, ...: each a tiny package whose dependency is a Node binary. */
export function testNodeFolders(dir = testDir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.endsWith('-node'))
    .map((entry) => join(dir, entry.name))
    .filter((folder) => existsSync(join(folder, 'package.json')))
    .sort();
}

const asList = (value) => (value === undefined ? [] : [value].flat());

/** Whether a lock entry limited to some os/cpu can be installed here (npm skips it elsewhere). */
function fitsThisMachine(entry) {
  const os = asList(entry.os);
  const cpu = asList(entry.cpu);
  return (
    (os.length === 0 || os.includes(process.platform)) &&
    (cpu.length === 0 || cpu.includes(process.arch))
  );
}

/** True when every package of the folder's lock that fits this machine is installed at its version. */
export function isInstalled(folder) {
  const lockPath = join(folder, 'package-lock.json');
  const installedPath = join(folder, 'node_modules', '.package-lock.json');
  if (!existsSync(lockPath) || !existsSync(installedPath)) return false;
  const wanted = JSON.parse(readFileSync(lockPath, 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {};
  return Object.entries(wanted)
    .filter(([path, entry]) => path !== '' && fitsThisMachine(entry))
    .every(([path, entry]) => installed[path]?.version === entry.version);
}

/**
 * INIT_CWD is where npm was started. A git dependency's prepare runs with the depending
 * project's folder there: only an install in this clone itself fetches the test Nodes.
 */
export function startedInThisClone(initCwd = process.env['INIT_CWD']) {
  return initCwd === undefined || resolve(initCwd) === root;
}

function main() {
  if (!startedInThisClone()) return;
  let status = 0;
  for (const folder of testNodeFolders()) {
    const name = relative(root, folder);
    if (isInstalled(folder)) continue;
    console.error(`prepare: installing ${name} (a Node release the tests start)`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['ci', '--prefix', folder, '--no-audit', '--no-fund'], {
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) {
      console.error(
        `prepare: npm ci --prefix ${name} failed (exit ${result.status ?? result.signal})`,
      );
      status = 1;
    }
  }
  process.exitCode = status;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
