// `npm run conformance`: runs the MCP conformance server scenarios against `--demo --http` on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baseline = join(root, 'test', 'conformance-baseline.yml');
const bin = (name) =>
  join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Starts the built server in HTTP demo mode on a free port and resolves with its /mcp URL. */
function startServer() {
  const child = spawn(
    process.execPath,
    [join(root, 'dist', 'index.js'), '--demo', '--http', '--port', '0'],
    {
      env: { ...process.env, NETWORK_DISCOVERY_TOKEN_SECRET: 'conformance-run-secret-0123456789' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolveUrl, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /serving MCP over Streamable HTTP at (\S+)/.exec(stderr);
      if (match) resolveUrl({ child, url: match[1] });
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${stderr}`)),
    );
  });
}

const { child, url } = await startServer();
const output = mkdtempSync(join(tmpdir(), 'ndm-conformance-'));
let status = 1;
try {
  // Extra arguments pass through, e.g. `npm run conformance -- --scenario tools-list`.
  const args = [
    'server',
    '--url',
    url,
    '--expected-failures',
    baseline,
    '-o',
    output,
    ...process.argv.slice(2),
  ];
  const result = spawnSync(bin('conformance'), args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  status = result.status ?? 1;
} finally {
  child.kill();
  rmSync(output, { recursive: true, force: true });
}
process.exit(status);
