// One server for Scanopy 0.14.13, 0.16.2 and 0.17.22: the sample API plays each, a real MCP client calls the tools.
import { describe, expect, it } from 'vitest';
import { profileFor } from '../src/api/families/service-profile.js';
import { createHttpSender } from '../src/api/transport/http.js';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_HOST_ID,
  SAMPLE_NETWORKS,
  SAMPLE_V1_CREDENTIAL_ID,
  SAMPLE_V3_CREDENTIAL_ID,
  SAMPLE_VERSIONS,
} from '../src/sample-api/data.js';
import { startSampleApi } from '../src/sample-api/server.js';
import { JSON_TYPE, reply, TEST_API_KEY, testApiClient } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';

const start = useHarness();
const NEW_COMMUNITY = 'Rotated#Community-2026';

const structured = (result: { structuredContent?: unknown }) =>
  (result.structuredContent ?? {}) as Record<string, unknown>;

/** The demo's versions, plus the first of the 0.15 family and the last 0.17 before the site rename. */
const VERSIONS = [...SAMPLE_VERSIONS, '0.15.0', '0.17.21'];

describe.each(VERSIONS)('Scanopy %s', (version) => {
  const sites = version === '0.17.22';
  const universal = version !== '0.14.13';

  it('a network filter returns only that network, sent as the filter this version reads', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const result = await h.call('list_discoveries', { network_id: SAMPLE_NETWORKS.lab });
    expect(result.isError).toBeFalsy();
    const items = discoveriesOf(result) as { network_id?: string }[];
    const expected = h.api.data.discoveries.filter((d) => d['network_id'] === SAMPLE_NETWORKS.lab);
    expect(items).toHaveLength(expected.length);
    expect(items.every((item) => item.network_id === SAMPLE_NETWORKS.lab)).toBe(true);
    const sent = h.api.requests.find((r) => r.path === '/api/v1/discovery');
    expect(sent?.query.get(sites ? 'site_id' : 'network_id')).toBe(SAMPLE_NETWORKS.lab);
    expect(sent?.query.has(sites ? 'network_id' : 'site_id')).toBe(false);
  });

  it('reads every item of an unfiltered listing, whichever field names its network', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const result = await h.call('list_discoveries', { limit: 50 });
    const items = discoveriesOf(result);
    expect(items).toHaveLength(h.api.data.discoveries.length);
    expect(items.every((item) => typeof item['network_id'] === 'string')).toBe(true);
    expect(items.some((item) => 'site_id' in item)).toBe(false);
    expect(textOf(result)).not.toMatch(/could not be read/);
    if (version === '0.17.22') {
      expect(textOf(result)).toContain('Rescan of the office printer');
      expect(textOf(result)).toContain('Lab nightly (queued)');
    }
  });

  it('rotates a community end to end, keeping every other field as stored', async () => {
    const h = await start({ sample: { scanopyVersion: version }, elicit: 'accept' });
    const stored = h.api.data.credentials.find((c) => c.id === SAMPLE_CREDENTIAL_ID);
    const before = structuredClone(stored);
    const result = await h.call('update_snmp_credential', updateArgs(NEW_COMMUNITY));
    expect(result.isError).toBeFalsy();
    expect(structured(result)['status']).toBe('updated');
    expect(JSON.stringify(result)).not.toContain(NEW_COMMUNITY);
    expect(stored?.community).toBe(NEW_COMMUNITY);
    expect(stored?.name).toBe(before?.name);
    expect(stored?.tags).toEqual(before?.tags);
    expect(stored?.version).toBe('V2c');
    const put = h.api.requests.find((r) => r.method === 'PUT');
    const route = universal ? '/api/v1/credentials/' : '/api/v1/snmp-credentials/';
    expect(put?.path).toBe(`${route}${SAMPLE_CREDENTIAL_ID}`);
    if (universal) {
      const body = JSON.parse(put?.body ?? '{}') as Record<string, unknown>;
      expect(body['credential_type']).toEqual({
        type: 'SnmpV2c',
        community: { mode: 'Inline', value: NEW_COMMUNITY },
      });
      expect(body['id']).toBe(SAMPLE_CREDENTIAL_ID);
      expect(stored?.target_ips).toEqual(before?.target_ips);
    }
    if (sites) {
      // 0.17.22 rewrites assignments from the body: they survive only because they were sent back.
      expect(before?.assigned_site_ids).toEqual([SAMPLE_NETWORKS.office]);
      expect(stored?.assigned_site_ids).toEqual(before?.assigned_site_ids);
      expect(stored?.host_assignments).toEqual([{ host_id: SAMPLE_HOST_ID, ips: ['10.0.0.2'] }]);
    }
  });

  it('lists the SNMP credentials this version has, never a community', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const result = await h.call('list_snmp_credentials', {});
    expect(result.isError).toBeFalsy();
    const credentials = structured(result)['credentials'] as { id: string; version: string }[];
    const v017 = version.startsWith('0.17');
    expect(credentials.map((c) => c.version)).toEqual(
      v017 ? ['V2c', 'V2c', 'V3', 'V1'] : ['V2c', 'V2c'],
    );
    expect(JSON.stringify(result)).not.toMatch(/community|\*{8}|v3-auth-secret/);
    if (universal) {
      const types = h.api.requests.filter((r) => r.path === '/api/v1/credentials');
      expect(types.map((r) => r.query.get('type'))).toEqual(
        v017 ? ['SnmpV1', 'SnmpV2c', 'SnmpV3'] : ['SnmpV2c'],
      );
    }
  });

  it("names networks as this version's UI does (sites on 0.17.22) in text and structuredContent", async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const place = sites ? 'site' : 'network';
    const other = sites ? /\bnetworks?\b(?!_id)/i : /\bsites?\b/i;
    const byName = await h.call('list_discoveries', { network: 'Lab' });
    const summary = String(structured(byName)['summary']);
    expect(summary).toContain(`(${place} "Lab")`);
    const text = textOf(byName);
    expect(text).toContain(`${sites ? 'Sites' : 'Networks'}: "Lab" = ${SAMPLE_NETWORKS.lab}`);
    expect(text).toContain(`## ${sites ? 'Site' : 'Network'} "Lab" · daemon "lab-pi"`);
    // Discovery lines keep the type "Network" (a scan kind, not a place): check the rest only.
    const prose = text.split('\n').filter((line) => !line.startsWith('- '));
    expect(prose.join('\n')).not.toMatch(other);
    expect(summary).not.toMatch(other);
    const unknown = await h.call('list_discoveries', { network: 'Basement' });
    expect(textOf(unknown)).toContain(`No ${place} is named "Basement". Known ${place}s:`);
    const version_ = textOf(await h.call('get_version'));
    if (sites) expect(version_).toContain('Scanopy calls networks sites here');
  });

  it('release notes: says this version does not offer them, with the version, one request a call', async () => {
    const h = await start({ sample: { scanopyVersion: version, offerReleaseNotes: false } });
    const first = await h.call('get_unseen_release_notes');
    const second = await h.call('get_unseen_release_notes');
    expect(first.isError).toBe(true);
    expect(textOf(first)).toContain(`Scanopy ${version} does not offer release notes`);
    expect(textOf(second)).toBe(textOf(first));
    const asked = h.api.requests.filter((r) => r.path === '/api/v1/release-notes/unseen');
    // One request per call: the missing route is never retried.
    expect(asked).toHaveLength(2);
  });
});

describe('Scanopy 0.17.22 specifics', () => {
  it('refuses to rotate an SNMPv3 credential before any preview, and sends nothing', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' }, elicit: 'accept' });
    const result = await h.call('update_snmp_credential', {
      ...updateArgs(NEW_COMMUNITY),
      id: SAMPLE_V3_CREDENTIAL_ID,
      name: 'Core routers (SNMPv3)',
      tags: [],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/is SNMPv3: .* has no community/);
    expect(h.elicitations).toHaveLength(0);
    expect(h.api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('rotates an SNMPv1 community and keeps it v1, its target IPs as stored', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' }, elicit: 'accept' });
    const result = await h.call('update_snmp_credential', {
      ...updateArgs(NEW_COMMUNITY),
      id: SAMPLE_V1_CREDENTIAL_ID,
      name: 'Old UPS (SNMPv1)',
      tags: [],
    });
    expect(result.isError).toBeFalsy();
    expect(h.elicitations[0]?.message).toContain('- version: V1 (unchanged)');
    const stored = h.api.data.credentials.find((c) => c.id === SAMPLE_V1_CREDENTIAL_ID);
    expect(stored).toMatchObject({
      version: 'V1',
      community: NEW_COMMUNITY,
      target_ips: ['10.0.0.9'],
    });
  });

  it('still refuses the placeholder as a new community', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' }, elicit: 'accept' });
    const result = await h.call('update_snmp_credential', updateArgs('********'));
    expect(result.isError).toBe(true);
    expect(h.api.requests).toHaveLength(0);
  });

  it('get_version names the family and what works; a newer version is called untested', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const known = await h.call('get_version');
    expect(structured(known)).toMatchObject({ endpoint_family: '0.17', version_tested: true });
    expect(textOf(known)).toContain('network and network_id take a site, sent as site_id');
    h.api.data.serverVersion = '0.18.0';
    const newer = await h.call('get_version');
    expect(structured(newer)).toMatchObject({ endpoint_family: '0.17', version_tested: false });
    expect(textOf(newer)).toMatch(/0\.18\.0 is newer than .*0\.17\.22.*untested/);
  });
});

describe('version detection', () => {
  it('asks again after a versioned route goes missing (the service was changed under us)', async () => {
    const h = await start({ sample: { scanopyVersion: '0.16.2' } });
    expect((await h.call('list_snmp_credentials', {})).isError).toBeFalsy();
    h.api.data.serverVersion = '0.14.13';
    const missing = await h.call('list_snmp_credentials', {});
    expect(missing.isError).toBe(true);
    const again = await h.call('list_snmp_credentials', {});
    expect(again.isError).toBeFalsy();
    const paths = h.api.requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/api/version')).toHaveLength(2);
    expect(paths.at(-1)).toBe('/api/v1/snmp-credentials');
  });

  it('drops and counts items a service returns outside the requested network', async () => {
    const api = await startSampleApi({ apiKey: TEST_API_KEY, scanopyVersion: '0.17.22' });
    // A service that ignores the filter altogether: every discovery comes back.
    api.setIntercept((req, res) => {
      if (req.path !== '/api/v1/discovery') return false;
      const data = api.data.discoveries.map(({ network_id, ...d }) => ({
        ...d,
        site_id: network_id,
      }));
      const meta = { api_version: 1, server_version: '0.17.22' };
      return reply(res, 200, JSON.stringify({ success: true, data, meta }), JSON_TYPE);
    });
    const sender = createHttpSender({ timeoutMs: 5_000, maxResponseBytes: 1_000_000 });
    const client = testApiClient(api.url, sender);
    try {
      const page = await client.listDiscoveries({ network_id: SAMPLE_NETWORKS.lab });
      const lab = api.data.discoveries.filter((d) => d['network_id'] === SAMPLE_NETWORKS.lab);
      expect(page.items.map((d) => d.id)).toEqual(lab.map((d) => d['id']));
      expect(page.outsideFilter).toBe(api.data.discoveries.length - lab.length);
      // Names come from sites on 0.17.22, and hosts without their children.
      await client.listNamed('networks').catch(() => undefined);
      await client.listNamed('hosts').catch(() => undefined);
      const named = api.requests.filter(
        (r) => r.path === '/api/v1/sites' || r.path === '/api/v1/hosts',
      );
      expect(named.map((r) => r.path)).toEqual(['/api/v1/sites', '/api/v1/hosts']);
      expect(named[1]?.query.get('include_children')).toBe('false');
    } finally {
      await client.close();
      await api.close();
    }
  });

  it('maps versions to families, the newest family for anything newer', () => {
    expect(profileFor('0.14.19')).toMatchObject({ family: '0.14', standing: 'known' });
    expect(profileFor('0.15.0')).toMatchObject({ family: '0.15-0.16', sites: false });
    expect(profileFor('0.17.21')).toMatchObject({ family: '0.17', sites: false });
    expect(profileFor('v0.17.22')).toMatchObject({ family: '0.17', sites: true });
    expect(profileFor('1.0.0')).toMatchObject({ family: '0.17', sites: true, standing: 'newer' });
    expect(profileFor('nightly')).toMatchObject({ family: '0.17', standing: 'unreadable' });
  });
});
