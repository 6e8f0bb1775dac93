// Two copies with the same settings at once, as a client probing the era starts them: nothing happens before a request, and both append to one audit file whole.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID } from '../src/sample-api/data.js';
import { ensureBuilt } from './build-dist.js';
import { eraStdio } from './era-client.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { textOf } from './harness.js';
import { connectStdio } from './stdio-client.js';

const SECOND_CREDENTIAL_ID = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';

let api: SampleApi;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  // A second credential, so the two copies write two records at once: a form answer is refused
  // when its record changed since the form (issue 40), which one record written twice would race.
  const first = api.data.credentials.find((c) => c.id === SAMPLE_CREDENTIAL_ID);
  if (!first) throw new Error('the sample credential is missing');
  api.data.credentials.push({ ...first, id: SECOND_CREDENTIAL_ID, name: 'Lab switches' });
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
          arguments: {
            ...updateArgs('two-copies-modern'),
            id: SECOND_CREDENTIAL_ID,
            name: 'Lab switches',
          },
        }),
        legacy.client.callTool({
          name: 'update_snmp_credential',
          arguments: updateArgs('two-copies-legacy'),
        }),
      ]);
      for (const result of results) {
        expect((result as CallToolResult).isError ?? false, textOf(result as CallToolResult)).toBe(
          false,
        );
      }
    } finally {
      await Promise.allSettled([modern.close(), legacy.close()]);
    }
    const lines = readFileSync(audit, 'utf8').trim().split('\n');
    const records = lines.map((line) => JSON.parse(line) as { outcome?: string });
    expect(records.filter((record) => record.outcome === 'succeeded')).toHaveLength(2);
    expect(readFileSync(audit, 'utf8')).not.toContain('two-copies');
  }, 30_000);
});
