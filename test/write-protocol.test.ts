// Issue 19's write-protocol attacks: single use across processes, the whole-object PUT's ids, a token over every argument.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
  SAMPLE_V1_CREDENTIAL_ID,
} from '../src/sample-api/data.js';
import { updateSnmpCredential } from '../src/tools/update-snmp-credential.js';
import { ensureBuilt } from './build-dist.js';
import { JSON_TYPE, reply, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { textOf, useHarness } from './harness.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const start = useHarness();
const ARGS = updateArgs('rotated-Community-2026x');
const SECRET = 'shared-token-secret-0123456789abcdef';

function tokenOf(result: CallToolResult): string {
  const token = (result.structuredContent as Record<string, unknown> | undefined)?.[
    'confirmation_token'
  ];
  if (typeof token !== 'string') throw new Error(`expected a token, got ${textOf(result)}`);
  return token;
}

const call = async (server: StdioServer, args: Record<string, unknown>) =>
  (await server.client.callTool({
    name: 'update_snmp_credential',
    arguments: args,
  })) as CallToolResult;

describe('issue 19, attack 6: a used token is refused by every process sharing the secret', () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);

  it('refused in a sibling process and after a restart, with no shared store', async () => {
    const api = await startFakeApi();
    const options = {
      baseUrl: api.url,
      env: { NETWORK_DISCOVERY_TOKEN_SECRET: SECRET, NETWORK_DISCOVERY_CONFIRM: 'token' },
    };
    const first = await connectStdio(options);
    const sibling = await connectStdio(options);
    try {
      const token = tokenOf(await call(first, ARGS));
      // The sibling accepts the first process's token (same secret) and writes once.
      const written = await call(sibling, { ...ARGS, confirmation_token: token });
      expect(written.isError).toBeFalsy();
      expect(written.structuredContent).toMatchObject({ status: 'updated' });
      // The process that issued it never saw it used: the state it signed has changed.
      const replayed = await call(first, { ...ARGS, confirmation_token: token });
      expect(replayed.isError).toBe(true);
      expect(textOf(replayed)).toMatch(/changed since the preview.*nothing was written/);
      // A fresh process (a restart) refuses it too.
      await first.close();
      const restarted = await connectStdio(options);
      try {
        const again = await call(restarted, { ...ARGS, confirmation_token: token });
        expect(again.isError).toBe(true);
        expect(textOf(again)).toMatch(/nothing was written/);
      } finally {
        await restarted.close();
      }
      expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    } finally {
      await Promise.allSettled([first.close(), sibling.close()]);
      await api.close();
    }
  }, 60_000);
});

describe('issue 19, attack 8: the whole-object PUT writes only the record asked for', () => {
  const itemPath = (id: string) => `/api/v1/credentials/${id}`;

  /** A 0.17 service whose reads (or writes) of the sample credential answer with the v1 one's record. */
  async function mixedUp(method: 'GET' | 'PUT') {
    let other = '';
    const h = await start({
      elicit: 'accept',
      sample: {
        scanopyVersion: '0.17.22',
        intercept: (req, res) =>
          req.method === method &&
          req.path === itemPath(SAMPLE_CREDENTIAL_ID) &&
          other !== '' &&
          reply(res, 200, other, JSON_TYPE),
      },
    });
    const answer = await fetch(new URL(itemPath(SAMPLE_V1_CREDENTIAL_ID), h.api.url), {
      headers: { authorization: `Bearer ${TEST_API_KEY}` },
    });
    other = await answer.text();
    return h;
  }

  it("refuses when the read answers with another credential's record, and sends nothing", async () => {
    const h = await mixedUp('GET');
    const result = await h.call('update_snmp_credential', { ...ARGS, tags: [] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing was written/);
    expect(h.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('sends the path id in the body', async () => {
    const h = await start({ elicit: 'accept', sample: { scanopyVersion: '0.17.22' } });
    const result = await h.call('update_snmp_credential', { ...ARGS, tags: [] });
    expect(result.isError).toBeFalsy();
    const put = h.api.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toMatchObject({ id: SAMPLE_CREDENTIAL_ID });
  });

  it('does not report success for an answer about another credential', async () => {
    const h = await mixedUp('PUT');
    const result = await h.call('update_snmp_credential', { ...ARGS, tags: [] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/write was sent, but its result cannot be trusted/);
    expect(textOf(result)).toContain(SAMPLE_V1_CREDENTIAL_ID);
  });
});

/** Another valid value for each argument, by the kind the input schema declares. */
function changed(name: string, value: unknown): unknown {
  if (name === 'version') return value === undefined ? 'V2c' : undefined;
  if (Array.isArray(value)) return value.length > 0 ? [] : [SAMPLE_TAGS.printers];
  if (value === SAMPLE_ORGANIZATION_ID) return '11111111-2222-4333-8444-555555555555';
  if (value === SAMPLE_CREDENTIAL_ID) return SAMPLE_V1_CREDENTIAL_ID;
  if (typeof value === 'string') return `${value}-other`;
  throw new Error(`no changed value for ${name}: add one here`);
}

describe('issue 19, attack 13: the token signs every argument', () => {
  // Every argument the schema declares, so a new one cannot be left out of the signature unseen.
  const signed = Object.keys(updateSnmpCredential.inputSchema).filter(
    (name) => name !== 'confirmation_token',
  );

  it('lists organization_id among the signed arguments', () => {
    expect(signed).toEqual(expect.arrayContaining(['id', 'organization_id', 'community', 'tags']));
  });

  it.each(signed)('a token from the preview is refused once %s changes', async (name) => {
    const h = await start({ confirm: 'token', sample: { scanopyVersion: '0.17.22' } });
    const args: Record<string, unknown> = { ...ARGS };
    const token = tokenOf(await h.call('update_snmp_credential', args));
    const other = { ...args, [name]: changed(name, args[name]), confirmation_token: token };
    const result = await h.call('update_snmp_credential', other);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^The confirmation_token was issued for different arguments/);
    expect(h.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    // The same token with the preview's own arguments still writes: only the change was refused.
    const same = await h.call('update_snmp_credential', { ...args, confirmation_token: token });
    expect(same.structuredContent).toMatchObject({ status: 'updated' });
  });
});
