// list_changes between two snapshots through a real client: by ids and by times on 0.17.x, the plan refusing them (402), none, one, an unknown id, versions before 0.17, arguments refused before any request, requests a question costs.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_NETWORKS } from '../src/sample-api/data.js';
import { SAMPLE_SNAPSHOTS, snapshotBundle } from '../src/sample-api/snapshot-data.js';
import { changeListShape } from '../src/views/changes/change-shapes.js';
import { envelopeError, JSON_TYPE, reply } from './fake-api.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
const [FIRST, SECOND] = SAMPLE_SNAPSHOTS.map((s) => s.id) as [string, string];
const BUNDLE = '/api/v1/topology/data';

function answer(result: CallToolResult) {
  expect(result.isError, textOf(result)).toBeFalsy();
  return changeListShape.parse(result.structuredContent);
}
function refused(result: CallToolResult, pattern: RegExp) {
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(pattern);
  expect(textOf(result)).toMatch(/Nothing was compared\./);
}

const EVERY_KIND = {
  hosts_new: 1,
  hosts_gone: 1,
  hosts_renamed: 1,
  hosts_changed: 1,
  ports_opened: 1,
  ports_closed: 1,
  services_appeared: 1,
  services_disappeared: 1,
  links_appeared: 1,
  links_gone: 1,
};

describe.each(['0.17.22', '0.17.0'])('list_changes between two snapshots on %s', (version) => {
  it('by ids: hosts, ports, services and links by lineage, counts first, in both channels', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const result = await h.call('list_changes', { from_snapshot: FIRST, to_snapshot: SECOND });
    const out = answer(result);
    expect(out.counts).toEqual(EVERY_KIND);
    expect(out.compared).toEqual({
      network_id: SAMPLE_NETWORKS.lab,
      from: { id: FIRST, at: '2026-11-12T23:00:00Z' },
      to: { id: SECOND, at: '2026-11-19T23:00:00Z' },
    });
    // Rows carry the live id (the lineage), never a snapshot copy's.
    expect(out.changes).toEqual([
      expect.objectContaining({
        change: 'new',
        name: 'lab-cam-02',
        id: expect.stringMatching(/^a5a5a5a5-0001-/),
      }),
      expect.objectContaining({ change: 'gone', name: 'lab-old-nas' }),
      expect.objectContaining({
        change: 'changed',
        name: 'lab-printer-2',
        renamed_from: 'lab-printer',
      }),
      expect.objectContaining({
        change: 'changed',
        name: 'lab-web-01',
        ports_opened: ['8443/tcp'],
        ports_closed: ['21/tcp'],
        services_appeared: ['Caddy'],
        services_disappeared: ['nginx'],
      }),
    ]);
    expect(JSON.stringify(out)).not.toMatch(/c[01]c[01]a5a5/);
    // The cable moved: one link gone, one appeared (which rows' sightings cannot tell).
    expect(out.link_changes).toEqual([
      '- link appeared: "lab-core-sw" "Gi0/5" <-> "lab-printer-2" "eth0"',
      '- link gone: "lab-core-sw" "Gi0/3" <-> "lab-printer" "eth0"',
    ]);
    const text = textOf(result);
    expect(text.split('\n')[0]).toMatch(
      /^# Changes in network "Lab" between snapshot 2026-11-12T23:00Z .* and snapshot 2026-11-19T23:00Z .*: 1 host new, 1 gone, 1 renamed; 1 port opened, 1 closed; 1 service appeared, 1 disappeared; on 1 host still there; 1 link appeared, 1 gone\.$/,
    );
    expect(text).toContain('- changed "lab-web-01"');
    expect(text).toMatch(
      /- changed "lab-printer-2" \(id a5a5a5a5-0001-4000-8000-000000000003\) · network "Lab" · renamed from "lab-printer"/,
    );
    expect(text).toContain('ports opened 8443/tcp');
    expect(text).toContain('- link appeared: "lab-core-sw" "Gi0/5" <-> "lab-printer-2" "eth0"');
    expect(text).toMatch(/Compared by lineage_id/);
    expect(h.api.requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('by times: the newest taken at or before each, to_snapshot omitted is the newest', async () => {
    const h = await start({ sample: { scanopyVersion: version } });
    const byTime = answer(await h.call('list_changes', { from_snapshot: '2026-11-15' }));
    expect(byTime.compared?.from.id).toBe(FIRST);
    expect(byTime.compared?.to.id).toBe(SECOND);
    expect(byTime.counts).toEqual(EVERY_KIND);
    // Exactly at the instant a snapshot was taken: that snapshot.
    const boundary = answer(
      await h.call('list_changes', {
        from_snapshot: '2026-11-12T23:00:00Z',
        to_snapshot: '2026-11-19T23:00:00Z',
        network: 'Lab',
      }),
    );
    expect(boundary.compared).toMatchObject({ from: { id: FIRST }, to: { id: SECOND } });
    refused(
      await h.call('list_changes', { from_snapshot: '2026-11-01' }),
      /no snapshot of this network was taken at or before 2026-11-01 00:00Z; the oldest is 2026-11-12T23:00:00Z/,
    );
    refused(
      await h.call('list_changes', { from_snapshot: '2026-11-20', to_snapshot: FIRST }),
      /was taken after to_snapshot .*swap them/,
    );
    refused(
      await h.call('list_changes', { from_snapshot: SECOND }),
      /the same snapshot .*give an earlier from_snapshot/,
    );
  });
});

describe('a snapshot answer is a list answer', () => {
  it('kinds, counts_only, fields, limit and offset work as in every list_changes answer', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const links = answer(await h.call('list_changes', { from_snapshot: FIRST, kinds: 'links' }));
    expect(links.counts).toEqual({ links_appeared: 1, links_gone: 1 });
    expect(links.changes).toEqual([]);
    const counted = await h.call('list_changes', { from_snapshot: FIRST, counts_only: true });
    expect(answer(counted).counts).toEqual(EVERY_KIND);
    expect(answer(counted).changes).toBeUndefined();
    expect(answer(counted).link_changes).toBeUndefined();
    expect(textOf(counted)).not.toContain('- link');
    const compact = await h.call('list_changes', {
      from_snapshot: FIRST,
      fields: ['change', 'name', 'ports_opened'],
    });
    expect(compact.isError, textOf(compact)).toBeFalsy();
    const structured = compact.structuredContent as { rows: unknown[][]; counts: object };
    expect(structured.rows).toEqual([
      ['new', 'lab-cam-02', null],
      ['gone', 'lab-old-nas', null],
      ['changed', 'lab-printer-2', null],
      ['changed', 'lab-web-01', ['8443/tcp']],
    ]);
    expect(structured.counts).toEqual(EVERY_KIND);
    const page = answer(
      await h.call('list_changes', { from_snapshot: FIRST, limit: 1, offset: 1 }),
    );
    expect(page.changes?.map((c) => c.name)).toEqual(['lab-old-nas']);
    expect(page.pagination).toMatchObject({ total_count: 4, has_more: true });
    expect(page.next_offset).toBe(2);
    const one = answer(await h.call('list_changes', { from_snapshot: FIRST, host: 'lab-web-01' }));
    expect(one.counts).toMatchObject({
      hosts_new: 0,
      hosts_gone: 0,
      ports_opened: 1,
      links_gone: 0,
    });
  });

  it('at 3,000 hosts new between them: counts whole, a first page, both channels within the result budget', async () => {
    const budget = 20_000;
    const h = await start({ sample: { scanopyVersion: '0.17.22' }, maxResultBytes: budget });
    const later = snapshotBundle(SECOND, true)?.bundle as { hosts: object[] };
    const many = Array.from({ length: 3_000 }, (_, n) => ({
      id: `c9c9c9c9-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      lineage_id: `b7b7b7b7-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      name: `lab-new-${n}`,
      site_id: SAMPLE_NETWORKS.lab,
    }));
    const body = JSON.stringify({
      success: true,
      data: { ...later, hosts: [...later.hosts, ...many] },
      meta: { api_version: 1, server_version: '0.17.22' },
    });
    h.api.setIntercept((req, res) =>
      req.path === BUNDLE && req.query.get('snapshot_id') === SECOND
        ? reply(res, 200, body, JSON_TYPE)
        : false,
    );
    const result = await h.call('list_changes', { from_snapshot: FIRST, limit: 0 });
    const out = answer(result);
    expect(out.counts.hosts_new).toBe(3_001);
    expect(out.counts.links_appeared).toBe(1);
    expect(out.truncated).toBe(true);
    expect(out.changes?.length).toBeGreaterThan(10);
    expect(out.next_offset).toBe(out.changes?.length);
    expect(
      Buffer.byteLength(textOf(result)) +
        Buffer.byteLength(JSON.stringify(result.structuredContent)),
    ).toBeLessThanOrEqual(budget);
    expect(textOf(result)).toMatch(
      /^# Changes in network "Lab" between snapshot .*: 3001 hosts new, 1 gone/,
    );
  });

  it('a snapshot question sends 5 requests cold and 2 warm (the two bundles); nothing is written', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    answer(await h.call('list_changes', { from_snapshot: FIRST, to_snapshot: SECOND }));
    expect(h.api.requests.map((r) => r.path)).toEqual([
      '/api/version',
      '/api/v1/sites',
      '/api/v1/snapshots',
      BUNDLE,
      BUNDLE,
    ]);
    expect(
      h.api.requests.filter((r) => r.path === BUNDLE).map((r) => r.query.get('snapshot_id')),
    ).toEqual([FIRST, SECOND]);
    const before = h.api.requests.length;
    answer(await h.call('list_changes', { from_snapshot: '2026-11-13', network: 'Lab' }));
    expect(h.api.requests.slice(before).map((r) => r.path)).toEqual([BUNDLE, BUNDLE]);
    expect(h.api.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});

describe('when snapshots cannot be compared, it says so and what to do', () => {
  const snapshotList = (items: object[]) =>
    JSON.stringify({
      success: true,
      data: items,
      meta: {
        api_version: 1,
        server_version: '0.17.22',
        pagination: { total_count: items.length, limit: 1000, offset: 0, has_more: false },
      },
    });
  /** The service lists these snapshots instead of the sample's. */
  const serveSnapshots = (h: Awaited<ReturnType<typeof start>>, items: object[]) =>
    h.api.setIntercept((req, res) =>
      req.path === '/api/v1/snapshots' ? reply(res, 200, snapshotList(items), JSON_TYPE) : false,
    );

  it('the plan refuses them (402)', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    h.api.setIntercept((req, res) =>
      req.path === '/api/v1/snapshots'
        ? reply(res, 402, envelopeError('Snapshots not available on plan'), JSON_TYPE)
        : false,
    );
    const result = await h.call('list_changes', { from_snapshot: FIRST });
    refused(result, /plan does not include snapshots \(Scanopy answered 402/);
    expect(textOf(result)).toMatch(/since \(a date or P7D\) or run/);
    expect(h.api.requests.some((r) => r.path === BUNDLE)).toBe(false);
  });

  it('none kept, of the network asked or at all', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    refused(
      await h.call('list_changes', { from_snapshot: '2026-11-20', network: 'Office' }),
      /No snapshots are kept of this network, so there are none to compare/,
    );
    const bare = await start({ sample: { scanopyVersion: '0.17.22' } });
    serveSnapshots(bare, []);
    refused(
      await bare.call('list_changes', { from_snapshot: '2026-11-20' }),
      /No snapshots are kept, so there are none to compare\. A snapshot is taken in Scanopy/,
    );
    expect(bare.api.requests.some((r) => r.path === BUNDLE)).toBe(false);
  });

  it('one only: nothing to compare it with', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    serveSnapshots(h, [
      { id: FIRST, site_id: SAMPLE_NETWORKS.lab, taken_at: '2026-11-12T23:00:00Z' },
    ]);
    refused(
      await h.call('list_changes', { from_snapshot: FIRST }),
      /One snapshot only is kept of this network \(2026-11-12T23:00:00Z \(id 5e5e5e5e-0001/,
    );
    expect(h.api.requests.some((r) => r.path === BUNDLE)).toBe(false);
  });

  it('an unknown id names the ones there are', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    refused(
      await h.call('list_changes', { from_snapshot: '5e5e5e5e-0009-4000-8000-000000000009' }),
      /No snapshot 5e5e5e5e-0009-4000-8000-000000000009 among the 2 this key sees \(the newest: .*5e5e5e5e-0002/,
    );
    expect(h.api.requests.some((r) => r.path === BUNDLE)).toBe(false);
  });

  it('a snapshot of another network than the one asked, or one gone since it was listed', async () => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    refused(
      await h.call('list_changes', { from_snapshot: FIRST, network: 'Office' }),
      /Snapshot 5e5e5e5e-0001-4000-8000-000000000001 is of another network than the one asked/,
    );
    const office = { ...SAMPLE_SNAPSHOTS[1], id: '5e5e5e5e-0003-4000-8000-000000000003' };
    const other = await start({ sample: { scanopyVersion: '0.17.22' } });
    serveSnapshots(other, [
      ...SAMPLE_SNAPSHOTS.map((s) => ({ ...s, site_id: SAMPLE_NETWORKS.lab })),
      { ...office, site_id: SAMPLE_NETWORKS.office },
    ]);
    refused(
      await other.call('list_changes', { from_snapshot: FIRST, to_snapshot: office.id }),
      /snapshots of two networks/,
    );
    refused(
      await other.call('list_changes', { from_snapshot: '2026-11-15' }),
      /Snapshots of 2 networks are kept: pass network/,
    );
    expect(other.api.requests.some((r) => r.path === BUNDLE)).toBe(false);
    h.api.setIntercept((req, res) =>
      req.path === BUNDLE && req.query.get('snapshot_id') === SECOND
        ? reply(res, 404, envelopeError('Snapshot not found'), JSON_TYPE)
        : false,
    );
    refused(
      await h.call('list_changes', { from_snapshot: FIRST }),
      /Scanopy did not find snapshot 5e5e5e5e-0002-4000-8000-000000000002's data \(404\).*Call again/,
    );
  });

  it.each(['0.14.13', '0.16.2'])(
    '%s keeps no snapshots: what would tell it, no snapshot request',
    async (version) => {
      const h = await start({ sample: { scanopyVersion: version } });
      const result = await h.call('list_changes', { from_snapshot: '2026-11-15' });
      refused(
        result,
        new RegExp(
          `Scanopy ${version.replaceAll('.', '\\.')} keeps no snapshots \\(they came with 0\\.17\\.0\\)`,
        ),
      );
      expect(textOf(result)).toMatch(/What would tell it: Scanopy 0\.17\.0 or later/);
      expect(h.api.requests.some((r) => r.path === '/api/v1/snapshots' || r.path === BUNDLE)).toBe(
        false,
      );
    },
  );

  it.each([
    [
      { from_snapshot: FIRST, since: 'P7D' },
      /Pass either since\/run or from_snapshot\/to_snapshot/,
    ],
    [
      { to_snapshot: SECOND, run: 'Lab full scan' },
      /Pass either since\/run or from_snapshot\/to_snapshot/,
    ],
    [{ to_snapshot: SECOND }, /to_snapshot needs from_snapshot/],
    [{ from_snapshot: FIRST, tag: 'core' }, /tag is not read between snapshots/],
    [{ from_snapshot: 'last tuesday' }, /from_snapshot "last tuesday" is not an ISO 8601 date/],
    [
      { from_snapshot: FIRST, to_snapshot: '2026-13-01' },
      /to_snapshot "2026-13-01" is not an ISO 8601 date/,
    ],
  ])('%o is refused before any request', async (args, pattern) => {
    const h = await start({ sample: { scanopyVersion: '0.17.22' } });
    const result = await h.call('list_changes', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(pattern);
    expect(h.api.requests).toEqual([]);
  });
});
