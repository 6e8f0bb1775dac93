// Two copies with the same settings at once, as a client probing the era starts them: nothing happens before a request, and both append to one audit file whole.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build-dist.js';
import { eraStdio } from './era-client.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { connectStdio } from './stdio-client.js';

let api: SampleApi;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  dir = mkdtempSync(join(tmpdir(), 'era-two-copies-'));
}, 60_000);

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two copies of the server with the same settings', () => {
  it('a v2 client in auto (its probe runs a second copy) costs the service nothing before a request', async () => {
    const before = api.requests.length;
    const auto = await eraStdio({ mode: 'auto', baseUrl: api.url });
    try {
      expect(auto.client.getProtocolEra()).toBe('modern');
      expect(api.requests.length).toBe(before);
    } finally {
      await auto.close();
    }
    expect(api.requests.length).toBe(before);
  }, 30_000);

  it('both write through the same audit file: one whole line per write, none lost', async () => {
    const audit = join(dir, 'audit.log');
    const env = { NETWORK_DISCOVERY_AUDIT_LOG: audit };
    const modern = await eraStdio({ mode: 'modern', form: 'accept', baseUrl: api.url, env });
    const legacy = await connectStdio({
      baseUrl: api.url,
      env,
      capabilities: { elicitation: { form: {} } },
    });
    legacy.client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { confirm: true },
    }));
    try {
      const results = await Promise.all([
        modern.client.callTool({
          name: 'update_snmp_credential',
          arguments: updateArgs('two-copies-modern'),
        }),
        legacy.client.callTool({
          name: 'update_snmp_credential',
          arguments: updateArgs('two-copies-legacy'),
        }),
      ]);
      for (const result of results) expect((result as CallToolResult).isError ?? false).toBe(false);
    } finally {
      await Promise.allSettled([modern.close(), legacy.close()]);
    }
    const lines = readFileSync(audit, 'utf8').trim().split('\n');
    const records = lines.map((line) => JSON.parse(line) as { outcome?: string });
    expect(records.filter((record) => record.outcome === 'succeeded')).toHaveLength(2);
    expect(readFileSync(audit, 'utf8')).not.toContain('two-copies');
  }, 30_000);
});
