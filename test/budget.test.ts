// Byte budgets, which are deterministic: the tools/list catalog, and list_discoveries results cut to fit.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client.js';
import { createHttpSender } from '../src/api/transport/http.js';
import { createServer, INSTRUCTIONS } from '../src/mcp/server.js';
import { createRedactor } from '../src/safety/redact.js';
import { generateDiscoveries, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { buildInventory } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { TEST_API_KEY } from './fake-api.js';
import { discoveriesOf, type Harness, textOf, useHarness } from './harness.js';

/**
 * What the catalog may cost a model's context, every tool and output schema included (issue 26:
 * 9,500 with the host tools; issue 38: +1,500 for list_links, whose listing is 1,450 bytes with
 * the view it declares; issue 39: list_changes adds 1,300, and 64 more for the Changes tab it
 * opens, less 32 trimmed from two descriptions).
 */
const MAX_CATALOG_BYTES = 12_350;
/**
 * The server instructions, which name the columns `fields` takes (issue 42: 1,106 before them,
 * 1,482 with the two list tools' columns; issues 38 and 39 add list_links and list_changes).
 */
const MAX_INSTRUCTIONS_BYTES = 2_000;
/** Issue 38, item 7: a whole network's links in one call, each channel within this, at 3,000 hosts. */
const MAX_LINKS_CHANNEL_BYTES = 64_000;
/** config.ts: NETWORK_DISCOVERY_MAX_RESULT_BYTES' default. */
const DEFAULT_RESULT_BUDGET = 100_000;

const start = useHarness();

/** The tools/list result exactly as the server sends it (no client parsing in between). */
async function rawToolsList(readOnly: boolean): Promise<string> {
  const sender = createHttpSender({ timeoutMs: 1_000, maxResponseBytes: 1_000 });
  const server = createServer({
    api: createApiClient({
      baseUrl: new URL('http://127.0.0.1:9'),
      userAgent: 'budget-test',
      sender,
      redactor: createRedactor(),
    }),
    redactor: createRedactor(),
    readOnly,
    maxResultBytes: DEFAULT_RESULT_BUDGET,
  });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<number, JSONRPCMessage>();
  client.onmessage = (message) => {
    if ('id' in message && typeof message.id === 'number') answers.set(message.id, message);
  };
  await server.connect(serverSide);
  await client.start();
  const ask = async (id: number, method: string, params?: Record<string, unknown>) => {
    await client.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    await expect.poll(() => answers.has(id)).toBe(true);
    return answers.get(id) as JSONRPCMessage & { result: unknown };
  };
  await ask(1, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'budget-test', version: '1' },
  });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const list = await ask(2, 'tools/list');
  await server.close();
  await sender.close();
  return JSON.stringify(list.result);
}

const bytesOf = (result: Awaited<ReturnType<Harness['call']>>) =>
  Buffer.byteLength(textOf(result)) + Buffer.byteLength(JSON.stringify(result.structuredContent));

const withDiscoveries = (count: number) => ({
  sample: { data: { ...sampleData(), discoveries: generateDiscoveries(count) } },
});

/** The service's own JSON for the page the tool read (the envelope, as it came over the wire). */
async function rawPage(harness: Harness, query: string): Promise<number> {
  const response = await fetch(new URL(`/api/v1/discovery?${query}`, harness.api.url), {
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
  });
  return Buffer.byteLength(await response.text());
}

const channels = (result: Awaited<ReturnType<Harness['call']>>) => ({
  text: Buffer.byteLength(textOf(result)),
  structured: Buffer.byteLength(JSON.stringify(result.structuredContent)),
});

describe('the tools/list catalog', () => {
  it(`stays within ${MAX_CATALOG_BYTES} bytes with every tool and output schema`, async () => {
    const json = await rawToolsList(false);
    const tools = (JSON.parse(json) as { tools: { name: string; outputSchema?: unknown }[] }).tools;
    expect(tools.length).toBeGreaterThanOrEqual(5);
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MAX_CATALOG_BYTES);
  });

  it(`keeps the server instructions within ${MAX_INSTRUCTIONS_BYTES} bytes`, () => {
    expect(Buffer.byteLength(INSTRUCTIONS)).toBeLessThanOrEqual(MAX_INSTRUCTIONS_BYTES);
  });

  it('carries no $schema and no default execution block', async () => {
    const json = await rawToolsList(false);
    expect(json).not.toContain('$schema');
    expect(json).not.toContain('"execution"');
    expect(Buffer.byteLength(await rawToolsList(true))).toBeLessThan(Buffer.byteLength(json));
  });
});

describe('list_discoveries: each channel small against the raw JSON', () => {
  async function defaultPage(discoveries: Record<string, unknown>[], version?: string) {
    const harness = await start({ sample: { data: { ...sampleData(version), discoveries } } });
    const result = await harness.call('list_discoveries');
    expect(discoveriesOf(result)).toHaveLength(50);
    // Names inline beside their ids (groups, tag names): no separate names map.
    expect(result.structuredContent).not.toHaveProperty('names');
    const raw = await rawPage(harness, 'limit=50&offset=0');
    const { text, structured: json } = channels(result);
    return { text: text / raw, structured: json / raw };
  }

  it("a default page of 50 shaped like a real service's: text <= 25%, structuredContent <= 40%", async () => {
    const ratios = await defaultPage(realisticDiscoveries(200));
    expect(ratios.text).toBeLessThanOrEqual(0.25);
    expect(ratios.structured).toBeLessThanOrEqual(0.4);
  });

  // Issue 30 item 6: 44% on 0.14.13 and 46% on 0.16.2 and 0.17.22 (whose jobs carry their last
  // outcome) before tags went by name, the cron's words gave way to its zone, and items sat under
  // their run type; 36.9%, 39.3% and 39.4% after.
  it.each(SAMPLE_VERSIONS)(
    'structuredContent of a page of 50 on %s stays within 0.4 of the raw JSON',
    async (version) => {
      const ratios = await defaultPage(realisticDiscoveries(200), version);
      expect(ratios.structured).toBeLessThanOrEqual(0.4);
    },
  );

  it('a default page of 50 generated (already lean) items: text <= 26%, structuredContent < 62%', async () => {
    // These items carry little besides what the view keeps (one subnet, no credentials, no runs'
    // copies), so every kept id and every quote around a name weighs more; and every enabled
    // schedule carries its next run, UTC ones included (issue 30: 61%; 54% since items sit under
    // their run type and a cron carries its zone, not its words).
    const ratios = await defaultPage(generateDiscoveries(200));
    expect(ratios.text).toBeLessThanOrEqual(0.26);
    expect(ratios.structured).toBeLessThan(0.56);
  });

  it('137 ordinary discoveries (about 96 KB raw) come back whole with limit 0', async () => {
    const harness = await start({
      sample: { data: { ...sampleData(), discoveries: realisticDiscoveries(137) } },
    });
    const raw = await rawPage(harness, 'limit=0&offset=0');
    expect(raw).toBeGreaterThan(90_000);
    const result = await harness.call('list_discoveries', { limit: 0 });
    const structured = result.structuredContent as { truncated?: boolean; next_step?: string };
    expect(discoveriesOf(result)).toHaveLength(137);
    expect(structured.truncated).toBeUndefined();
    expect(structured.next_step).toBeUndefined();
    expect(textOf(result).split('\n')[0]).toBe(
      '# Discoveries 1-137 of 137: 110 jobs, 27 run records',
    );
    expect(bytesOf(result)).toBeLessThanOrEqual(DEFAULT_RESULT_BUDGET);
  });
});

describe('list_discoveries within the result budget', () => {
  it('limit 0 over 20,000: one page of 1,000 read, cut to the budget, marked and explained', async () => {
    const harness = await start(withDiscoveries(20_000));
    const progress: number[] = [];
    const result = await harness.client.callTool(
      { name: 'list_discoveries', arguments: { limit: 0 } },
      undefined,
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(bytesOf(result as never)).toBeLessThanOrEqual(DEFAULT_RESULT_BUDGET);
    const structured = result.structuredContent as {
      pagination: { total_count: number; has_more: boolean };
      truncated?: boolean;
    };
    const shown = discoveriesOf(result).length;
    expect(shown).toBeGreaterThan(50);
    expect(structured.truncated).toBe(true);
    expect(structured.pagination).toMatchObject({ total_count: 20_000, has_more: true });
    const lines = textOf(result as never).split('\n');
    expect(lines[0]).toBe(`# Discoveries 1-${shown} of 20000: ${shown} jobs`);
    expect(lines.at(-1)).toBe(
      `${20_000 - shown} more not shown to stay within the result budget: call again with offset ${shown} and limit ${shown}, or narrow with network_id or daemon_id (or network or daemon by name).`,
    );
    // Pages are read only until the budget is full: one here, never the whole 20,000.
    const pages = harness.api.requests.filter((r) => r.path === '/api/v1/discovery');
    expect(pages.map((r) => r.query.get('limit'))).toEqual(['1000']);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('continues exactly where the cut line says', async () => {
    const harness = await start(withDiscoveries(3_000));
    const first = await harness.call('list_discoveries', { limit: 0 });
    const shown = discoveriesOf(first);
    const offset = Number(/offset (\d+)/.exec(textOf(first).split('\n').at(-1) ?? '')?.[1]);
    expect(offset).toBe(shown.length);
    const next = await harness.call('list_discoveries', { limit: 5, offset });
    const expected = harness.api.data.discoveries.slice(offset, offset + 5).map((d) => d['id']);
    const ids = discoveriesOf(next);
    expect(ids.map((d) => d.id)).toEqual(expected);
  });

  it('reads page after page while the budget holds, with progress, and shows everything', async () => {
    const harness = await start({ ...withDiscoveries(2_500), maxResultBytes: 10_000_000 });
    const progress: { progress: number; total?: number | undefined }[] = [];
    const result = await harness.client.callTool(
      { name: 'list_discoveries', arguments: { limit: 0 } },
      undefined,
      { onprogress: (update) => progress.push(update) },
    );
    const structured = result.structuredContent as {
      pagination: { has_more: boolean };
      truncated?: boolean;
    };
    expect(discoveriesOf(result)).toHaveLength(2_500);
    expect(structured.truncated).toBeUndefined();
    expect(structured.pagination.has_more).toBe(false);
    const offsets = harness.api.requests
      .filter((r) => r.path === '/api/v1/discovery')
      .map((r) => r.query.get('offset'));
    expect(offsets).toEqual(['0', '1000', '2000']);
    expect(progress.map((p) => p.progress)).toEqual([1000, 2000, 2500]);
    expect(progress.every((p) => p.total === 2_500)).toBe(true);
  });

  it('cuts a single page to a small configured budget', async () => {
    const budget = 5_000;
    const harness = await start({ ...withDiscoveries(200), maxResultBytes: budget });
    const result = await harness.call('list_discoveries', { limit: 100 });
    expect(result.isError).toBeFalsy();
    expect(bytesOf(result)).toBeLessThanOrEqual(budget);
    const structured = result.structuredContent as {
      pagination: { has_more: boolean };
      truncated?: boolean;
    };
    expect(discoveriesOf(result).length).toBeGreaterThan(0);
    expect(discoveriesOf(result).length).toBeLessThan(100);
    expect(structured.truncated).toBe(true);
    expect(structured.pagination.has_more).toBe(true);
    expect(textOf(result)).toMatch(/more not shown to stay within the result budget/);
  });

  it('drops every community field once, even from a discovery named "community"', async () => {
    const data = sampleData();
    data.discoveries.push({
      ...data.discoveries[0],
      id: '88888888-8888-4888-8888-888888888888',
      name: 'community',
      discovery_type: { type: 'Network', snmp_credentials: [{ community: 'planted-community' }] },
    });
    const harness = await start({ sample: { data } });
    const result = await harness.call('list_discoveries');
    expect(result.isError).toBeFalsy();
    const json = JSON.stringify(result.structuredContent);
    expect(json).not.toContain('"community":');
    expect(json).not.toContain('planted-community');
    expect(textOf(result)).toContain('- "community"; 88888888-8888-4888-8888-888888888888');
  });

  it('limit 0 over items it cannot read stops after 20 pages and says where to go on', async () => {
    const unreadable = Array.from({ length: 25_000 }, () => 'not a discovery');
    const data = {
      ...sampleData(),
      discoveries: unreadable as unknown as Record<string, unknown>[],
    };
    const harness = await start({ sample: { data } });
    const result = await harness.call('list_discoveries', { limit: 0 });
    expect(result.isError).toBeFalsy();
    expect(harness.api.requests.filter((r) => r.path === '/api/v1/discovery')).toHaveLength(20);
    const next = '5000 more not read: stopped after 20 pages; call again with offset 20000.';
    expect(result.structuredContent).toMatchObject({ groups: [], next_step: next });
    expect(textOf(result).split('\n').at(-1)).toBe(next);
    expect(textOf(result)).toContain('20000 items from the service could not be read');
    expect(textOf(result)).not.toContain('No discoveries match');
  });

  it('leaves a page that fits untouched', async () => {
    const harness = await start(withDiscoveries(200));
    const result = await harness.call('list_discoveries', { limit: 50 });
    const structured = result.structuredContent as { truncated?: boolean };
    expect(discoveriesOf(result)).toHaveLength(50);
    expect(structured.truncated).toBeUndefined();
    expect(textOf(result)).toMatch(/^150 more: call again with offset 50\.$/m);
  });
});

describe('list_links: a whole network at 3,000 hosts in one call', () => {
  it.each(['0.14.13', '0.17.22'])(
    `Scanopy %s: the Office network's links whole, each channel <= ${MAX_LINKS_CHANNEL_BYTES} bytes`,
    async (version) => {
      const data = sampleData(version);
      useInventory(data, buildInventory({ hosts: 3_000 }));
      const harness = await start({ sample: { data } });
      const result = await harness.call('list_links', { network: 'Office', limit: 0 });
      const out = result.structuredContent as {
        links: unknown[];
        pagination: { total_count: number };
        next_offset?: number;
      };
      expect(out.pagination.total_count).toBeGreaterThan(300);
      expect(out.links).toHaveLength(out.pagination.total_count);
      expect(out.next_offset).toBeUndefined();
      expect(Buffer.byteLength(textOf(result))).toBeLessThanOrEqual(MAX_LINKS_CHANNEL_BYTES);
      expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(
        MAX_LINKS_CHANNEL_BYTES,
      );
    },
  );
});
