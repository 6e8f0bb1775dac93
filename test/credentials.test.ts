// list_snmp_credentials and the update's before/after preview, against the fake API.
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
  sampleData,
} from '../src/sample-api/data.js';
import { envelopeError, JSON_TYPE, reply } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type Harness, textOf, useHarness } from './harness.js';

const COMMUNITY = 'Preview#Secret-2026';
const CURRENT = { ...updateArgs(COMMUNITY), version: 'V2c' };

const start = useHarness();

const structured = (result: { structuredContent?: unknown }) =>
  (result.structuredContent ?? {}) as Record<string, unknown>;

/** Neither the community nor even the placeholder shows up anywhere. */
function expectNoCommunity(value: unknown) {
  const json = JSON.stringify(value);
  expect(json).not.toContain(COMMUNITY);
  expect(json).not.toContain('********');
  expect(json).not.toMatch(/"community"\s*:/);
}

describe('list_snmp_credentials', () => {
  it('is listed as read-only, and the update tool points to it', async () => {
    const { tools } = await (await start()).client.listTools();
    const list = tools.find((tool) => tool.name === 'list_snmp_credentials');
    expect(list?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    const update = tools.find((tool) => tool.name === 'update_snmp_credential');
    expect(update?.description).toContain('list_snmp_credentials');
  });

  it('is offered in read-only mode too', async () => {
    const { tools } = await (await start({ readOnly: true })).client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('list_snmp_credentials');
  });

  it('lists every credential with what the update needs, never the community', async () => {
    const h = await start();
    const result = await h.call('list_snmp_credentials', {});
    expect(result.isError).toBeFalsy();
    expect(structured(result)['credentials']).toEqual([
      {
        id: SAMPLE_CREDENTIAL_ID,
        name: 'Office switches',
        organization_id: SAMPLE_ORGANIZATION_ID,
        version: 'V2c',
        tags: [SAMPLE_TAGS.core],
        updated_at: '2026-10-01T09:00:00Z',
      },
      expect.objectContaining({ name: 'Lab printers', tags: [SAMPLE_TAGS.printers] }),
    ]);
    expect(textOf(result)).toContain('# SNMP credentials 1-2 of 2');
    expect(textOf(result)).toContain(`- "Office switches" · id ${SAMPLE_CREDENTIAL_ID}`);
    expect(h.api.requests.at(-1)?.path).toBe('/api/v1/snmp-credentials');
    expectNoCommunity(result);
  });

  it('pages with limit and offset', async () => {
    const h = await start();
    const first = await h.call('list_snmp_credentials', { limit: 1 });
    expect(structured(first)['pagination']).toEqual({
      total_count: 2,
      limit: 1,
      offset: 0,
      has_more: true,
    });
    expect(textOf(first)).toContain('1 more: call again with offset 1.');
    const second = await h.call('list_snmp_credentials', { limit: 1, offset: 1 });
    expect(structured(second)['credentials']).toEqual([
      expect.objectContaining({ name: 'Lab printers' }),
    ]);
    expect(h.api.requests.at(-1)?.query.get('offset')).toBe('1');
  });

  it('reads one credential by id', async () => {
    const h = await start();
    const result = await h.call('list_snmp_credentials', { id: SAMPLE_CREDENTIAL_ID });
    expect(result.isError).toBeFalsy();
    expect(structured(result)['credentials']).toEqual([
      expect.objectContaining({ id: SAMPLE_CREDENTIAL_ID, name: 'Office switches' }),
    ]);
    expect(h.api.requests.at(-1)?.path).toBe(`/api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`);
    expectNoCommunity(result);
  });

  it('says when no credential has that id', async () => {
    const h = await start();
    const result = await h.call('list_snmp_credentials', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/404/);
  });

  it('says when the server does not offer the route', async () => {
    const h = await start({ sample: { offerSnmpRoutes: false } });
    for (const args of [{}, { id: SAMPLE_CREDENTIAL_ID }]) {
      const result = await h.call('list_snmp_credentials', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/does not offer GET \/api\/v1\/snmp-credentials/);
    }
  });

  it('limit 0 reports limit 0 (all), as list_discoveries does, whatever page size the service echoes', async () => {
    const data = sampleData();
    const h = await start({
      sample: {
        data,
        // A service that answers limit=0 with every item but echoes its default page size.
        intercept: (req, res) =>
          req.path === '/api/v1/snmp-credentials' &&
          req.query.get('limit') === '0' &&
          reply(
            res,
            200,
            JSON.stringify({
              success: true,
              data: data.credentials.map((c) => ({ ...c, community: '********' })),
              meta: {
                api_version: 1,
                server_version: data.serverVersion,
                pagination: {
                  total_count: data.credentials.length,
                  limit: 50,
                  offset: 0,
                  has_more: true,
                },
              },
            }),
            JSON_TYPE,
          ),
      },
    });
    const credentials = await h.call('list_snmp_credentials', { limit: 0 });
    const discoveries = await h.call('list_discoveries', { limit: 0 });
    expect(structured(credentials)['pagination']).toMatchObject({ limit: 0, has_more: false });
    expect(structured(discoveries)['pagination']).toMatchObject({ limit: 0, has_more: false });
  });

  it('stays within the result budget and says how to see the rest', async () => {
    const data = sampleData();
    for (let i = 0; i < 200; i++) {
      data.credentials.push({
        ...structuredClone(data.credentials[1] as (typeof data.credentials)[number]),
        id: `b2c3d4e5-f6a7-4b8c-9d0e-${String(i).padStart(12, '0')}`,
        name: `Generated ${i}`,
      });
    }
    const h = await start({ sample: { data }, maxResultBytes: 5_000 });
    const result = await h.call('list_snmp_credentials', { limit: 0 });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
    const shown = (structured(result)['credentials'] as unknown[]).length;
    expect(shown).toBeGreaterThan(0);
    expect(textOf(result)).toContain(
      `${202 - shown} more not shown to stay within the result budget: call again with offset ${shown}`,
    );
  });
});

describe('the update preview shows the real state', () => {
  async function preview(h: Harness, args: Record<string, unknown>) {
    const result = await h.call('update_snmp_credential', args);
    expect(result.isError).toBeFalsy();
    expect(structured(result)['status']).toBe('preview');
    expectNoCommunity(result);
    return result;
  }

  it('reads the credential first and shows every field as unchanged when only the community changes', async () => {
    const h = await start({ confirm: 'token' });
    const result = await preview(h, CURRENT);
    // The version (it picks the route), the credential and beside it the tag names (concurrently,
    // so in any order); nothing is written.
    expect(h.api.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      `GET /api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`,
      'GET /api/v1/tags',
      'GET /api/version',
    ]);
    const text = textOf(result);
    expect(text).toContain(`Update SNMP credential ${SAMPLE_CREDENTIAL_ID}: changes community.`);
    expect(text).toContain('- name: "\u2068Office switches\u2069" (unchanged)');
    expect(text).toContain(`- organization: ${SAMPLE_ORGANIZATION_ID} (unchanged)`);
    expect(text).toContain('- version: V2c (unchanged)');
    expect(text).toContain(`- tags (1): "\u2068core\u2069" (${SAMPLE_TAGS.core}) (unchanged)`);
    expect(text).toContain(
      `- community: changes (new value of ${COMMUNITY.length} characters, not shown)`,
    );
    expect(text).not.toContain('WARNING');
    expect(structured(result)).toMatchObject({ changes: ['community'] });
    expect(structured(result)).not.toHaveProperty('warnings');
  });

  it('warns when tags would be removed', async () => {
    const h = await start({ confirm: 'token' });
    const result = await preview(h, { ...CURRENT, tags: [] });
    const text = textOf(result);
    expect(text).toContain(
      `- tags (0): none (was 1; removes "\u2068core\u2069" (${SAMPLE_TAGS.core}))`,
    );
    expect(text).toMatch(/WARNING: removes 1 tag .*pass the current tags to keep them/);
    expect(structured(result)['changes']).toEqual(['tags', 'community']);
  });

  it('shows added and removed tags', async () => {
    const h = await start({ confirm: 'token' });
    const text = textOf(await preview(h, { ...CURRENT, tags: [SAMPLE_TAGS.printers] }));
    expect(text).toContain(
      `(was 1; adds "\u2068printers\u2069" (${SAMPLE_TAGS.printers}); removes "\u2068core\u2069" (${SAMPLE_TAGS.core}))`,
    );
  });

  it('warns when the name or the version changes', async () => {
    const h = await start({ confirm: 'token' });
    const result = await preview(h, { ...CURRENT, name: 'Core switches', version: 'V3' });
    const text = textOf(result);
    expect(text).toContain('- name: "\u2068Office switches\u2069" -> "\u2068Core switches\u2069"');
    expect(text).toContain('- version: V2c -> V3');
    expect(text).toContain(
      'WARNING: renames the credential from "\u2068Office switches\u2069" to "\u2068Core switches\u2069".',
    );
    expect(text).toContain('WARNING: changes the SNMP version from V2c to V3.');
    expect(structured(result)['changes']).toEqual(['name', 'version', 'community']);
  });

  it('puts the same before/after in the elicitation message', async () => {
    const h = await start({ confirm: 'token', elicit: 'decline' });
    const result = await h.call('update_snmp_credential', { ...CURRENT, tags: [] });
    expect(structured(result)['status']).toBe('declined');
    const message = String(h.elicitations[0]?.message);
    expect(message.split('\n')[0]).toContain('changes tags, community');
    expect(message).toContain('WARNING: removes 1 tag');
    // The confirmation form names the tag beside its id, as the preview does.
    expect(message).toContain(`removes "\u2068core\u2069" (${SAMPLE_TAGS.core})`);
    expectNoCommunity(h.elicitations);
  });

  it('reads the state once more when the token comes back (the token signs it), then PUTs', async () => {
    const h = await start({ confirm: 'token' });
    const first = await preview(h, CURRENT);
    const token = structured(first)['confirmation_token'];
    const before = h.api.requests.length;
    const confirmed = await h.call('update_snmp_credential', {
      ...CURRENT,
      confirmation_token: token,
    });
    expect(structured(confirmed)['status']).toBe('updated');
    expect(h.api.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`,
      `PUT /api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`,
    ]);
  });

  it('says the current state is unknown when the server does not offer the read, and goes on', async () => {
    const data = sampleData();
    const h = await start({ confirm: 'token', sample: { data, offerSnmpRoutes: false } });
    const result = await preview(h, { ...CURRENT, tags: [] });
    const text = textOf(result);
    expect(text).toContain(
      'current state unknown (this server does not offer reading a credential)',
    );
    expect(text).toContain('- tags (0): none');
    expect(text).toContain(
      `- community: changes (new value of ${COMMUNITY.length} characters, not shown)`,
    );
    expect(structured(result)['confirmation_token']).toEqual(expect.any(String));
    expect(structured(result)['changes']).toEqual(['community']);
  });

  it('says the current state is unknown when the read fails, and goes on', async () => {
    const h = await start({ confirm: 'token' });
    h.api.setIntercept((req, res) =>
      req.method === 'GET'
        ? reply(res, 500, envelopeError('database unavailable'), {
            'content-type': 'application/json',
          })
        : false,
    );
    const result = await preview(h, CURRENT);
    expect(textOf(result)).toContain('current state unknown (reading it failed with HTTP 500)');
  });
});
