// list_links and get_host's neighbours through a real MCP client on 0.14.13, 0.16.2 and 0.17.22: the same links from if-entry neighbours and from the topology bundle, one port, a path and a no-path, none vs not known, a partial walk, key scope, economy.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_NETWORKS, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { buildInventory, type SampleHost } from '../src/sample-api/inventory-data.js';
import {
  HOSTILE_SYSTEM_NAME,
  OUTSIDE_INTERFACE_ID,
  OUTSIDE_SYSTEM_NAME,
  PARTIAL_RUN_ID,
  sampleLinks,
} from '../src/sample-api/links-data.js';
import { GENERATED_NETWORK_ID } from '../src/sample-api/names-data.js';
import { hostLookupShape } from '../src/views/hosts/host-shapes.js';
import { hostLabels } from '../src/views/links/link-host-labels.js';
import { type LinkListOutput, linkListShape } from '../src/views/links/link-shapes.js';
import { TEST_NOW } from './clock.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
/** The sample's inventory and links, built the same way the routes build them, read here apart. */
const inventory = buildInventory();
const links = sampleLinks(inventory);
const switches = (network: string) =>
  inventory.hosts.filter((h) => h.network_id === network && h.sys_descr?.startsWith('Cisco IOS'));
const office = switches(SAMPLE_NETWORKS.office);
const lab = switches(SAMPLE_NETWORKS.lab);
const [core] = office as [SampleHost];
/** Office's last switch is left out of the tree: interfaces, no neighbour. */
const lone = office.at(-1) as SampleHost;
const partial = links.partial?.host as SampleHost;
const serverWithoutSnmp = inventory.hosts.find(
  (h) => h.name.startsWith('db-') && h.network_id === SAMPLE_NETWORKS.office,
) as SampleHost;

function answer(result: CallToolResult): LinkListOutput {
  expect(result.isError, textOf(result)).toBeFalsy();
  return linkListShape.parse(result.structuredContent);
}

/** A link as both ends and ports, whatever the version: what must agree across versions. */
const ends = (out: LinkListOutput) =>
  (out.links ?? []).map((l) => `${l.a.host}:${l.a.port} - ${l.b.host}:${l.b.port ?? '?'}`);

/** Each port's neighbour rows the sample serves, counted independently: one link per cable. */
function expectedLinks(network: string): number {
  const portHost = new Map<string, SampleHost>();
  for (const h of inventory.hosts) for (const p of h.snmp_interfaces) portHost.set(p.id, h);
  const seen = new Set<string>();
  for (const [id, heard] of links.byInterface) {
    const host = portHost.get(id) as SampleHost;
    const far =
      heard.far.kind === 'interface'
        ? portHost.get(heard.far.id)
        : inventory.hosts.find((h) => h.id === heard.far.id);
    if (host.network_id !== network && far?.network_id !== network) continue;
    seen.add(
      heard.far.kind === 'interface'
        ? [id, heard.far.id].sort().join('|')
        : `${id}|${heard.far.id}`,
    );
  }
  return seen.size;
}

describe('list_links gives the same answers on every version', () => {
  const answers = new Map<string, unknown>();
  it.each(SAMPLE_VERSIONS)('Scanopy %s: the Office network, one port, a path', async (version) => {
    const h = await start({ sample: { data: sampleData(version) } });
    const whole = answer(await h.call('list_links', { network: 'Office', limit: 0 }));
    expect(whole.links).toHaveLength(expectedLinks(SAMPLE_NETWORKS.office));
    const port = answer(await h.call('list_links', { host: core.name, interface: 'Gi0/2' }));
    expect(port.subject).toMatchObject({ state: 'linked', links: 1 });
    expect(ends(port)).toEqual([`${core.name}:Gi0/2 - ${office[1]?.name}:Gi0/1`]);
    const byIndex = answer(await h.call('list_links', { host: core.name, interface: '2' }));
    expect(ends(byIndex)).toEqual(ends(port));
    const path = answer(
      await h.call('list_links', { host: office[3]?.name, path_to: lab[2]?.name }),
    );
    expect(path.path?.found).toBe(true);
    expect(path.path?.hops?.[0]?.from).toBe(office[3]?.name);
    expect(path.path?.hops?.at(-1)?.to).toBe(lab[2]?.name);
    const text = textOf(
      await h.call('list_links', { host: office[3]?.name, path_to: lab[2]?.name }),
    );
    expect(text).toMatch(/^Path "sw-\d+" -> "sw-\d+": \d+ hops\.$/m);
    const same = {
      whole: ends(whole),
      port: ends(port),
      path: path.path?.hops?.map((hop) => [hop.from, hop.from_port, hop.to_port, hop.to]),
    };
    for (const seen of answers.values()) expect(same).toEqual(seen);
    answers.set(version, same);
    // Where the version keeps it, when a link was last seen; where not, it says so.
    const first = whole.links?.[0];
    if (version === '0.17.22') expect(first?.last_seen).toBe('2026-11-21T03:02Z');
    else {
      expect(first?.last_seen).toBeUndefined();
      expect(whole.notes).toContain(
        'This Scanopy version does not keep when a link was last seen.',
      );
    }
  });
});

describe.each(SAMPLE_VERSIONS)('list_links on Scanopy %s', (version) => {
  it('tells linked, none reported and not known apart, in both channels', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const none = await h.call('list_links', { host: lone.name });
    expect(answer(none).subject).toMatchObject({ state: 'none_reported' });
    expect(answer(none).links).toEqual([]);
    expect(textOf(none)).toContain(
      `"${lone.name}": none reported: 3 SNMP interfaces have no LLDP/CDP neighbour.`,
    );
    const unknown = await h.call('list_links', { host: serverWithoutSnmp.name });
    expect(answer(unknown).subject).toMatchObject({
      state: 'not_known',
      why: 'no SNMP interface data',
    });
    expect(textOf(unknown)).toContain(
      `"${serverWithoutSnmp.name}": not known: the service has no SNMP interface data`,
    );
    const port = await h.call('list_links', { host: lone.name, interface: 'Gi0/1' });
    expect(answer(port).subject).toMatchObject({ state: 'none_reported' });
  });

  it('says no chain of known links, and whether either end has link data', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const result = await h.call('list_links', { host: core.name, path_to: serverWithoutSnmp.name });
    const out = answer(result);
    expect(out.path).toMatchObject({ found: false });
    expect(out.path?.why).toBe(
      `no chain of known links: "${core.name}" has links, "${serverWithoutSnmp.name}" has no known link (not known).`,
    );
    expect(textOf(result)).toContain(
      `Path "${core.name}" -> "${serverWithoutSnmp.name}": no chain of known links`,
    );
    const fromLone = answer(await h.call('list_links', { host: lone.name, path_to: core.name }));
    expect(fromLone.path?.why).toContain(`"${lone.name}" has no known link (none reported)`);
  });

  it('a partial walk is "not known", naming the run and its time, where the version says so', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const result = await h.call('list_links', { host: partial.name });
    const out = answer(result);
    if (version === '0.17.22') {
      expect(out.subject).toMatchObject({
        state: 'not_known',
        run: { id: PARTIAL_RUN_ID, name: 'Lab full scan (last run)', at: '2026-11-19T22:04Z' },
      });
      expect(out.links?.every((l) => l.kept_from_earlier_scan)).toBe(true);
      expect(out.links?.[0]?.last_seen).toBe('2026-11-12T22:03Z');
      expect(textOf(result)).toContain(
        `"${partial.name}": not known: its last walk was partial (run "Lab full scan (last run)" ${PARTIAL_RUN_ID} finished 2026-11-19T22:04Z did not finish reporting its neighbours); links kept from an earlier complete scan.`,
      );
    } else {
      expect(out.subject).toMatchObject({ state: 'linked' });
      expect(out.notes).toContain(
        'This Scanopy version does not say when a switch walk was partial: a link may be from an earlier scan.',
      );
    }
  });

  it("a far end outside the key's networks is never named, nor its LLDP text shown", async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const branchCore = switches(GENERATED_NETWORK_ID)[0] as SampleHost;
    for (const args of [
      { host: branchCore.name },
      { limit: 0 },
      { format: 'mermaid' as const, limit: 0 },
      { fields: 'a,b,b_id,b_port' },
    ]) {
      const result = await h.call('list_links', args);
      const all = `${textOf(result)}\n${JSON.stringify(result.structuredContent)}`;
      expect(all).not.toContain(OUTSIDE_SYSTEM_NAME);
      expect(all).not.toContain('partner-core');
      expect(all).not.toContain(OUTSIDE_INTERFACE_ID);
      expect(all).not.toContain('Te1/1/1');
      expect(all).toContain('a host outside your networks');
    }
    const out = answer(await h.call('list_links', { host: branchCore.name }));
    const outside = out.links?.find((l) => l.b.outside);
    expect(outside?.b).toEqual({ outside: true, host: 'a host outside your networks' });
    const detail = hostLookupShape.parse(
      (await h.call('get_host', { host: branchCore.id })).structuredContent,
    );
    expect(detail.host?.snmp_interfaces?.[0]?.neighbour).toMatchObject({
      state: 'linked',
      outside: true,
    });
    expect(JSON.stringify(detail)).not.toContain(OUTSIDE_SYSTEM_NAME);
  });

  it('a hostile advertised system name is one quoted line of service data', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const result = await h.call('list_links', { limit: 0 });
    const text = textOf(result);
    const line = text.split('\n').find((l) => l.includes('click A call'));
    expect(line).toContain('(port not known; it advertised system "[service data] ap\\u0022]');
    expect(text).not.toContain(HOSTILE_SYSTEM_NAME);
    expect(JSON.stringify(result.structuredContent)).toContain('advertised_system');
  });

  it("get_host shows each interface's neighbour and the host's state", async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const result = await h.call('get_host', { host: core.name });
    const host = hostLookupShape.parse(result.structuredContent).host;
    expect(host?.links).toMatchObject({ state: 'linked', links: 3 });
    expect(host?.snmp_interfaces?.map((i) => i.neighbour)).toEqual([
      expect.objectContaining({
        state: 'linked',
        host: 'office-gw',
        port_known: false,
        protocol: 'LLDP',
      }),
      expect.objectContaining({ state: 'linked', host: office[1]?.name, port: 'Gi0/1' }),
      expect.objectContaining({ state: 'linked', host: office[2]?.name, port: 'Gi0/1' }),
    ]);
    expect(textOf(result)).toContain(`· neighbour "${office[1]?.name}" "Gi0/1" (LLDP)`);
    expect(textOf(result)).toContain('- links: this host: linked (3 links).');
    const alone = hostLookupShape.parse(
      (await h.call('get_host', { host: lone.name })).structuredContent,
    ).host;
    expect(alone?.links).toMatchObject({ state: 'none_reported' });
    expect(alone?.snmp_interfaces?.every((i) => i.neighbour?.state === 'none_reported')).toBe(true);
  });

  it('counts links per network, switch and protocol, and hosts per state', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const out = answer(await h.call('list_links', { counts_only: true }));
    const lldp = out.counts?.by_protocol['LLDP'] ?? 0;
    const cdp = out.counts?.by_protocol['CDP'] ?? 0;
    expect(lldp + cdp).toBe(out.counts?.links);
    expect(cdp).toBeGreaterThan(0);
    expect(out.counts?.by_network.find((n) => n.network === 'Office')?.links).toBe(
      expectedLinks(SAMPLE_NETWORKS.office),
    );
    expect(out.counts?.hosts.none_reported).toBeGreaterThan(0);
    expect(out.counts?.hosts.not_known).toBeGreaterThan(0);
  });

  it('refuses what cannot be answered before reading anything', async () => {
    const h = await start({ sample: { data: sampleData(version) } });
    const refused = await h.call('list_links', { interface: 'Gi0/1' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('interface names a port of host: pass host too.');
    const unknown = await h.call('list_links', { hosts: 'sw-2' } as Record<string, unknown>);
    expect(unknown.isError).toBe(true);
    expect(h.api.requests.filter((r) => r.path === '/api/v1/hosts')).toHaveLength(0);
  });
});

describe('economy', () => {
  it('0.17.22: one bundle per network per window, a warm question sends the probe alone', async () => {
    let now = TEST_NOW;
    const h = await start({ sample: { data: sampleData('0.17.22') }, now: () => now });
    const bundles = () => h.api.requests.filter((r) => r.path === '/api/v1/topology/data');
    await h.call('list_links', { counts_only: true });
    expect(
      bundles()
        .map((r) => r.query.get('site_id'))
        .sort(),
    ).toEqual([SAMPLE_NETWORKS.office, SAMPLE_NETWORKS.lab, GENERATED_NETWORK_ID].sort());
    const before = h.api.requests.length;
    await h.call('list_links', { host: core.name, path_to: lab[3]?.name });
    await h.call('list_links', { network: 'Lab', format: 'mermaid' });
    const warm = h.api.requests.slice(before);
    expect(warm.filter((r) => r.path === '/api/v1/topology/data')).toHaveLength(0);
    expect(warm.filter((r) => r.path === '/api/v1/hosts').map((r) => r.query.get('limit'))).toEqual(
      ['1', '1'],
    );
    now += 60_000;
    await h.call('list_links', { counts_only: true });
    expect(bundles()).toHaveLength(6);
  });

  it.each(['0.14.13', '0.17.22'])(
    '%s: get_host of a switch with a copy held names its far hosts from the copy, no name list read',
    async (version) => {
      const h = await start({ sample: { data: sampleData(version) } });
      await h.call('list_hosts', { counts_only: true });
      const before = h.api.requests.length;
      const result = await h.call('get_host', { host: core.name });
      const host = hostLookupShape.parse(result.structuredContent).host;
      expect(host?.links).toMatchObject({ state: 'linked', links: 3 });
      expect(host?.snmp_interfaces?.map((i) => i.neighbour?.host)).toEqual([
        'office-gw',
        office[1]?.name,
        office[2]?.name,
      ]);
      const hostLists = h.api.requests
        .slice(before)
        .filter((r) => r.path === '/api/v1/hosts')
        .map((r) => r.query.get('limit'));
      // The freshness probe alone: the name list (limit 1000) is not read again for the far ends.
      expect(hostLists).toEqual(['1']);
    },
  );

  it.each([
    ['0.14.13', ['/api/v1/hosts']],
    ['0.17.22', ['/api/v1/hosts', '/api/v1/topology/data']],
  ])(
    '%s: a warm get_host of a switch takes its ports and far ports from the copy (target 12: at most 2 requests), and answers as a cold one',
    async (version, paths) => {
      const cold = await start({ sample: { data: sampleData(version) } });
      const fresh = await cold.call('get_host', { host: core.id });
      // Read by id with no copy held: its ports, and its far ports in one read of the service's
      // SNMP list asked for them by id (none one by one).
      const snmpRoute = version === '0.14.13' ? '/api/v1/if-entries' : '/api/v1/interfaces';
      const snmpReads = cold.api.requests.filter((r) => r.path.startsWith(snmpRoute));
      expect(snmpReads.filter((r) => r.query.has('ids'))).toHaveLength(1);
      expect(snmpReads.filter((r) => r.path.startsWith(`${snmpRoute}/`))).toHaveLength(0);
      const h = await start({ sample: { data: sampleData(version) } });
      // Warm: the copy (a count) and the run records (another network's switch) held.
      await h.call('list_hosts', { counts_only: true });
      await h.call('get_host', { host: lab[0]?.name ?? '' });
      const before = h.api.requests.length;
      const warm = await h.call('get_host', { host: core.name });
      expect(h.api.requests.slice(before).map((r) => r.path)).toEqual(paths);
      const shown = (r: CallToolResult) => hostLookupShape.parse(r.structuredContent).host;
      expect(shown(warm)?.snmp_interfaces).toEqual(shown(fresh)?.snmp_interfaces);
      expect(shown(warm)?.links).toEqual(shown(fresh)?.links);
    },
  );

  it.each([
    ['0.14.13', '/api/v1/if-entries/'],
    ['0.17.22', '/api/v1/interfaces/'],
  ])(
    '%s: with a copy held, only a far port the copy does not hold is asked for by id, and one refused stays outside',
    async (version, portRoute) => {
      const h = await start({ sample: { data: sampleData(version) } });
      const branchCore = switches(GENERATED_NETWORK_ID)[0] as SampleHost;
      await h.call('list_hosts', { counts_only: true });
      const before = h.api.requests.length;
      const detail = hostLookupShape.parse(
        (await h.call('get_host', { host: branchCore.id })).structuredContent,
      );
      const asked = h.api.requests
        .slice(before)
        .filter((r) => r.path.startsWith(portRoute))
        .map((r) => r.path.slice(portRoute.length));
      // The branch switch's other far ports are in the copy: the one outside the key's networks is not.
      expect(asked).toEqual([OUTSIDE_INTERFACE_ID]);
      const neighbours = detail.host?.snmp_interfaces?.map((i) => i.neighbour) ?? [];
      expect(neighbours.filter((n) => n?.outside)).toHaveLength(1);
      expect(neighbours.filter((n) => n?.state === 'linked' && !n.outside).length).toBeGreaterThan(
        0,
      );
      expect(JSON.stringify(detail)).not.toContain(OUTSIDE_SYSTEM_NAME);
    },
  );

  it('0.14.13: links come with the hosts, no other route is read', async () => {
    const h = await start({ sample: { data: sampleData('0.14.13') } });
    await h.call('list_links', { counts_only: true });
    const paths = new Set(h.api.requests.map((r) => r.path));
    expect(paths.has('/api/v1/topology/data')).toBe(false);
    expect(paths.has('/api/v1/if-entries')).toBe(false);
  });
});

describe('link ends name their hosts once a page (host_names)', () => {
  const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const link = (a: [number, string], b: [number, string]) => ({
    a: { host: a[1], host_id: ID(a[0]), port: 'Gi0/1' },
    b: { host: b[1], host_id: ID(b[0]), port: 'Gi0/2' },
    protocol: 'LLDP' as const,
    last_seen: '2026-11-21T03:02Z',
  });

  it('an end carries the name where it stands alone, else the id; host_names maps every named id', () => {
    const items = [
      link([1, 'core'], [2, 'DB']),
      link([3, 'db'], [4, ID(9)]),
      link([5, ID(5)], [1, 'core']),
      {
        ...link([1, 'core'], [6, 'x']),
        b: { host: 'a host outside your networks', outside: true as const },
      },
    ];
    const labels = hostLabels(items);
    const rows = items.map((item) => {
      const { row, added } = labels.row(item);
      labels.keep(added);
      return row;
    });
    // "DB" and "db" are one name ignoring case; a name holding a UUID and a host named by its id go by id.
    expect(rows.map((r) => [r.a.host, r.b.host])).toEqual([
      ['core', ID(2)],
      [ID(3), ID(4)],
      [ID(5), 'core'],
      ['core', 'a host outside your networks'],
    ]);
    expect(rows[0]).toEqual({
      a: { host: 'core', port: 'Gi0/1' },
      b: { host: ID(2), port: 'Gi0/2' },
      protocol: 'LLDP',
      last_seen: '2026-11-21T03:02Z',
    });
    expect({ ...labels.names }).toEqual({
      [ID(1)]: 'core',
      [ID(2)]: 'DB',
      [ID(3)]: 'db',
      [ID(4)]: ID(9),
    });
  });

  it('the Office network: every end leads to its host id through host_names, each host once', async () => {
    const h = await start({ sample: { data: sampleData('0.17.22') } });
    const out = answer(await h.call('list_links', { network: 'Office', limit: 0 }));
    const names = out.host_names ?? {};
    const ids = Object.keys(names);
    for (const l of out.links ?? []) {
      for (const end of [l.a, l.b]) {
        if ('outside' in end && end.outside) continue;
        const id = ids.includes(end.host) ? end.host : ids.find((i) => names[i] === end.host);
        expect(id, end.host).toBeDefined();
      }
    }
    expect(JSON.stringify(out.links)).not.toContain('host_id');
  });
});
