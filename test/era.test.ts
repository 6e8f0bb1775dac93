// Both protocol eras on one server: the SDK v2 client pinned to 2026-07-28 and in auto, over stdio and --http; every tool listed and called; a write confirmed in a form once, declined, never without the person.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { ensureBuilt } from './build-dist.js';
import { type EraClient, type EraClientOptions, eraHttp, eraStdio } from './era-client.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';

const READS: readonly [string, Record<string, unknown>][] = [
  ['list_discoveries', {}],
  ['list_hosts', {}],
  ['get_host', { host: '10.0.1.2' }],
  ['list_snmp_credentials', {}],
  ['get_unseen_release_notes', {}],
  ['get_version', {}],
];

const MODEL_TOOLS = ALL_TOOLS.filter((tool) => !tool.appOnly)
  .map((tool) => tool.name)
  .sort();

let api: SampleApi;
let http: HttpInstance;
const opened: EraClient[] = [];

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  // Writes opted in over HTTP; confirmation left at auto: a person confirms, in a form.
  http = await startHttpInstance(api.url, {
    NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    NETWORK_DISCOVERY_HTTP_WRITES: 'true',
  });
}, 60_000);

afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await http?.close();
  await api?.close();
});

type Transport = 'stdio' | 'http';

async function open(transport: Transport, options: EraClientOptions): Promise<EraClient> {
  const client =
    transport === 'stdio'
      ? await eraStdio({ ...options, baseUrl: api.url })
      : await eraHttp({ ...options, url: http.handle.url, apiKey: TEST_API_KEY });
  opened.push(client);
  return client;
}

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

const puts = () => api.requests.filter((request) => request.method === 'PUT').length;

describe.each<Transport>(['stdio', 'http'])('over %s', (transport) => {
  it.each<EraClientOptions['mode']>(['modern', 'auto'])(
    'a v2 client (%s) negotiates 2026-07-28, lists every tool and calls each',
    async (mode) => {
      const { client } = await open(transport, { mode });
      expect(client.getProtocolEra()).toBe('modern');
      const listed = (await client.listTools()).tools.map((tool) => tool.name).sort();
      expect(listed).toEqual(MODEL_TOOLS);
      for (const [name, args] of READS) {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
        expect(result.structuredContent, name).toBeDefined();
        expect(textOf(result), name).toMatch(/\S/);
      }
    },
    30_000,
  );

  it('a write confirmed in the form (input_required) is written once', async () => {
    const { client, forms } = await open(transport, { mode: 'modern', form: 'accept' });
    const before = puts();
    const result = (await client.callTool({
      name: 'update_snmp_credential',
      arguments: updateArgs(`era-${transport}-accepted`),
    })) as CallToolResult;
    expect(result.isError ?? false, textOf(result)).toBe(false);
    expect(forms).toHaveLength(1);
    expect(JSON.stringify(forms[0])).toContain('Apply this change?');
    // The form carries the preview, never the community.
    expect(JSON.stringify(forms[0])).not.toContain(`era-${transport}-accepted`);
    expect(puts()).toBe(before + 1);
  }, 30_000);

  it.each<'decline' | 'cancel'>(['decline', 'cancel'])(
    'a form answered %s writes nothing',
    async (answer) => {
      const { client, forms } = await open(transport, { mode: 'modern', form: answer });
      const before = puts();
      const result = (await client.callTool({
        name: 'update_snmp_credential',
        arguments: updateArgs(`era-${transport}-${answer}`),
      })) as CallToolResult;
      expect(forms).toHaveLength(1);
      expect(textOf(result)).toMatch(/not written|Nothing was written|declined|cancel/i);
      expect(puts()).toBe(before);
    },
    30_000,
  );

  it('a client that renders apps is offered the view’s Confirm button only where one can be pressed', async () => {
    const { client } = await open(transport, { mode: 'modern', apps: true, form: 'accept' });
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    // stdio keeps the approval for the button in its process; stateless --http offers none.
    expect(listed.includes('apply_snmp_rotation')).toBe(transport === 'stdio');
    const before = puts();
    const preview = (await client.callTool({
      name: 'update_snmp_credential',
      arguments: updateArgs(`era-${transport}-apps`),
    })) as CallToolResult;
    expect(preview.isError ?? false, textOf(preview)).toBe(false);
    // On stdio the preview waits for the button; over --http the form confirms it.
    expect(puts()).toBe(transport === 'stdio' ? before : before + 1);
  }, 30_000);

  it('a client that declares no forms cannot write: it is told why', async () => {
    const { client } = await open(transport, { mode: 'modern' });
    const before = puts();
    const result = (await client.callTool({
      name: 'update_snmp_credential',
      arguments: updateArgs(`era-${transport}-noform`),
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Nothing was written/);
    expect(puts()).toBe(before);
  }, 30_000);
});
