// The .mcpb bundle: packed by `npm run pack`'s script, unpacked, and started exactly as its manifest says.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getMcpConfigForManifest } from '@anthropic-ai/mcpb/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { packAndUnpack } from './packed-bundle.js';

let work: string;
let unpacked: string;
let api: SampleApi;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : [relative(unpacked, path).split(sep).join('/')];
  });
}

const bundledManifest = () => JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));

/** Starts the unpacked server the way a host does: mcpb's own substitution of the manifest's mcp_config. */
async function startBundled(userConfig: Record<string, string | number | boolean>) {
  const config = await getMcpConfigForManifest({
    manifest: bundledManifest(),
    extensionPath: unpacked,
    systemDirs: { HOME: work, DESKTOP: work, DOCUMENTS: work, DOWNLOADS: work },
    userConfig,
    pathSeparator: sep,
  });
  if (!config) throw new Error('mcpb produced no mcp_config (required setting missing?)');
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args ?? [],
    env: { PATH: process.env['PATH'] ?? '', ...config.env },
    // Outside the repository: the bundle must run without any node_modules to fall back on.
    cwd: work,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bundle-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, config };
}

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  ({ work, unpacked } = packAndUnpack('ndm-bundle-'));
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('network-discovery-mcp.mcpb', () => {
  it('holds the bundled server and its chunks, manifest, icon, README and LICENSE: no docs/, no node_modules', () => {
    const chunks = readdirSync(join(ROOT, 'dist', 'chunks')).map((name) => `dist/chunks/${name}`);
    expect(chunks.length).toBeGreaterThan(0);
    expect(filesUnder(unpacked).sort()).toEqual(
      [
        'LICENSE',
        'README.md',
        'dist/index.js',
        ...chunks,
        'icon.png',
        'manifest.json',
        'package.json',
      ].sort(),
    );
    for (const file of ['dist/index.js', ...chunks]) {
      expect(readFileSync(join(unpacked, file)).equals(readFileSync(join(ROOT, file)))).toBe(true);
    }
    // Without it Node parses dist/index.js as CommonJS first (Node 20.18 then fails outright).
    expect(JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'))).toMatchObject({
      type: 'module',
    });
    expect(readFileSync(DIST_ENTRY, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(bundledManifest()).toEqual(
      JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')),
    );
  });

  it('starts from the unpacked copy with the user settings and lists the manifest tools', async () => {
    const { client, config } = await startBundled({
      base_url: api.url.href,
      api_key: TEST_API_KEY,
    });
    try {
      expect(config.args).toEqual([join(unpacked, 'dist', 'index.js')]);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        bundledManifest().tools.map((t: { name: string }) => t.name),
      );
      const result = (await client.callTool({
        name: 'list_discoveries',
        arguments: { limit: 1 },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
    } finally {
      await client.close();
    }
  });

  it('runs with only the required setting: optional ones fall back to their defaults', async () => {
    const { client, config } = await startBundled({ base_url: 'demo' });
    try {
      expect(JSON.stringify(config.env)).not.toContain('${');
      expect(config.env).toMatchObject({
        NETWORK_DISCOVERY_API_KEY: '',
        NETWORK_DISCOVERY_READ_ONLY: 'false',
        NETWORK_DISCOVERY_TIMEOUT_MS: '30000',
      });
      const result = (await client.callTool({
        name: 'get_version',
        arguments: {},
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ server_version: '0.14.13' });
    } finally {
      await client.close();
    }
  });

  it("names the extension's API key setting, not a variable, when the key is missing or wrong", async () => {
    for (const settings of [{}, { api_key: 'scp_u_WRONGKEY0123456789abcdefABCDEF' }]) {
      const { client } = await startBundled({ base_url: api.url.href, ...settings });
      try {
        const result = (await client.callTool({
          name: 'list_discoveries',
          arguments: { limit: 1 },
        })) as CallToolResult;
        expect(result.isError).toBe(true);
        const text = result.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
        expect(text).toContain(`in this extension's "API key" setting`);
        expect(text).not.toMatch(/NETWORK_DISCOVERY_/);
      } finally {
        await client.close();
      }
    }
  });

  it('honours the read-only setting', async () => {
    const { client } = await startBundled({ base_url: api.url.href, read_only: true });
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('update_snmp_credential');
      expect(names).toContain('list_discoveries');
    } finally {
      await client.close();
    }
  });
});
