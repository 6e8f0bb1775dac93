// `npm test`'s first step before vitest: installs the Node releases the tests start (every test/*-node/ folder with a package.json), so the suite skips nothing.
// They are fetched by the test command, not by `npm ci` (no `prepare` script): trying the server
// with `npm ci && npm run demo` downloads no Node binaries. A folder already installed from its
// lock file is left alone, so a second `npm test` costs nothing here.
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

/** Installs every test Node folder not installed yet; 0 when all are, else 1 (npm ci said why). */
export function installTestNodes() {
  let status = 0;
  for (const folder of testNodeFolders()) {
    const name = relative(root, folder);
    if (isInstalled(folder)) continue;
    console.error(`test: installing ${name} (a Node release the tests start, once)`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['ci', '--prefix', folder, '--no-audit', '--no-fund'], {
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) {
      console.error(
        `test: npm ci --prefix ${name} failed (exit ${result.status ?? result.signal})`,
      );
      status = 1;
    }
  }
  return status;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = installTestNodes();
}
