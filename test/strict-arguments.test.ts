// Every tool refuses an argument it does not know (`__proto__` and `constructor` too, as raw JSON over stdio and --http), naming it and the ones it takes.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import listing from '../src/mcp/tool-listing.json' with { type: 'json' };
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { ensureBuilt } from './build-dist.js';
import { startFakeApi, TEST_API_KEY } from './fake-api.js';
import { textOf, useHarness } from './harness.js';
import { startHttpInstance } from './http-instance.js';
import { spawnRaw } from './raw-stdio.js';

const start = useHarness();

describe.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))('%s', (name, tool) => {
  it('refuses an unknown argument by name, lists the known ones, and calls nothing', async () => {
    const h = await start();
    const result = await h.call(name, { tagg: 'lab' });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain(`${name} has no argument "tagg"`);
    for (const known of Object.keys(tool.inputSchema)) expect(text).toContain(known);
    if (Object.keys(tool.inputSchema).length === 0) expect(text).toContain('takes no arguments');
    expect(h.api.requests.filter((r) => r.path !== '/api/version')).toEqual([]);
  });

  it('says so in the listing: additionalProperties is false', () => {
    // The generated listing: what tools/list sends (app-only tools are listed to the host alone).
    const listed = (listing as { name: string; inputSchema: Record<string, unknown> }[]).find(
      (t) => t.name === name,
    );
    expect(listed?.inputSchema['additionalProperties']).toBe(false);
  });
});

describe('list_discoveries', () => {
  it('the model that passed a filter it did not have is told, not answered with everything', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', { tags: 'lab', colour: 'red' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('has no arguments "tags", "colour"');
    expect(textOf(result)).toContain('tag');
  });

  it('a hostile argument name is one short line in the refusal', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', { [`x\n${'y'.repeat(500)}`]: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain('\ny');
    expect(textOf(result).length).toBeLessThan(700);
  });
});

describe('prototype keys, sent as raw JSON (a client library would drop them before sending)', () => {
  // `{"__proto__": ...}` in a JSON text is an own key; the SDK's record parse used to drop it unseen.
  const bodies = [
    ['__proto__', '{"__proto__":{"limit":1}}'],
    ['constructor', '{"constructor":{"limit":1}}'],
  ] as const;

  it.each(bodies)(
    'over stdio, an argument named %s is refused by name',
    async (name, args) => {
      await ensureBuilt();
      const api = await startFakeApi();
      const server = spawnRaw({
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      });
      try {
        await server.initialize();
        const answered = server.requestLine(
          `{"jsonrpc":"2.0","id":"proto","method":"tools/call","params":{"name":"list_discoveries","arguments":${args}}}`,
          'proto',
        );
        const result = (await answered)['result'] as CallToolResult;
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain(`list_discoveries has no argument "${name}"`);
        expect(api.requests.filter((r) => r.path === '/api/v1/discovery')).toEqual([]);
      } finally {
        server.child.kill();
        await api.close();
      }
    },
    30_000,
  );

  it.each(bodies)('over --http, an argument named %s is refused by name', async (name, args) => {
    const api = await startFakeApi();
    const http = await startHttpInstance(api.url, { NETWORK_DISCOVERY_API_KEY: TEST_API_KEY });
    try {
      const response = await fetch(http.handle.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_discoveries","arguments":${args}}}`,
      });
      const text = await response.text();
      const data = text.split('\n').find((line) => line.startsWith('data: '));
      const message = JSON.parse(data ? data.slice(6) : text) as { result: CallToolResult };
      expect(message.result.isError).toBe(true);
      expect(textOf(message.result)).toContain(`list_discoveries has no argument "${name}"`);
      expect(api.requests.filter((r) => r.path === '/api/v1/discovery')).toEqual([]);
    } finally {
      await http.close();
      await api.close();
    }
  });
});
