// --demo over stdio: every result says it is demo data, and a write changes only the in-process sample.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MARK } from '../src/mcp/register.js';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
} from '../src/sample-api/data.js';
import { ensureBuilt } from './build-dist.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const READ_CALLS: Record<string, Record<string, unknown>> = {
  list_discoveries: { limit: 2 },
  get_version: {},
  list_snmp_credentials: {},
};

/** A service the user also configured: --demo must never send it anything. */
let realService: SampleApi;
const servers: StdioServer[] = [];

async function startDemo(flag = '--demo'): Promise<Client> {
  const server = await connectStdio({
    baseUrl: realService.url,
    args: [flag],
    name: 'demo-test',
    // The confirmed write below takes the token path, an opt-in.
    env: { NETWORK_DISCOVERY_CONFIRM: 'token' },
  });
  servers.push(server);
  return server.client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const text = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

beforeAll(async () => {
  await ensureBuilt();
  realService = await startFakeApi();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await realService?.close();
});

describe('demo mode (--demo) over stdio', () => {
  it('--demo=0.17.22 plays that Scanopy version: sites filter, v3 listed, no release notes', async () => {
    const client = await startDemo('--demo=0.17.22');
    expect(text(await call(client, 'get_version'))).toContain(
      'Scanopy 0.17.22, endpoint family 0.17 (sites)',
    );
    const credentials = await call(client, 'list_snmp_credentials');
    expect(text(credentials)).toContain('Core routers (SNMPv3)');
    const notes = await call(client, 'get_unseen_release_notes');
    expect(notes.isError).toBe(true);
    expect(text(notes)).toContain('Scanopy 0.17.22 does not offer release notes');
    expect(realService.requests).toHaveLength(0);
  });

  it('the default demo agrees with get_version: Scanopy offers no release notes, and the tool says so', async () => {
    const client = await startDemo();
    expect(text(await call(client, 'get_version'))).toContain(
      'get_unseen_release_notes: asks the service on each call',
    );
    const notes = await call(client, 'get_unseen_release_notes');
    expect(notes.isError).toBe(true);
    expect(text(notes).startsWith(DEMO_MARK)).toBe(true);
    expect(text(notes)).toContain('Scanopy 0.14.13 does not offer release notes');
    expect(text(notes)).toContain("changelog on Scanopy's website");
  });

  it('says so in the instructions and starts every tool result with the demo mark', async () => {
    const client = await startDemo();
    expect(client.getInstructions()).toMatch(/^DEMO MODE/);
    const listed = (await client.listTools()).tools.map((t) => t.name);
    for (const [name, args] of Object.entries(READ_CALLS)) {
      if (!listed.includes(name)) continue;
      // Each channel carries the mark: some clients show the model only one of them. The SDK
      // client checks structuredContent against the outputSchema, which allows the extra field.
      const result = await call(client, name, args);
      expect(result.isError, name).toBeFalsy();
      expect(text(result).startsWith(`${DEMO_MARK}\n`), name).toBe(true);
      expect((result.structuredContent as { demo?: string }).demo, name).toBe(DEMO_MARK);
    }
    const failed = await call(client, 'list_snmp_credentials', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(failed.isError).toBe(true);
    expect(text(failed).startsWith(DEMO_MARK)).toBe(true);
  });

  it('a confirmed write changes the sample data only, never the configured service', async () => {
    const client = await startDemo();
    const args = {
      id: SAMPLE_CREDENTIAL_ID,
      name: 'Office switches (rotated)',
      organization_id: SAMPLE_ORGANIZATION_ID,
      community: 'demo-New-Community-42',
      tags: [SAMPLE_TAGS.core],
    };
    const preview = await call(client, 'update_snmp_credential', args);
    expect(text(preview).startsWith(DEMO_MARK)).toBe(true);
    expect(preview.structuredContent).toMatchObject({ demo: DEMO_MARK, status: 'preview' });
    const token = (preview.structuredContent as { confirmation_token?: string }).confirmation_token;
    expect(token).toEqual(expect.any(String));
    const written = await call(client, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(written.isError).toBeFalsy();
    expect(written.structuredContent).toMatchObject({
      status: 'updated',
      credential: { name: 'Office switches (rotated)' },
    });
    expect(text(written).startsWith(DEMO_MARK)).toBe(true);
    const after = await call(client, 'list_snmp_credentials', { id: SAMPLE_CREDENTIAL_ID });
    expect(after.structuredContent).toMatchObject({
      credentials: [{ name: 'Office switches (rotated)' }],
    });
    // The service named in NETWORK_DISCOVERY_BASE_URL never heard of any of it.
    expect(realService.requests).toHaveLength(0);
    // Each demo process starts from a fresh copy of the sample data.
    const fresh = await startDemo();
    const original = await call(fresh, 'list_snmp_credentials', { id: SAMPLE_CREDENTIAL_ID });
    expect(original.structuredContent).toMatchObject({
      credentials: [{ name: 'Office switches' }],
    });
  });
});
