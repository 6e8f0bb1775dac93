// The built dist/index.js spawned over stdio with the SDK's client, against the fake API: every tool.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_ORGANIZATION_ID } from '../src/sample-api/data.js';
import { ensureBuilt } from './build-dist.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const COMMUNITY = 'stdio-Rotated#Community';

let api: SampleApi;
let server: StdioServer;
let client: Client;
let tools: Tool[] = [];

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  // The token path (a write confirmed without a form or an app) is an opt-in.
  server = await connectStdio({
    baseUrl: api.url,
    name: 'stdio-test',
    env: { NETWORK_DISCOVERY_CONFIRM: 'token' },
  });
  client = server.client;
  tools = (await client.listTools()).tools;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await api?.close();
});

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const text = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

describe('node dist/index.js over stdio', () => {
  it('initializes with its name, version and instructions', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'network-discovery-mcp' });
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('list_discoveries');
    expect(instructions).toMatch(/confirm/);
  });

  it('lists the four core tools', () => {
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'list_discoveries',
        'update_snmp_credential',
        'get_unseen_release_notes',
        'get_version',
      ]),
    );
  });

  it('get_version', async () => {
    const result = await call('get_version');
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ api_version: 1, server_version: '0.14.13' });
  });

  it('list_discoveries', async () => {
    const result = await call('list_discoveries', { limit: 0 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      pagination: { total_count: 6, limit: 0, has_more: false },
    });
    expect(text(result)).toContain('Office LAN sweep');
    expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
  });

  it('get_unseen_release_notes', async () => {
    const result = await call('get_unseen_release_notes');
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('Faster topology');
  });

  it('update_snmp_credential through the token path', async () => {
    const args = {
      id: SAMPLE_CREDENTIAL_ID,
      name: 'Office switches',
      organization_id: SAMPLE_ORGANIZATION_ID,
      community: COMMUNITY,
      tags: [],
    };
    const preview = await call('update_snmp_credential', args);
    expect(preview.isError).toBeFalsy();
    const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
    expect(token).toEqual(expect.any(String));
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    const done = await call('update_snmp_credential', { ...args, confirmation_token: token });
    expect(done.isError).toBeFalsy();
    expect(done.structuredContent).toMatchObject({ status: 'updated' });
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(api.data.credentials[0]?.community).toBe(COMMUNITY);
  });

  it('answers every other listed tool that needs no arguments', async () => {
    const core = new Set([
      'list_discoveries',
      'update_snmp_credential',
      'get_unseen_release_notes',
      'get_version',
    ]);
    for (const tool of tools) {
      if (core.has(tool.name) || (tool.inputSchema.required ?? []).length > 0) continue;
      const result = await call(tool.name);
      expect(result.isError, `${tool.name}: ${text(result)}`).toBeFalsy();
    }
  });

  it('an error comes back as a result, and the server keeps serving', async () => {
    const result = await call('list_discoveries', {
      network_id: 'not-a-uuid',
    });
    expect(result.isError).toBe(true);
    expect((await call('get_version')).isError).toBeFalsy();
  });

  it('never writes the key or the community to stderr', () => {
    const log = server.stderr();
    expect(log).not.toContain(TEST_API_KEY);
    expect(log).not.toContain(COMMUNITY);
  });
});
