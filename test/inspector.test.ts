// End to end with the MCP Inspector CLI: it spawns the built server over stdio and calls a tool.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';
import { type ChildOutput, outputOf } from './child-output.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { discoveriesOf } from './harness.js';

let api: SampleApi;

/** Runs `mcp-inspector-cli --cli node dist/index.js -e ... <args>` and parses its JSON answer. */
function inspector(args: string[]): Promise<ChildOutput> {
  const cli = join(ROOT, 'node_modules', '.bin', 'mcp-inspector-cli');
  const target = ['node', DIST_ENTRY];
  const env = [
    `NETWORK_DISCOVERY_BASE_URL=${api.url.href}`,
    `NETWORK_DISCOVERY_API_KEY=${TEST_API_KEY}`,
  ].flatMap((pair) => ['-e', pair]);
  const child = spawn(cli, ['--cli', ...target, ...env, ...args], {
    // inspector-cli 1.0.3 finds its own package.json as "../package.json" from the working
    // directory: run it from a folder whose parent holds a package.json.
    cwd: join(ROOT, 'dist'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child);
}

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('MCP Inspector CLI against the stdio server', () => {
  it('calls get_version through tools/call', async () => {
    const result = await inspector(['--method', 'tools/call', '--tool-name', 'get_version']);
    expect(result.status, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({
      api_version: 1,
      server_version: '0.14.13',
      api_version_supported: true,
    });
    expect(api.requests.some((r) => r.path === '/api/version')).toBe(true);
  });

  it('calls list_discoveries with an argument and the configured key', async () => {
    const result = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'list_discoveries',
      '--tool-arg',
      'limit=2',
    ]);
    expect(result.status, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(discoveriesOf(answer)).toHaveLength(2);
    const request = api.requests.findLast((r) => r.path === '/api/v1/discovery');
    expect(request?.query.get('limit')).toBe('2');
    expect(request?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
  });
});
