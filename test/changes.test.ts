// list_changes through a real client on 0.14.13, 0.16.2 and 0.17.22: hosts new and gone equal to list_hosts', ports and services on 0.17, what a version cannot tell, run against the run before, scope, warm requests.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_NETWORKS,
  SAMPLE_TAGS,
  SAMPLE_VERSIONS,
  sampleData,
} from '../src/sample-api/data.js';
import { buildInventory, INVENTORY_DISCOVERIES } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { changeListResult } from '../src/views/changes/change-list-view.js';
import { hostListShape } from '../src/views/hosts/host-shapes.js';
import { changeAnswer } from './change-answer.js';
import { envelopeError, reply } from './fake-api.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
const { hosts, changes } = buildInventory();
const byId = (id: string | undefined) => hosts.find((h) => h.id === id);

const answer = changeAnswer;
const idsOf = (result: CallToolResult, change: string) =>
  (answer(result).changes ?? []).filter((c) => c.change === change).map((c) => c.id);
const sorted = (ids: readonly string[]) => [...ids].sort();

/** list_hosts' ids for one filter, every match (compact rows of the id alone). */
async function hostIds(
  call: (name: string, args: object) => Promise<CallToolResult>,
  args: object,
) {
  const result = await call('list_hosts', { ...args, fields: 'id', limit: 0 });
  expect(result.isError, textOf(result)).toBeFalsy();
  const rows = (result.structuredContent as { rows: string[][] }).rows;
  return rows.map((r) => r[0] as string);
}

describe('list_changes in the catalog', () => {
  it('is listed last, read-only, with since, run, kinds and the list arguments', () => {
    const tool = ALL_TOOLS.at(-1);
    expect(tool?.name).toBe('list_changes');
    expect(tool?.annotations.readOnlyHint).toBe(true);
    expect(tool?.writes).toBe(false);
    for (const key of [
      'network',
      'host',
      'tag',
      'since',
      'run',
      'kinds',
      'fields',
      'limit',
      'offset',
      'counts_only',
    ])
      expect(Object.keys(tool?.inputSchema ?? {})).toContain(key);
  });
});

describe.each(SAMPLE_VERSIONS)('list_changes on %s', (version) => {
  const rowsKept = version.startsWith('0.17');

  it.each([
    ['everything', {}, '2026-11-12'],
    ['network Lab', { network: 'Lab' }, '2026-11-15T00:00:00Z'],
    ['network by id', { network: SAMPLE_NETWORKS.office }, '2026-11-05'],
    ['tag', { tag: SAMPLE_TAGS.core }, '2026-11-01'],
  ])(
    'hosts new and gone in %s are exactly list_hosts new_since / not_seen_since',
    async (_, scope, since) => {
      const h = await start({ sample: { scanopyVersion: version } });
      const call = (name: string, args: object) => h.call(name, args as Record<string, unknown>);
      const listScope =
        'network' in scope && /^[0-9a-f-]{36}$/.test(scope.network)
          ? { network_id: scope.network }
          : scope;
      const result = await h.call('list_changes', { ...scope, since, limit: 0 });
      const changed = answer(result);
      const news = await hostIds(call, { ...listScope, new_since: since });
      const gone = await hostIds(call, { ...listScope, not_seen_since: since });
      expect(sorted(idsOf(result, 'new'))).toEqual(sorted(news));
      expect(sorted(idsOf(result, 'gone'))).toEqual(sorted(gone));
      const counts = hostListShape.parse(
        (
          await h.call('list_hosts', {
            ...listScope,
            new_since: since,
            not_seen_since: since,
            counts_only: true,
          })
        ).structuredContent,
      ).counts;
      expect(changed.counts.hosts_new).toBe(counts?.new_since);
      expect(changed.counts.hosts_gone).toBe(counts?.not_seen_since);
      expect(changed.counts.hosts_new).toBeGreaterThan(0);
      expect(textOf(result)).toContain(`${changed.counts.hosts_new} host`);
    },
  );

  it(
    rowsKept
      ? 'tells ports opened and closed, a service replaced'
      : 'says plainly that ports and services are not known, in both channels',
    async () => {
      const h = await start({ sample: { scanopyVersion: version } });
      const result = await h.call('list_changes', { network: 'Lab', since: '2026-11-15' });
      const out = answer(result);
      const text = textOf(result);
      if (!rowsKept) {
        expect(out.counts.ports_opened).toBeUndefined();
        expect(out.counts.services_appeared).toBeUndefined();
        expect(out.not_known?.map((k) => k.kind)).toEqual(['ports', 'services', 'links']);
        expect(text).toMatch(
          new RegExp(
            `Scanopy ${version.replace(/\./g, '\\.')} keeps no per-port sightings: ports opened or closed are not known`,
          ),
        );
        expect(text).toMatch(/services that appeared or disappeared are not known/);
        expect(text).toMatch(/Scanopy 0\.17\.0 or later/);
        expect(out.changes?.some((c) => c.change === 'changed')).toBe(false);
      } else {
        expect(out.counts).toMatchObject({
          ports_opened: 1,
          ports_closed: 1,
          services_appeared: 1,
          services_disappeared: 1,
          hosts_changed: 2,
        });
        const portsRow = out.changes?.find((c) => c.id === changes.portsHost);
        expect(portsRow).toMatchObject({
          change: 'changed',
          ports_opened: ['8443/tcp'],
          ports_closed: [`${changes.closedPort}/tcp`],
        });
        const serviceRow = out.changes?.find((c) => c.id === changes.serviceHost);
        expect(serviceRow).toMatchObject({
          services_appeared: ['Caddy'],
          services_disappeared: ['nginx'],
        });
        expect(text).toMatch(/ports opened 8443\/tcp · ports closed \d+\/tcp/);
        expect(text).toMatch(/services appeared "Caddy" · services disappeared "nginx"/);
        expect(out.not_known?.map((k) => k.kind)).toEqual(['links']);
      }
      // Links (test/changes-links.test.ts): what cannot be told is said, never a 0.
      expect(text).toMatch(
        rowsKept
          ? /Not known \(links\): .* links that appeared are not known/
          : /Not known \(links\): .* keeps no link sightings/,
      );
      expect(out.counts).not.toHaveProperty('links_appeared');
    },
  );

  it('a warm question sends at most 2 requests', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    answer(await h.call('list_changes', { since: 'P7D' }));
    const before = h.api.requests.length;
    answer(
      await h.call('list_changes', { network: 'Lab', since: '2026-11-10', kinds: 'hosts,ports' }),
    );
    expect(h.api.requests.length - before).toBeLessThanOrEqual(2);
  });

  it.each([
    [{ since: '2026-02-31' }, /since "2026-02-31" is not an ISO 8601 date/],
    [{ since: 'yesterday' }, /since "yesterday" is not an ISO 8601 date/],
    [{ since: 'P1M' }, /not a duration this server reads/],
    [{ since: '2026-11-20T25:00Z' }, /is not an ISO 8601 date/],
    [{ since: 'P7D', run: 'Lab unified discovery' }, /Pass one of since/],
    [
      { since: 'P7D', kinds: 'hosts,vlans' },
      /kinds has no kind "vlans": the known ones are hosts, ports, services, links/,
    ],
    [{ since: 'P7D', fields: 'name', counts_only: true }, /pass one/],
    [{ since: 'P7D', fields: 'name,colour' }, /fields has no column "colour"/],
  ])('refuses %j before asking the service anything', async (args, message) => {
    const h = await start({ sample: { scanopyVersion: version } });
    const before = h.api.requests.length;
    const result = await h.call('list_changes', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    expect(h.api.requests.length).toBe(before);
  });
});

describe('list_changes questions', () => {
  it('without since or run: the last week', async () => {
    const h = await start();
    const out = answer(await h.call('list_changes', {}));
    expect(out.since).toBe('2026-11-18 12:00Z');
  });

  it('run: the latest run of a discovery against the one before (0.17.22)', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const result = await h.call('list_changes', { run: 'Lab unified discovery', limit: 0 });
    const out = answer(result);
    expect(out.run).toMatchObject({
      id: INVENTORY_DISCOVERIES.labUnified,
      latest: { id: INVENTORY_DISCOVERIES.labRun, started_at: '2026-11-19T22:00:00Z' },
      previous: { id: INVENTORY_DISCOVERIES.labEarlierRun },
    });
    expect(idsOf(result, 'new')).toEqual([changes.newHost]);
    // Gone: the lab hosts the run before saw and the latest did not.
    const earlier = hosts.filter(
      (x) => x.network_id === SAMPLE_NETWORKS.lab && x.last_seen_at === '2026-11-12T22:03:00Z',
    );
    expect(sorted(idsOf(result, 'gone'))).toEqual(sorted(earlier.map((x) => x.id)));
    expect(out.counts).toMatchObject({ ports_opened: 1, services_appeared: 1 });
    expect(textOf(result)).toMatch(
      /in the latest run of "Lab unified discovery" \(started 2026-11-19 22:00Z\)/,
    );
  });

  it('run: one run record alone says hosts gone are not known (0.14.13)', async () => {
    const h = await start();
    const result = await h.call('list_changes', { run: INVENTORY_DISCOVERIES.labRun });
    const out = answer(result);
    expect(out.counts.hosts_gone).toBeUndefined();
    expect(out.not_known?.find((k) => k.kind === 'hosts')?.why).toMatch(/one run record only/);
    expect(textOf(result)).toMatch(/Not known \(hosts\): .*hosts gone .* are not known/);
    expect(idsOf(result, 'new')).toContain(changes.newHost);
  });

  it('host scope: one host by name, its changes alone', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const name = byId(changes.portsHost)?.name as string;
    const out = answer(await h.call('list_changes', { host: name, since: '2026-11-15' }));
    expect(out.changes?.map((c) => c.id)).toEqual([changes.portsHost]);
    expect(out.counts).toMatchObject({
      hosts_new: 0,
      hosts_gone: 0,
      ports_opened: 1,
      services_appeared: 0,
    });
    const missing = await h.call('list_changes', { host: 'no-such-host', since: '2026-11-15' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/is no host this key sees/);
  });

  it('kinds, counts_only and fields', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const ports = answer(await h.call('list_changes', { since: '2026-11-15', kinds: 'ports' }));
    expect(ports.counts).toEqual({ hosts_changed: 1, ports_opened: 1, ports_closed: 1 });
    expect(ports.not_known).toBeUndefined();
    const counted = answer(
      await h.call('list_changes', { since: '2026-11-15', counts_only: true }),
    );
    expect(counted.changes).toBeUndefined();
    expect(counted.counts.hosts_new).toBeGreaterThan(0);
    const compact = await h.call('list_changes', {
      since: '2026-11-15',
      kinds: 'services',
      fields: 'change,name,services_appeared,services_disappeared',
    });
    expect(compact.isError, textOf(compact)).toBeFalsy();
    const structured = compact.structuredContent as { rows: unknown[][]; counts: object };
    expect(structured.rows).toEqual([
      ['changed', byId(changes.serviceHost)?.name, ['Caddy'], ['nginx']],
    ]);
    expect(structured.counts).toEqual({
      hosts_changed: 1,
      services_appeared: 1,
      services_disappeared: 1,
    });
  });

  it('snapshots on 0.17: how many and the newest, none, or the plan refusing them', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const lab = await h.call('list_changes', { network: 'Lab', since: 'P7D', counts_only: true });
    expect(answer(lab).snapshots).toMatchObject({
      count: 2,
      newest: [{ at: '2026-11-19T23:00:00Z' }, { at: '2026-11-12T23:00:00Z' }],
    });
    expect(textOf(lab)).toMatch(/Snapshots: 2 kept, newest 2026-11-19T23:00:00Z/);
    const office = await h.call('list_changes', {
      network: 'Office',
      since: 'P7D',
      counts_only: true,
    });
    expect(answer(office).snapshots?.count).toBe(0);
    expect(textOf(office)).toMatch(/Snapshots: none taken here/);
    const refused = await start({ sample: { scanopyVersion: '0.17.22' } });
    refused.api.setIntercept((req, res) =>
      req.path === '/api/v1/snapshots'
        ? reply(res, 402, envelopeError('Snapshots not available on plan'), {
            'content-type': 'application/json',
          })
        : false,
    );
    const plan = await refused.call('list_changes', { since: 'P7D', counts_only: true });
    expect(answer(plan).snapshots?.count).toBeUndefined();
    expect(textOf(plan)).toMatch(/plan does not include them \(402\)/);
    const old = await start();
    const none = await old.call('list_changes', { since: 'P7D', counts_only: true });
    expect(answer(none).snapshots).toBeUndefined();
    expect(old.api.requests.some((r) => r.path === '/api/v1/snapshots')).toBe(false);
  });

  it('at 3,000 hosts, every one new: counts and a first page within the result budget, one call', async () => {
    const data = sampleData('0.17.22');
    useInventory(data, buildInventory({ hosts: 3_000 }));
    const h = await start({ sample: { data }, maxResultBytes: 60_000 });
    const result = await h.call('list_changes', { since: '2026-01-01', limit: 0 });
    const out = answer(result);
    expect(out.counts.hosts_new).toBe(3_000);
    const bytes =
      Buffer.byteLength(textOf(result)) +
      Buffer.byteLength(JSON.stringify(result.structuredContent));
    expect(bytes).toBeLessThanOrEqual(60_000);
    expect(out.changes?.length).toBeGreaterThan(50);
    expect(out.next_offset).toBe(out.changes?.length);
    expect(out.truncated).toBe(true);
    expect(textOf(result)).toMatch(
      /Short page: \d+ shown to stay within the result budget; \d+ more changes: call again with offset \d+/,
    );
  });

  it('pages: limit and offset go through every change once', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const all = answer(await h.call('list_changes', { since: '2026-11-10', limit: 0 }));
    const seen: string[] = [];
    for (let offset = 0; ; ) {
      const page = answer(await h.call('list_changes', { since: '2026-11-10', limit: 7, offset }));
      seen.push(...(page.changes ?? []).map((c) => `${c.change}:${c.id}`));
      if (page.next_offset === undefined) break;
      offset = page.next_offset;
    }
    expect(seen).toEqual((all.changes ?? []).map((c) => `${c.change}:${c.id}`));
  });
});

describe('a link reader plugged in', () => {
  it('adds its counts and lines to both channels', () => {
    const result = changeListResult(
      {
        rows: [],
        counts: { hosts_new: 0, hosts_gone: 0, links_appeared: 1, links_gone: 2 },
        notKnown: [],
        since: '2026-11-18 12:00Z',
        linkLines: ['- link gone "sw-1" Gi0/1 to "srv-2"'],
        nameOf: () => undefined,
        offset: 0,
        limit: 50,
        countsOnly: false,
        notes: [],
      },
      100_000,
    );
    expect(result.text).toMatch(/1 link appeared, 2 gone/);
    expect(result.text).toContain('- link gone "sw-1" Gi0/1 to "srv-2"');
    expect(result.structured.link_changes).toEqual(['- link gone "sw-1" Gi0/1 to "srv-2"']);
    expect(result.structured.counts).toMatchObject({ links_appeared: 1, links_gone: 2 });
  });
});
