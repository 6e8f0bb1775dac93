// list_hosts on the sample's edge hosts, on each version: two addresses, IPv6 and link-local, dates exactly on a boundary, a network's default credential, a job with several run records, a small budget.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { inventoryProfile } from '../src/api/families/inventory.js';
import { SAMPLE_NETWORKS, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import type { SampleHost } from '../src/sample-api/inventory-data.js';
import * as sample from '../src/sample-api/inventory-data.js';
import { GENERATED_NETWORK_ID } from '../src/sample-api/names-data.js';
import { prepareSearch, serviceSide } from '../src/tools/hosts/host-filters.js';
import { hostListShape } from '../src/views/hosts/host-shapes.js';
import { textOf, useHarness } from './harness.js';

const { EDGE_DATES, EDGE_HOSTS, INVENTORY_DISCOVERIES } = sample;
const inventory = sample.buildInventory();
const { hosts } = inventory;
const start = useHarness();
const inNetwork = (id: string) => hosts.filter((h) => h.network_id === id);
const office = inNetwork(SAMPLE_NETWORKS.office);
const lab = inNetwork(SAMPLE_NETWORKS.lab);
const branch = inNetwork(GENERATED_NETWORK_ID);
const edge = (list: SampleHost[], i: number) => list[i] as SampleHost;
const addressesOf = (h: SampleHost) => [h.address, ...h.more_addresses];

type Listed = ReturnType<typeof hostListShape.parse>;
function listed(result: CallToolResult): Listed {
  expect(result.isError, textOf(result)).toBeFalsy();
  return hostListShape.parse(result.structuredContent);
}
const itemsOf = (result: CallToolResult) => listed(result).groups.flatMap((g) => g.hosts);
const idsOf = (result: CallToolResult) => itemsOf(result).map((h) => h.id);
const sorted = (ids: string[]) => [...ids].sort();

describe('the edge hosts are where the tests expect them', () => {
  it('two addresses in one subnet, across two, IPv6 and link-local, dates on a boundary', () => {
    const pair = edge(office, EDGE_HOSTS.twoInOneSubnet);
    expect(pair.more_addresses.map((a) => a.subnet_id)).toEqual([pair.address.subnet_id]);
    const across = edge(office, EDGE_HOSTS.acrossTwoSubnets);
    expect(across.more_addresses[0]?.subnet_id).not.toBe(across.address.subnet_id);
    expect(edge(lab, EDGE_HOSTS.ipv6).more_addresses.map((a) => a.ip)).toEqual([
      '2001:db8:50::7',
      'fe80::21a:2bff:fe00:7',
    ]);
    expect(edge(office, EDGE_HOSTS.createdAtMidnight).created_at).toBe(
      EDGE_DATES.createdAtMidnight,
    );
    expect(edge(branch, EDGE_HOSTS.lastSeenAtMidnight).last_seen_at).toBe(
      EDGE_DATES.lastSeenAtMidnight,
    );
  });
});

describe('which searches go to a service that applies search (0.17.21+)', () => {
  const profile = inventoryProfile('0.17.22');
  const sent = (search: string) =>
    serviceSide({ search: prepareSearch(search) }, profile).query.search;

  it('one word goes, trimmed', () => {
    expect(sent('sw-14')).toBe('sw-14');
    expect(sent('  sw-14\u00a0')).toBe('sw-14');
  });

  it('words apart by any white space stay here: a space, a tab, a no-break space, an em space', () => {
    for (const gap of [' ', '\t', '\n', '\u00a0', '\u2003', '\u3000']) {
      expect(sent(`office${gap}10.0.0.201`), JSON.stringify(gap)).toBeUndefined();
    }
  });
});

describe.each(SAMPLE_VERSIONS)('list_hosts on the edges, Scanopy %s', (version) => {
  const harness = (maxResultBytes = 2_000_000) =>
    start({ sample: { data: sampleData(version) }, maxResultBytes });

  it('an IPv4 ip filter beside a host with IPv6 and link-local addresses; IPv6 filters find it', async () => {
    const h = await harness();
    const v6 = edge(lab, EDGE_HOSTS.ipv6);
    const v4 = await h.call('list_hosts', { ip: '192.168.50.0/24', limit: 0 });
    expect(sorted(idsOf(v4))).toEqual(sorted(lab.map((x) => x.id)));
    for (const ip of [
      v6.address.ip,
      '2001:db8:50::/64',
      '2001:db8:50::7',
      'fe80::21a:2bff:fe00:7',
    ]) {
      const found = await h.call('list_hosts', { ip, limit: 0 });
      expect(idsOf(found), ip).toEqual([v6.id]);
    }
    const none = await h.call('list_hosts', { ip: '2001:db8:51::/64', limit: 0 });
    expect(idsOf(none)).toEqual([]);
  });

  it('a host with a second address is found by either, and listed once', async () => {
    const h = await harness();
    const across = edge(office, EDGE_HOSTS.acrossTwoSubnets);
    for (const a of addressesOf(across)) {
      expect(idsOf(await h.call('list_hosts', { ip: a.ip, limit: 0 }))).toEqual([across.id]);
    }
    const lan = await h.call('list_hosts', { ip: '10.0.0.0/24', limit: 0 });
    const expected = office.filter((x) => addressesOf(x).some((a) => a.ip.startsWith('10.0.0.')));
    expect(sorted(idsOf(lan))).toEqual(sorted(expected.map((x) => x.id)));
    expect(idsOf(lan)).toContain(across.id);
  });

  it('new_since takes a host created at exactly that instant, in the list and in the counts alike', async () => {
    const h = await harness();
    const midnight = edge(office, EDGE_HOSTS.createdAtMidnight);
    const since = Date.parse('2026-11-15T00:00:00Z');
    const expected = hosts.filter((x) => Date.parse(x.created_at) >= since).map((x) => x.id);
    for (const new_since of ['2026-11-15', '2026-11-15T00:00:00Z', '2026-11-15T00:00']) {
      const list = await h.call('list_hosts', { new_since, limit: 0 });
      expect(sorted(idsOf(list)), new_since).toEqual(sorted(expected));
      expect(idsOf(list)).toContain(midnight.id);
      const counts = listed(await h.call('list_hosts', { new_since, counts_only: true })).counts;
      expect(counts?.hosts).toBe(expected.length);
      expect(counts?.new_since).toBe(expected.length);
    }
    // A millisecond later, it is no longer new.
    const later = await h.call('list_hosts', { new_since: '2026-11-15T00:00:00.001Z', limit: 0 });
    expect(idsOf(later)).not.toContain(midnight.id);
  });

  it('not_seen_since counts hosts by when they were last seen, on every version; one seen exactly then is not counted', async () => {
    const h = await harness();
    const not_seen_since = '2026-11-10';
    const before = Date.parse(EDGE_DATES.lastSeenAtMidnight);
    const expected = hosts.filter((x) => Date.parse(x.last_seen_at) < before).map((x) => x.id);
    expect(expected.length).toBeGreaterThan(0);
    const counts = listed(await h.call('list_hosts', { not_seen_since, counts_only: true })).counts;
    expect(counts?.hosts).toBe(expected.length);
    expect(counts?.not_seen_since).toBe(expected.length);
    const list = await h.call('list_hosts', { not_seen_since, limit: 0 });
    expect(sorted(idsOf(list))).toEqual(sorted(expected));
    expect(idsOf(list)).not.toContain(edge(branch, EDGE_HOSTS.lastSeenAtMidnight).id);
    // With another filter too, the dated count is over the hosts meeting it.
    const branchCounts = listed(
      await h.call('list_hosts', { not_seen_since, network: 'Branch office', counts_only: true }),
    ).counts;
    expect(branchCounts?.not_seen_since).toBe(
      branch.filter((x) => Date.parse(x.last_seen_at) < before).length,
    );
  });

  it('counts a host with two addresses in one subnet once in that subnet, and once in each of two', async () => {
    const h = await harness();
    const counts = listed(
      await h.call('list_hosts', { network: 'Office', counts_only: true }),
    ).counts;
    const cidrOf = new Map(inventory.subnets.map((s) => [s.id, s.cidr]));
    const expected = new Map<string, number>();
    for (const x of office) {
      for (const cidr of new Set(addressesOf(x).map((a) => cidrOf.get(a.subnet_id) ?? ''))) {
        expected.set(cidr, (expected.get(cidr) ?? 0) + 1);
      }
    }
    expect(new Map(counts?.by_subnet.top)).toEqual(expected);
    // Two addresses on one host: the subnet totals exceed the hosts by exactly the one across two.
    expect(counts?.by_subnet.total).toBe(office.length + 1);
  });

  it('a network whose default SNMP credential covers its hosts has none without a credential', async () => {
    const h = await harness();
    const labCounts = listed(
      await h.call('list_hosts', { network: 'Lab', counts_only: true }),
    ).counts;
    expect(labCounts?.hosts).toBe(lab.length);
    expect(labCounts?.without_snmp_credential).toBe(0);
    const all = listed(await h.call('list_hosts', { counts_only: true })).counts;
    const bare = hosts.filter((x) => x.network_id !== SAMPLE_NETWORKS.lab && !x.credential_id);
    expect(all?.without_snmp_credential).toBe(bare.length);
    const none = await h.call('list_hosts', { snmp_credential: 'none', network: 'Lab', limit: 0 });
    expect(idsOf(none)).toEqual([]);
  });

  it('a search of several words finds hosts with every word, wherever the service applies search', async () => {
    const h = await harness();
    const target = edge(office, EDGE_HOSTS.acrossTwoSubnets);
    const second = target.more_addresses[0]?.ip as string;
    // Each word alone matches many hosts; together, one.
    for (const search of [`${target.name} ${second}`, `office ${second}`, ` lan  ${second} `]) {
      const found = await h.call('list_hosts', { search, limit: 0 });
      expect(idsOf(found), search).toEqual([target.id]);
    }
  });

  if (version === '0.17.22') {
    it('words apart by any white space (tab, no-break space) stay here: the service matches a search whole', async () => {
      const h = await harness();
      const target = edge(office, EDGE_HOSTS.acrossTwoSubnets);
      for (const gap of [' ', '\t', '\u00a0', '\u2003']) {
        const before = h.api.requests.length;
        const search = `office${gap}${target.more_addresses[0]?.ip}`;
        const found = await h.call('list_hosts', { search, limit: 0 });
        expect(idsOf(found), JSON.stringify(search)).toEqual([target.id]);
        const sent = h.api.requests.slice(before).filter((r) => r.path === '/api/v1/hosts');
        expect(sent.length).toBeGreaterThan(0);
        for (const r of sent) expect(r.query.get('search'), JSON.stringify(search)).toBeNull();
      }
      // One word goes to the service, which applies it: asked cold, since a caller who already
      // holds a kept copy of the hosts (or asks for all, limit 0) is answered from one (issue 31).
      const cold = await harness();
      await cold.call('list_hosts', { search: target.name, limit: 50 });
      const sent = cold.api.requests.filter((r) => r.path === '/api/v1/hosts');
      expect(sent[0]?.query.get('search')).toBe(target.name);
    });
  }

  if (version !== '0.14.13') {
    it('found_by a job reaches the hosts each of its run records last touched', async () => {
      const h = await harness();
      const result = await h.call('list_hosts', { found_by: 'Lab unified discovery', limit: 0 });
      const items = itemsOf(result);
      const touched = (record: string) =>
        lab.filter((x) => x.last_discovery_id === record).map((x) => x.id);
      const byRecords = [
        ...touched(INVENTORY_DISCOVERIES.labRun),
        ...touched(INVENTORY_DISCOVERIES.labEarlierRun),
        // 0.17 stores the job itself as the last toucher of the hosts its own runs touched.
        ...(version === '0.17.22' ? touched(INVENTORY_DISCOVERIES.labUnified) : []),
      ];
      expect(touched(INVENTORY_DISCOVERIES.labEarlierRun).length).toBeGreaterThan(0);
      const last = items.filter((x) => x.found_by?.includes('last')).map((x) => x.id);
      expect(sorted(last)).toEqual(sorted(byRecords));
      // A run record stands for itself alone: the earlier run is not the later one.
      const one = await h.call('list_hosts', {
        found_by: INVENTORY_DISCOVERIES.labEarlierRun,
        limit: 0,
      });
      expect(sorted(idsOf(one))).toEqual(sorted(touched(INVENTORY_DISCOVERIES.labEarlierRun)));
    });
  }

  it('a small result budget holds both channels together, and says how to go on', async () => {
    for (const budget of [6_000, 20_000]) {
      const h = await harness(budget);
      const result = await h.call('list_hosts', { limit: 200 });
      const answer = listed(result);
      const text = Buffer.byteLength(textOf(result));
      const structured = Buffer.byteLength(JSON.stringify(result.structuredContent));
      expect(text + structured, `budget ${budget}`).toBeLessThanOrEqual(budget);
      const shown = answer.groups.flatMap((g) => g.hosts).length;
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(200);
      expect(textOf(result)).toContain(`call again with offset ${shown}`);
    }
  });
});
