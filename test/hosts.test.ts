// list_hosts and get_host through a real MCP client against the sample API on 0.14.13, 0.16.2 and 0.17.22: each argument, the counts, both channels, each version's routes.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_NETWORKS,
  SAMPLE_TAGS,
  SAMPLE_VERSIONS,
  sampleData,
} from '../src/sample-api/data.js';
import {
  buildInventory,
  INVENTORY_DISCOVERIES,
  LAB_PRINTERS_CREDENTIAL_ID,
  type SampleHost,
} from '../src/sample-api/inventory-data.js';
import { SAMPLE_HOSTS } from '../src/sample-api/names-data.js';
import { hostListShape, hostLookupShape } from '../src/views/hosts/host-shapes.js';
import { updateArgs } from './fixtures.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
/** The sample's inventory, as the routes serve it (built the same way, read independently here). */
const inventory = buildInventory();
const hosts = inventory.hosts;

type Listed = ReturnType<typeof hostListShape.parse>;

/** The structured answer, checked against the full shape the view reads. */
function listed(result: CallToolResult): Listed {
  expect(result.isError, textOf(result)).toBeFalsy();
  return hostListShape.parse(result.structuredContent);
}

const idsOf = (result: CallToolResult) =>
  listed(result)
    .groups.flatMap((g) => g.hosts.map((h) => h.id))
    .sort();
const expected = (test: (h: SampleHost) => boolean) =>
  hosts
    .filter(test)
    .map((h) => h.id)
    .sort();

/** Every address of a sample host, its first one first. */
const ipsOf = (h: SampleHost) => [h.address, ...h.more_addresses].map((a) => a.ip);

const bytes = (result: CallToolResult) => ({
  text: Buffer.byteLength(textOf(result)),
  structured: Buffer.byteLength(JSON.stringify(result.structuredContent)),
});

describe.each(SAMPLE_VERSIONS)('list_hosts on Scanopy %s', (version) => {
  const sites = version === '0.17.22';
  // A budget every match fits in: the filters are checked on the whole answer.
  const run = async (args: Record<string, unknown>) => {
    const h = await start({ sample: { data: sampleData(version) }, maxResultBytes: 2_000_000 });
    return { h, result: await h.call('list_hosts', args) };
  };

  it('groups hosts by network (site), names inline, in both channels', async () => {
    const { result } = await run({ limit: 20 });
    const answer = listed(result);
    expect(answer.pagination).toMatchObject({ total_count: hosts.length, offset: 0 });
    const [office] = answer.groups;
    expect(office).toMatchObject({ network_id: SAMPLE_NETWORKS.office, network: 'Office' });
    const gw = office?.hosts.find((h) => h.id === SAMPLE_HOSTS.officeDaemonHost);
    expect(gw).toMatchObject({ name: 'office-gw', snmp_credentials: [] });
    expect(gw?.ips?.[0]).toMatchObject({ ip: '10.0.0.2', subnet: '10.0.0.0/24' });
    const text = textOf(result);
    expect(text).toMatch(/^# Hosts 1-20 of 240\.$/m);
    expect(text).toContain(
      `## ${sites ? 'Site' : 'Network'} "Office" (${SAMPLE_NETWORKS.office}): 20 hosts shown`,
    );
    expect(text).toMatch(
      /^- "sw-2" · 10\.0\.1\.2 in 10\.0\.1\.0\/24 .*services "SSH" 22\/tcp, "SNMP" 161\/udp · ports 23\/tcp .*SNMP "Office switches"/m,
    );
    // The credentials' and tags' ids once, above the lines that name them.
    expect(text).toContain(`SNMP credentials: "Office switches" = ${SAMPLE_CREDENTIAL_ID}`);
    expect(text).toContain(`Tags: "core" = ${SAMPLE_TAGS.core}`);
    // Items carry ids; the names come once, keyed by id.
    expect(answer.credential_names).toEqual({ [SAMPLE_CREDENTIAL_ID]: 'Office switches' });
    expect(answer.tag_names).toMatchObject({ [SAMPLE_TAGS.core]: 'core' });
    const sw2 = office?.hosts.find((h) => h.name === 'sw-2');
    expect(sw2?.snmp_credentials).toEqual([{ id: SAMPLE_CREDENTIAL_ID }]);
    const links = answer.groups.flatMap((g) =>
      g.hosts.flatMap((h) => [h.first_found_by?.id, h.last_touched_by?.id]),
    );
    for (const id of links) if (id) expect(answer.discovery_names?.[id]).toBeDefined();
    // Twenty hosts: each channel near 10 KB, the text well under (ids cost more bytes than names).
    expect(bytes(result).text).toBeLessThan(8_000);
    expect(bytes(result).structured).toBeLessThan(12_000);
    expect(answer.next_step).toBe('220 more: call again with offset 20.');
  });

  it.each([
    ['network', { network: 'Lab' }, (h: SampleHost) => h.network_id === SAMPLE_NETWORKS.lab],
    [
      'network_id',
      { network_id: SAMPLE_NETWORKS.lab },
      (h: SampleHost) => h.network_id === SAMPLE_NETWORKS.lab,
    ],
    ['tag', { tag: 'core' }, (h: SampleHost) => h.tags.includes(SAMPLE_TAGS.core)],
    ['search by name', { search: 'db-1' }, (h: SampleHost) => h.name.includes('db-1')],
    [
      'search by MAC',
      { search: '00:1a:2b:00:00:9c' },
      (h: SampleHost) => h.address.mac === '00:1a:2b:00:00:9c',
    ],
    ['ip address', { ip: '192.168.50.7' }, (h: SampleHost) => h.address.ip === '192.168.50.7'],
    [
      'ip CIDR',
      { ip: '10.0.0.0/24' },
      (h: SampleHost) => ipsOf(h).some((ip) => ip.startsWith('10.0.0.')),
    ],
    ['service', { service: 'ssh' }, (h: SampleHost) => h.services.some((s) => s.name === 'SSH')],
    ['port', { port: 23 }, (h: SampleHost) => h.ports.some((p) => p.number === 23)],
    ['new_since', { new_since: '2026-11-15' }, (h: SampleHost) => h.created_at >= '2026-11-15'],
    [
      'not_seen_since',
      { not_seen_since: '2026-11-10T00:00:00Z' },
      (h: SampleHost) => h.last_seen_at < '2026-11-10',
    ],
    [
      'snmp_credential by name',
      { snmp_credential: 'Office switches' },
      (h: SampleHost) => h.credential_id === SAMPLE_CREDENTIAL_ID,
    ],
    [
      'snmp_credential from the network',
      { snmp_credential: LAB_PRINTERS_CREDENTIAL_ID },
      (h: SampleHost) => h.network_id === SAMPLE_NETWORKS.lab,
    ],
    [
      'snmp_credential none',
      { snmp_credential: 'none' },
      (h: SampleHost) => h.credential_id === null && h.network_id !== SAMPLE_NETWORKS.lab,
    ],
    [
      'filters combined',
      { network: 'Office', service: 'SSH', port: 23 },
      (h: SampleHost) =>
        h.network_id === SAMPLE_NETWORKS.office &&
        h.ports.some((p) => p.number === 23) &&
        h.services.some((s) => s.name === 'SSH'),
    ],
  ] as const)(
    'filters by %s, every page read and every filter re-applied here',
    async (_label, args, test) => {
      const { result } = await run({ ...args, limit: 0 });
      expect(idsOf(result)).toEqual(expected(test));
      const answer = listed(result);
      expect(answer.filters?.server.length).toBeGreaterThan(0);
      expect(answer.filters?.matched).toBe(expected(test).length);
      expect(textOf(result)).toContain(`; ${expected(test).length} matched,`);
    },
  );

  it('found_by: last touched by a discovery, exact on 0.17, approximate from dated entries before', async () => {
    const { result } = await run({ found_by: 'Lab full scan (last run)', limit: 0 });
    const answer = listed(result);
    const touched = expected((h) => h.last_discovery_id === INVENTORY_DISCOVERIES.labRun);
    expect(idsOf(result)).toEqual(touched);
    const items = answer.groups.flatMap((g) => g.hosts);
    expect(items.every((h) => h.found_by?.includes('last'))).toBe(true);
    if (version === '0.17.22') {
      expect(answer.filters?.approximate).toBeUndefined();
    } else {
      expect(answer.filters?.approximate).toBe(true);
      expect(textOf(result)).toContain('found_by is approximate on this Scanopy');
    }
  });

  it('a run record says how many hosts it found (0.15+), and found_by with its id lists them', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const records = await h.call('list_discoveries', { run_type: 'Historical' });
    const line =
      textOf(records)
        .split('\n')
        .find((l) => l.includes(INVENTORY_DISCOVERIES.labRun)) ?? '';
    const item = (
      records.structuredContent as { groups: { run_records?: Record<string, unknown>[] }[] }
    ).groups
      .flatMap((g) => g.run_records ?? [])
      .find((d) => d['id'] === INVENTORY_DISCOVERIES.labRun);
    if (version === '0.14.13') {
      expect(line).not.toContain('hosts found');
      expect(item?.['hosts_discovered']).toBeUndefined();
    } else {
      expect(line).toContain('; 20 hosts found (list_hosts found_by this id)');
      expect(item?.['hosts_discovered']).toBe(20);
    }
    const found = await h.call('list_hosts', {
      found_by: INVENTORY_DISCOVERIES.labRun,
      counts_only: true,
    });
    expect(listed(found).counts?.hosts).toBe(20);
  });

  it('sends the filters this version applies itself, and says who applied which', async () => {
    // Cold, a window the service filters whole is one request; else the caller's copy is read.
    const { h, result } = await run({ service: 'SSH', network: 'Office', limit: 5 });
    const answer = listed(result);
    const hostRequests = h.api.requests.filter((r) => r.path === '/api/v1/hosts');
    if (sites) {
      expect(hostRequests).toHaveLength(1);
      expect(hostRequests[0]?.query.get('service_names')).toBe('SSH');
      expect(hostRequests[0]?.query.get('site_ids')).toBe(SAMPLE_NETWORKS.office);
      expect(answer.filters?.service).toEqual(['network', 'service']);
      expect(textOf(result)).toContain('(applied by service: network');
    } else {
      expect(hostRequests.every((r) => r.query.get('network_id') === null)).toBe(true);
      expect(answer.filters?.service).toEqual([]);
    }
    expect(answer.filters?.server).toEqual(['network', 'service']);
    const office = hosts.filter(
      (host) =>
        host.network_id === SAMPLE_NETWORKS.office && host.services.some((x) => x.name === 'SSH'),
    );
    expect(answer.pagination.total_count).toBe(office.length);
  });

  it('reads a larger inventory once, page by page, and answers the next question from that copy', async () => {
    const big = buildInventory({ hosts: 2_400 });
    const data = sampleData(version);
    const { useInventory } = await import('../src/sample-api/inventory-routes.js');
    useInventory(data, big);
    const h = await start({ sample: { data }, maxResultBytes: 2_000_000 });
    const result = await h.call('list_hosts', { port: 23, counts_only: true });
    const answer = listed(result);
    const withTelnet = big.hosts.filter((host) => host.ports.some((p) => p.number === 23)).length;
    expect(answer.counts?.hosts).toBe(withTelnet);
    const hostPages = () => h.api.requests.filter((r) => r.path === '/api/v1/hosts');
    // The probe (one host, newest first), then every page of 250.
    expect(hostPages().map((r) => r.query.get('limit'))).toEqual([
      '1',
      ...Array.from({ length: Math.ceil(2_400 / 250) }, () => '250'),
    ]);
    expect(hostPages()[0]?.query.get('order_by')).toBe('updated_at');
    // The next window comes from the copy: the probe alone is sent.
    const before = hostPages().length;
    const window = listed(await h.call('list_hosts', { limit: 300, offset: 1_000 }));
    expect(window.groups.flatMap((g) => g.hosts.map((host) => host.id))).toEqual(
      big.hosts.slice(1_000, 1_300).map((host) => host.id),
    );
    expect(
      hostPages()
        .slice(before)
        .map((r) => r.query.get('limit')),
    ).toEqual(['1']);
  });

  it('counts_only: every network (zero included), top services and ports, OS, subnets, credentials; each channel under 2,000 bytes', async () => {
    const { result } = await run({ ip: '10.0.0.0/24', counts_only: true, new_since: '2026-11-01' });
    const counts = listed(result).counts;
    const inSubnet = hosts.filter((h) => ipsOf(h).some((ip) => ip.startsWith('10.0.0.')));
    const newOnes = inSubnet.filter((h) => h.created_at >= '2026-11-01');
    expect(counts?.hosts).toBe(newOnes.length);
    expect(counts?.new_since).toBe(newOnes.length);
    expect(counts?.by_network.map((n) => [n.network, n.hosts])).toEqual([
      ['Office', newOnes.length],
      ['Lab', 0],
      ['Branch office', 0],
    ]);
    expect(counts?.by_subnet.top).toEqual([['10.0.0.0/24', newOnes.length]]);
    const services = new Map<string, number>();
    for (const host of newOnes) {
      for (const name of new Set(host.services.map((s) => s.name))) {
        services.set(name, (services.get(name) ?? 0) + 1);
      }
    }
    const top = [...services].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    expect(counts?.by_service.top).toEqual(top);
    expect(counts?.without_snmp_credential).toBe(newOnes.filter((h) => !h.credential_id).length);
    if (sites) expect(counts?.by_os.distinct).toBeGreaterThan(0);
    else expect(textOf(result)).toContain('By OS family: not given by this Scanopy version');
    expect(bytes(result).text).toBeLessThan(2_000);
    expect(bytes(result).structured).toBeLessThan(2_000);
    expect(textOf(result)).toMatch(/^By port \(\d+, total \d+\): \d+\/tcp \d+/m);
  });

  it('limit and offset page through the matches: the next page starts where the last one ended', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const pageIds = async (offset: number) =>
      listed(await h.call('list_hosts', { port: 23, limit: 7, offset })).groups.flatMap((g) =>
        g.hosts.map((host) => host.id),
      );
    const first = await pageIds(0);
    const second = await pageIds(7);
    const telnet = hosts
      .filter((host) => host.ports.some((p) => p.number === 23))
      .map((host) => host.id);
    expect([...first, ...second]).toEqual(telnet.slice(0, 14));
    const all = listed(await h.call('list_hosts', { port: 23, limit: 0 }));
    expect(all.pagination).toMatchObject({ total_count: telnet.length, has_more: false });
  });

  it('a warm call asks the service for host pages only, and a credential write of ours shows at once', async () => {
    const h = await start({ sample: { data: sampleData(version) }, elicit: 'accept' });
    await h.call('list_hosts', { network: 'Office', limit: 5 });
    const before = h.api.requests.length;
    expect((await h.call('list_hosts', { network: 'Office', limit: 5 })).isError).toBeFalsy();
    const warm = h.api.requests.slice(before).map((r) => r.path);
    expect(warm.length).toBeGreaterThan(0);
    expect(new Set(warm)).toEqual(new Set(['/api/v1/hosts']));
    const write = await h.call('update_snmp_credential', {
      ...updateArgs('warm-Rotated#Community-7'),
      name: 'Office switches renamed',
    });
    expect(write.isError, textOf(write)).toBeFalsy();
    const after = await h.call('list_hosts', {
      snmp_credential: 'Office switches renamed',
      limit: 5,
    });
    expect(after.isError, textOf(after)).toBeFalsy();
    expect(textOf(after)).toContain('"Office switches renamed"');
  });

  it('refuses unknown arguments, names and malformed dates or ranges, sending no host request', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const unknown = await h.call('list_hosts', { hostname: 'x' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('list_hosts has no argument "hostname"');
    const network = await h.call('list_hosts', { network: 'Nowhere' });
    expect(textOf(network)).toContain(`No ${sites ? 'site' : 'network'} is named "Nowhere"`);
    expect(textOf(network)).toContain('"Office"');
    const date = await h.call('list_hosts', { new_since: 'last tuesday' });
    expect(textOf(date)).toContain('is not an ISO 8601 date');
    const ip = await h.call('list_hosts', { ip: '10.0.0.0/33' });
    expect(textOf(ip)).toContain('is neither an IP address');
    expect(h.api.requests.filter((r) => r.path === '/api/v1/hosts')).toHaveLength(0);
  });
});

describe.each(SAMPLE_VERSIONS)('get_host on Scanopy %s', (version) => {
  const ipRoute = version === '0.14.13' ? '/api/v1/interfaces' : '/api/v1/ip-addresses';
  const snmpRoute = version === '0.17.22' ? '/api/v1/interfaces' : '/api/v1/if-entries';

  it("finds a host by IP through this version's IP route, with its SNMP interfaces from this version's SNMP route", async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const result = await h.call('get_host', { host: '10.0.1.2' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const answer = hostLookupShape.parse(result.structuredContent);
    expect(answer.host).toMatchObject({
      name: 'sw-2',
      network: 'Office',
      ports: ['22/tcp', '161/udp', '23/tcp'],
    });
    expect(answer.host?.snmp_interfaces).toHaveLength(3);
    expect(answer.host?.snmp_interfaces?.[0]).toMatchObject({
      index: 1,
      name: 'Gi0/1',
      alias: 'uplink',
      ip: '10.0.1.2',
    });
    expect(answer.host?.snmp_credentials).toEqual([{ id: SAMPLE_CREDENTIAL_ID }]);
    expect(answer.credential_names).toEqual({ [SAMPLE_CREDENTIAL_ID]: 'Office switches' });
    const paths = h.api.requests.map((r) => r.path);
    expect(paths).toContain(ipRoute);
    expect(paths).toContain(snmpRoute);
    const text = textOf(result);
    expect(text).toContain('found by IP 10.0.1.2');
    expect(text).toContain(
      '  - #1 · "Gi0/1" · "GigabitEthernet0/1" · alias "uplink" · oper "Up" · 1000 Mbit/s',
    );
  });

  it('finds a host by name and by id, with the discovery that last touched it and the host it runs on', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const byName = await h.call('get_host', { host: 'lab-grafana' });
    const host = hostLookupShape.parse(byName.structuredContent).host;
    expect(host?.virtualization_parent).toMatchObject({
      id: SAMPLE_HOSTS.labDockerHost,
      name: 'lab-docker',
      type: 'Docker',
    });
    expect(host?.snmp_credentials).toEqual([{ id: LAB_PRINTERS_CREDENTIAL_ID, from: 'network' }]);
    expect(hostLookupShape.parse(byName.structuredContent).credential_names).toEqual({
      [LAB_PRINTERS_CREDENTIAL_ID]: 'Lab printers',
    });
    expect(textOf(byName)).toContain(
      `- runs on: "lab-docker" (${SAMPLE_HOSTS.labDockerHost}) via "Docker"`,
    );
    const byId = await h.call('get_host', { host: SAMPLE_HOSTS.officeDaemonHost });
    const found = hostLookupShape.parse(byId.structuredContent);
    const office = found.host;
    expect(office?.last_touched_by).toMatchObject({ id: INVENTORY_DISCOVERIES.officeSweep });
    expect(found.discovery_names?.[INVENTORY_DISCOVERIES.officeSweep]).toBe('Office LAN sweep');
    if (version === '0.17.22') expect(office?.last_touched_by?.approximate).toBeUndefined();
    else expect(office?.last_touched_by?.approximate).toBe(true);
  });

  it('lists the candidates of an ambiguous name with their networks, and refuses an unknown one', async () => {
    const data = sampleData(version);
    const copy = buildInventory();
    for (const host of copy.hosts.filter((h) => h.name === 'db-4' || h.name === 'db-160'))
      host.name = 'db';
    const { useInventory } = await import('../src/sample-api/inventory-routes.js');
    useInventory(data, copy);
    const h = await start({ sample: { data } });
    const result = await h.call('get_host', { host: 'DB' });
    const answer = hostLookupShape.parse(result.structuredContent);
    expect(answer.candidates?.map((c) => c.network).sort()).toEqual(['Lab', 'Office']);
    expect(textOf(result)).toContain('# host "DB" matches 2 hosts.');
    const extra = await h.call('get_host', { host: 'db', network: 'Lab' });
    expect(textOf(extra)).toContain('get_host has no argument "network"');
    const none = await h.call('get_host', { host: 'no-such-host' });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('No host has the name "no-such-host"');
  });
});

describe('the versions between the samples: 0.15.0, 0.17.0 and 0.17.21', () => {
  it.each([
    ['0.15.0', '/api/v1/interfaces', '/api/v1/if-entries', 'network_id', false],
    ['0.17.0', '/api/v1/ip-addresses', '/api/v1/if-entries', 'network_id', false],
    ['0.17.21', '/api/v1/ip-addresses', '/api/v1/if-entries', 'network_ids', true],
  ] as const)(
    'Scanopy %s: IPs at %s, SNMP interfaces at %s, hosts filtered by %s',
    async (version, ipRoute, snmpRoute, networkParam, pushed) => {
      const h = await start({ sample: { data: sampleData(version) } });
      // Cold, an address is looked up in this version's IP list.
      const one = await h.call('get_host', { host: '10.0.1.2' });
      const office = hosts.filter((host) => host.network_id === SAMPLE_NETWORKS.office);
      // Cold, a window the service filters whole is sent with its filters (get_host read only the
      // host names its switch's neighbours need, no copy).
      const sent = h.api.requests.length;
      const window = await h.call('list_hosts', { network: 'Office', service: 'SSH', limit: 5 });
      const withSsh = office.filter((host) => host.services.some((s) => s.name === 'SSH'));
      expect(listed(window).pagination.total_count).toBe(withSsh.length);
      const query = h.api.requests.slice(sent).find((r) => r.path === '/api/v1/hosts')?.query;
      expect(query?.get(networkParam)).toBe(pushed ? SAMPLE_NETWORKS.office : null);
      expect(query?.get('service_names')).toBe(pushed ? 'SSH' : null);
      const list = await h.call('list_hosts', {
        network: 'Office',
        service: 'SSH',
        counts_only: true,
      });
      expect(listed(list).counts?.hosts).toBe(withSsh.length);
      expect(hostLookupShape.parse(one.structuredContent).host?.snmp_interfaces).toHaveLength(3);
      const paths = h.api.requests.map((r) => r.path);
      expect(paths).toContain(ipRoute);
      expect(paths).toContain(snmpRoute);
      // 0.17.0-0.17.21: the discovery ids are on the children; the host's links still come from them.
      const answer = hostLookupShape.parse(one.structuredContent);
      const host = answer.host;
      if (version === '0.15.0') expect(host?.last_touched_by?.approximate).toBe(true);
      else {
        expect(host?.last_touched_by).toMatchObject({ id: INVENTORY_DISCOVERIES.officeSweep });
        expect(answer.discovery_names?.[INVENTORY_DISCOVERIES.officeSweep]).toBe(
          'Office LAN sweep',
        );
      }
    },
  );
});
