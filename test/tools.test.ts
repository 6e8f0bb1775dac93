// Each tool through a real MCP client against the fake API: happy paths, parsing leniency, validation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
  sampleData,
} from '../src/sample-api/data.js';
import { ROOT } from './build-dist.js';
import { TEST_API_KEY, TEST_SESSION_ID } from './fake-api.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const OFFICE_NETWORK = '5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';
const OFFICE_DAEMON = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

const start = useHarness();

function structured(result: { structuredContent?: unknown }): Record<string, unknown> {
  expect(result.structuredContent).toBeTypeOf('object');
  return result.structuredContent as Record<string, unknown>;
}

describe('get_version', () => {
  it('reports the service versions, its own version and support', async () => {
    const h = await start();
    const result = await h.call('get_version');
    expect(result.isError).toBeFalsy();
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(structured(result)).toMatchObject({
      api_version: 1,
      server_version: '0.14.13',
      mcp_server_version: version,
      api_version_supported: true,
    });
    expect(textOf(result)).toMatchSnapshot();
    expect(h.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/version']);
  });

  it('says when the API version is not one it supports', async () => {
    const h = await start({
      sample: {
        intercept: (request, res) => {
          if (request.path !== '/api/version') return false;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              success: true,
              data: { api_version: 2, server_version: '0.16.0' },
              meta: { api_version: 2, server_version: '0.16.0' },
            }),
          );
          return true;
        },
      },
    });
    const result = await h.call('get_version');
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ api_version: 2, api_version_supported: false });
    expect(textOf(result)).toMatch(/not supported/);
  });
});

describe('list_discoveries', () => {
  it('lists one page with the documented structuredContent shape', async () => {
    const h = await start();
    const result = await h.call('list_discoveries');
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatchSnapshot();
    const content = structured(result);
    expect(content['pagination']).toEqual({
      total_count: 6,
      limit: 50,
      offset: 0,
      has_more: false,
    });
    const discoveries = discoveriesOf(result);
    expect(discoveries).toHaveLength(6);
    for (const discovery of discoveries) {
      expect(discovery).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          name: expect.any(String),
          network_id: expect.any(String),
          daemon_id: expect.any(String),
          discovery_type: expect.any(String),
          run_type: expect.any(String),
        }),
      );
      // Lean: no timestamps nobody asked for, no nulls, no empty arrays, no nested result copies.
      expect(discovery).not.toHaveProperty('created_at');
      expect(discovery).not.toHaveProperty('updated_at');
      expect(JSON.stringify(discovery)).not.toMatch(/null|\[\]/);
    }
    // Names inline: tag names on the item (each tag's id once, in tag_names), network and daemon
    // names beside their ids on the group.
    expect(discoveries[0]?.['tags']).toEqual(['core']);
    expect(content['tag_names']).toEqual({
      [SAMPLE_TAGS.core]: 'core',
      [SAMPLE_TAGS.printers]: 'printers',
    });
    expect(content).not.toHaveProperty('names');
    // Items sit under the key of their run type, in the service's order within it: no item
    // repeats its run type, and a run record is never under a job's key.
    const [office] = content['groups'] as Record<string, unknown>[];
    expect(office).toMatchObject({
      network_id: OFFICE_NETWORK,
      network: 'Office',
      daemon_id: OFFICE_DAEMON,
      daemon: 'office-gw',
    });
    expect(Object.keys(office ?? {})).toEqual([
      'network_id',
      'network',
      'daemon_id',
      'daemon',
      'scheduled',
      'ad_hoc',
    ]);
    const all = (content['groups'] as Record<string, unknown[]>[]).flatMap((g) =>
      ['scheduled', 'ad_hoc', 'run_records'].flatMap((key) => g[key] ?? []),
    );
    expect(all).toHaveLength(6);
    for (const item of all) expect(item).not.toHaveProperty('run_type');
    expect(content['summary']).toBe(
      'Discoveries 1-6 of 6: 5 jobs, 1 run record. Attention: 1 scheduled DISABLED, 1 last run FAILED, 3 never run. Run outcomes are on run records only (this Scanopy links none to its job).',
    );
    // The cron as written with its zone, said once: the words are the text's.
    expect(discoveries[0]).toMatchObject({
      run_type: 'Scheduled',
      cron_schedule: '0 3 * * *',
      timezone: 'Europe/Berlin',
      enabled: true,
      last_run: '2026-11-21T03:00:12Z',
    });
    expect(discoveries[0]).not.toHaveProperty('schedule');
    const record = discoveries.find((d) => d['run_type'] === 'Historical');
    expect(record).toMatchObject({ phase: 'Failed' });
    expect(record).not.toHaveProperty('run_record');
  });

  it('keeps unknown discovery_type and run_type variants by their type, without their fields', async () => {
    const data = sampleData();
    data.discoveries.push({
      ...data.discoveries[0],
      id: '77777777-7777-4777-8777-777777777777',
      name: 'From a newer server',
      discovery_type: { type: 'Quantum', entangled: true },
      run_type: { type: 'OnEvent', trigger: 'link-up' },
      brand_new_field: { nested: [1, 2] },
    });
    const h = await start({ sample: { data } });
    const result = await h.call('list_discoveries');
    expect(result.isError).toBeFalsy();
    const discoveries = discoveriesOf(result);
    const newer = discoveries.find((d) => d['name'] === 'From a newer server');
    expect(newer?.['discovery_type']).toBe('Quantum');
    expect(newer?.['run_type']).toBe('OnEvent');
    // A run type this server does not know sits under `other`, and says its run type itself.
    const groups = structured(result)['groups'] as Record<string, Record<string, unknown>[]>[];
    expect(groups.flatMap((g) => g['other'] ?? []).map((d) => d['run_type'])).toEqual(['OnEvent']);
    expect(newer).not.toHaveProperty('trigger');
    expect(newer).not.toHaveProperty('brand_new_field');
    const unified = discoveries.find((d) => d['name'] === 'Lab unified discovery');
    expect(unified?.['discovery_type']).toBe('Unified');
    expect(textOf(result)).toContain('From a newer server');
    expect(textOf(result)).toContain('Quantum');
  });

  it('skips an item it cannot read instead of failing the list', async () => {
    const data = sampleData();
    const { name: _dropped, ...nameless } = data.discoveries[1] as Record<string, unknown>;
    data.discoveries[1] = nameless;
    data.discoveries[2] = 'not an object' as unknown as Record<string, unknown>;
    const h = await start({ sample: { data } });
    const result = await h.call('list_discoveries');
    expect(result.isError).toBeFalsy();
    const discoveries = discoveriesOf(result);
    expect(discoveries).toHaveLength(4);
    expect(discoveries.map((d) => d['id'])).not.toContain('22222222-2222-4222-8222-222222222222');
    expect(textOf(result)).toMatch(/2 items .*could not be read/);
  });

  it('reads limit 0 in pages of 1,000 and reports has_more=false once all are shown', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', { limit: 0 });
    expect(result.isError).toBeFalsy();
    const raw = h.api.requests.filter((r) => r.path === '/api/v1/discovery');
    expect(raw.map((r) => r.query.get('limit'))).toEqual(['1000']);
    expect(structured(result)['pagination']).toEqual({
      total_count: 6,
      limit: 0,
      offset: 0,
      has_more: false,
    });
    expect(discoveriesOf(result)).toHaveLength(6);
  });

  it('reports has_more from the counts when paging', async () => {
    const h = await start();
    const first = await h.call('list_discoveries', { limit: 2, offset: 1 });
    expect(structured(first)['pagination']).toEqual({
      total_count: 6,
      limit: 2,
      offset: 1,
      has_more: true,
    });
    expect(textOf(first)).toMatch(/offset 3/);
    const last = await h.call('list_discoveries', { limit: 2, offset: 4 });
    expect(structured(last)['pagination']).toMatchObject({ has_more: false });
    const past = await h.call('list_discoveries', { limit: 2, offset: 100 });
    expect(past.isError).toBeFalsy();
    expect(structured(past)).toMatchObject({ groups: [], pagination: { has_more: false } });
  });

  it('sends the filters as query parameters', async () => {
    const h = await start();
    const result = await h.call('list_discoveries', {
      network_id: OFFICE_NETWORK,
      daemon_id: OFFICE_DAEMON,
      limit: 10,
      offset: 1,
    });
    expect(result.isError).toBeFalsy();
    // Names are read beside the list; the discovery request is the one that carries the filters.
    const request = h.api.requests.find((r) => r.path === '/api/v1/discovery');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      network_id: OFFICE_NETWORK,
      daemon_id: OFFICE_DAEMON,
      limit: '10',
      offset: '1',
    });
    expect(request?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
    const discoveries = discoveriesOf(result);
    expect(discoveries.map((d) => d['name'])).toEqual([
      'Printer VLAN scan',
      'Office daemon self-report',
    ]);
  });

  it('never shows a community nested in a discovery', async () => {
    const h = await start();
    const result = await h.call('list_discoveries');
    expect(JSON.stringify(result)).not.toContain('community');
  });
});

describe('get_unseen_release_notes', () => {
  it('turns release HTML into markdown without tags, script or style content', async () => {
    const data = sampleData();
    const release = data.releases[0];
    if (!release) throw new Error('sample data has a release');
    release.html = `<style>.planted-style{color:red}</style>${release.html}<img src="x" onerror="planted_onerror()"><iframe src="https://example.invalid/frame">planted iframe</iframe>`;
    const h = await start({ sample: { data } });
    const result = await h.call('get_unseen_release_notes');
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatchSnapshot();
    const content = structured(result);
    expect(content['changelog_url']).toBe('https://example.invalid/changelog');
    const releases = content['releases'] as Record<string, string>[];
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({
      version: '0.14.13',
      title: 'Faster topology',
      date: '2026-11-10',
      url: 'https://example.invalid/releases/0.14.13',
    });
    const notes = releases[0]?.['notes'] ?? '';
    expect(notes).toContain('**twice as fast**');
    expect(notes).toContain('[the docs](https://example.invalid/docs)');
    expect(notes).toContain('SNMP: clearer errors');
    expect(notes).not.toMatch(/<[a-z/!]/i);
    for (const planted of [
      'alert(1)',
      'planted-style',
      'color:red',
      'planted_onerror',
      'planted iframe',
    ]) {
      expect(JSON.stringify(result)).not.toContain(planted);
    }
  });

  it('uses the session cookie when one is configured', async () => {
    const h = await start({ sessionId: TEST_SESSION_ID });
    const result = await h.call('get_unseen_release_notes');
    expect(result.isError).toBeFalsy();
    const request = h.api.requests.at(-1);
    expect(request?.path).toBe('/api/v1/release-notes/unseen');
    expect(request?.headers['cookie']).toBe(`session_id=${TEST_SESSION_ID}`);
    expect(request?.headers['authorization']).toBeUndefined();
  });

  it('falls back to the bearer key without a session', async () => {
    const h = await start();
    const result = await h.call('get_unseen_release_notes');
    expect(result.isError).toBeFalsy();
    const request = h.api.requests.at(-1);
    expect(request?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
    expect(request?.headers['cookie']).toBeUndefined();
  });

  it('says so when there is nothing new', async () => {
    const data = sampleData();
    data.releases = [];
    const h = await start({ sample: { data } });
    const result = await h.call('get_unseen_release_notes');
    expect(result.isError).toBeFalsy();
    expect(structured(result)['releases']).toEqual([]);
    expect(textOf(result)).toMatch(/No unseen release notes/);
  });
});

describe('update_snmp_credential', () => {
  it('writes after the user confirms and shows the credential the server returned', async () => {
    const h = await start({ elicit: 'accept' });
    const result = await h.call('update_snmp_credential', {
      id: SAMPLE_CREDENTIAL_ID,
      name: 'Office switches',
      organization_id: SAMPLE_ORGANIZATION_ID,
      community: 'rotated-community-2026',
      tags: [],
      version: 'V2c',
    });
    expect(result.isError).toBeFalsy();
    const content = structured(result);
    expect(content['status']).toBe('updated');
    expect(content['credential']).toMatchObject({
      id: SAMPLE_CREDENTIAL_ID,
      name: 'Office switches',
      organization_id: SAMPLE_ORGANIZATION_ID,
      version: 'V2c',
      tags: [],
    });
    const text = textOf(result).replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}Z/g, '<time>');
    expect(text).toMatchSnapshot();
    expect(h.api.data.credentials[0]?.community).toBe('rotated-community-2026');
  });
});

describe('read-only mode', () => {
  it('neither lists nor accepts update_snmp_credential', async () => {
    const h = await start({ readOnly: true, elicit: 'accept' });
    const { tools } = await h.client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).not.toContain('update_snmp_credential');
    expect(names).toEqual(expect.arrayContaining(['list_discoveries', 'get_version']));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
    const result = await h
      .call('update_snmp_credential', {
        id: SAMPLE_CREDENTIAL_ID,
        name: 'Office switches',
        organization_id: SAMPLE_ORGANIZATION_ID,
        community: 'rotated-community-2026',
        tags: [],
      })
      .catch((error: unknown) => ({ isError: true, content: [], thrown: error }));
    expect(result.isError).toBe(true);
    expect(h.elicitations).toHaveLength(0);
    expect(h.api.requests).toHaveLength(0);
  });
});

describe('invalid arguments are refused before any request', () => {
  const valid = {
    id: SAMPLE_CREDENTIAL_ID,
    name: 'Office switches',
    organization_id: SAMPLE_ORGANIZATION_ID,
    community: 'rotated-community-2026',
    tags: [],
  };
  const cases: [string, string, Record<string, unknown>][] = [
    ['a network_id that is not a UUID', 'list_discoveries', { network_id: 'office' }],
    ['a daemon_id that is not a UUID', 'list_discoveries', { daemon_id: '1234' }],
    ['limit 1001', 'list_discoveries', { limit: 1001 }],
    ['limit -1', 'list_discoveries', { limit: -1 }],
    ['a fractional limit', 'list_discoveries', { limit: 2.5 }],
    ['a negative offset', 'list_discoveries', { offset: -1 }],
    ['an id that is not a UUID', 'update_snmp_credential', { ...valid, id: 'not-a-uuid' }],
    ['an empty name', 'update_snmp_credential', { ...valid, name: '' }],
    ['a name of 101 characters', 'update_snmp_credential', { ...valid, name: 'n'.repeat(101) }],
    ['a tag that is not a UUID', 'update_snmp_credential', { ...valid, tags: ['core'] }],
    ['an unknown version', 'update_snmp_credential', { ...valid, version: 'V1' }],
    ['a missing community', 'update_snmp_credential', { ...valid, community: undefined }],
  ];

  it.each(cases)('refuses %s', async (_label, tool, args) => {
    const h = await start({ elicit: 'accept' });
    const result = await h.call(tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toBe('');
    expect(h.elicitations).toHaveLength(0);
    expect(h.api.requests).toHaveLength(0);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const h = await start({ elicit: 'decline' });
    const result = await h.call('update_snmp_credential', { ...valid, name: 'n'.repeat(100) });
    expect(result.isError).toBeFalsy();
    expect(h.elicitations).toHaveLength(1);
  });
});
