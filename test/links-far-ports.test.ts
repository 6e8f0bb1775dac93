// get_host of a switch with more far ends than are read one by one, on 0.14.13, 0.16.2 and 0.17.22 (30 far ports against 24; 15 far hosts past the name list's 1,000 against 10): where the service honours the lists' ids filter, one read of each list names them all with no copy; where it ignores the filter, cold, they come from a host copy and match a warm answer; with no copy to be had, the ports past the reads say "not read", never "outside"; a far host whose read fails says so, one the key cannot read (404) stays outside.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MAX_FAR_PORTS } from '../src/api/families/links.js';
import { SAMPLE_NETWORKS, sampleData } from '../src/sample-api/data.js';
import {
  buildInventory,
  inventoryId,
  type SampleHost,
  type SampleSnmpInterface,
} from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { type SampleNeighbour, sampleLinks } from '../src/sample-api/links-data.js';
import { hostLookupShape } from '../src/views/hosts/host-shapes.js';
import { type Harness, textOf, useHarness } from './harness.js';

const start = useHarness();
const FAR_PORTS = 30;
/** Far hosts past the name list's first 1,000 (get_host reads 10 of those one by one). */
const FAR_HOSTS_PAST_NAMES = 15;
const SEEN_AT = '2026-11-21T03:02:00Z';

const snmpPort = (n: number, index: number, name: string): SampleSnmpInterface => ({
  id: inventoryId(9, n),
  index,
  name,
  descr: name,
  alias: null,
  mac: `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`,
  oper_status: 'Up',
});

/**
 * An inventory (the demo's 240 hosts, or `hosts`) with one office switch cabled to `count` hosts
 * without ports (from position `from` in the list on), each on a port of its own (ports added to
 * the switch, one to each host); the hosts' names by the switch's port name.
 */
function fanOut(count = FAR_PORTS, hosts?: number, from = 0) {
  const inventory = buildInventory(hosts === undefined ? {} : { hosts });
  // Built now (and kept per inventory), so the cables below join the demo's links.
  const heard = sampleLinks(inventory).byInterface as Map<string, SampleNeighbour>;
  const office = inventory.hosts.filter((h) => h.network_id === SAMPLE_NETWORKS.office);
  const hub = office.find((h) => h.sys_descr?.startsWith('Cisco IOS')) as SampleHost;
  const far = inventory.hosts
    .slice(from)
    .filter((h) => h !== hub && h.snmp_interfaces.length === 0);
  expect(far.length).toBeGreaterThanOrEqual(count);
  // The switch's own cables in the demo's tree: far ports too, read first.
  const treePorts = hub.snmp_interfaces.filter((p) => heard.get(p.id)?.far.kind === 'interface');
  const expected = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const host = far[i] as SampleHost;
    const local = snmpPort(100 + i, 100 + i, `Gi1/0/${i + 1}`);
    const remote = snmpPort(200 + i, 1, 'eth0');
    (hub.snmp_interfaces as SampleSnmpInterface[]).push(local);
    (host.snmp_interfaces as SampleSnmpInterface[]).push(remote);
    const cable = (from: SampleHost, to: SampleSnmpInterface): SampleNeighbour => ({
      far: { kind: 'interface', id: to.id },
      protocol: 'lldp',
      system: from.name,
      port: to.name,
      seen_at: SEEN_AT,
    });
    heard.set(local.id, cable(host, remote));
    heard.set(remote.id, cable(hub, local));
    expected.set(local.name, host.name);
  }
  return { inventory, hub, expected, farPorts: count + treePorts.length };
}

/**
 * `idsFilter`: how the sample answers the host and SNMP lists' `ids` filter. The tests of far hosts past
 * the name list play a service that ignores it, so names come from the list's first 1,000 hosts.
 */
async function harness(
  version: string,
  inventoryMaxHosts?: number,
  fan: ReturnType<typeof fanOut> = fanOut(),
  idsFilter: 'honour' | 'ignore' = 'honour',
) {
  const data = sampleData(version);
  useInventory(data, fan.inventory);
  const h = await start({
    sample: { data, idsFilter },
    ...(inventoryMaxHosts === undefined ? {} : { inventoryMaxHosts }),
  });
  return { h, ...fan };
}

/** Each added port's neighbour, by the port's name. */
function neighbours(result: CallToolResult, expected: ReadonlyMap<string, string>) {
  expect(result.isError, textOf(result)).toBeFalsy();
  const host = hostLookupShape.parse(result.structuredContent).host;
  const ports = host?.snmp_interfaces ?? [];
  return new Map(
    ports.filter((p) => expected.has(p.name ?? '')).map((p) => [p.name ?? '', p.neighbour]),
  );
}

const portReads = (h: Harness, from: number) =>
  h.api.requests.slice(from).filter((r) => /^\/api\/v1\/(if-entries|interfaces)\/./.test(r.path))
    .length;

describe('a switch with more far ports than get_host reads one by one', () => {
  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s, cold, the ids filter ignored: every far end is found (from a host copy), as a warm answer finds it',
    async (version) => {
      const { h, hub, expected } = await harness(version, undefined, fanOut(), 'ignore');
      const cold = await h.call('get_host', { host: hub.id });
      const found = neighbours(cold, expected);
      expect(found.size).toBe(FAR_PORTS);
      for (const [port, host] of expected) {
        expect(found.get(port), port).toMatchObject({ state: 'linked', host, port: 'eth0' });
      }
      expect(textOf(cold)).not.toContain('outside your networks');
      // The copy answered: no far port was read by id.
      expect(portReads(h, 0)).toBe(0);
      const before = h.api.requests.length;
      const warm = await h.call('get_host', { host: hub.id });
      expect(neighbours(warm, expected)).toEqual(found);
      expect(portReads(h, before)).toBe(0);
    },
  );

  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s, no copy to be had and the ids filter ignored: 24 far ports read, the rest "not known", none "outside"',
    async (version) => {
      // A pool that holds fewer hosts than the service lists: no copy is kept; and a service that
      // ignores the SNMP list's ids filter, so far ports are read one by one.
      const { h, hub, expected, farPorts } = await harness(version, 10, fanOut(), 'ignore');
      const result = await h.call('get_host', { host: hub.id });
      const found = [...neighbours(result, expected).values()];
      expect(portReads(h, 0)).toBe(MAX_FAR_PORTS);
      const notRead = farPorts - MAX_FAR_PORTS;
      expect(notRead).toBeGreaterThan(0);
      const unread = found.filter((n) => n?.state === 'not_known');
      expect(unread).toHaveLength(notRead);
      expect(found.filter((n) => n?.state === 'linked' && !n.outside)).toHaveLength(
        FAR_PORTS - notRead,
      );
      expect(unread[0]?.why).toMatch(/far end not read: more than 24 far ports or 10 far hosts/);
      expect(found.some((n) => n?.outside)).toBe(false);
      const text = textOf(result);
      expect(text).not.toContain('outside your networks');
      expect(text.match(/neighbour not known \(far end not read/g)).toHaveLength(notRead);
    },
  );

  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s: 15 far hosts past the name list, cold: found in a host copy, none "outside"; no copy: 10 read, 5 "not known"',
    async (version) => {
      const withCopy = await harness(
        version,
        undefined,
        fanOut(FAR_HOSTS_PAST_NAMES, 1_200, 1_000),
        'ignore',
      );
      const found = neighbours(
        await withCopy.h.call('get_host', { host: withCopy.hub.id }),
        withCopy.expected,
      );
      for (const [port, host] of withCopy.expected) {
        expect(found.get(port), port).toMatchObject({ state: 'linked', host, port: 'eth0' });
      }
      const without = await harness(
        version,
        10,
        fanOut(FAR_HOSTS_PAST_NAMES, 1_200, 1_000),
        'ignore',
      );
      const result = await without.h.call('get_host', { host: without.hub.id });
      const shown = [...neighbours(result, without.expected).values()];
      expect(shown.filter((n) => n?.state === 'linked' && !n.outside)).toHaveLength(10);
      expect(shown.filter((n) => n?.state === 'not_known')).toHaveLength(5);
      expect(shown.some((n) => n?.outside)).toBe(false);
      expect(textOf(result)).not.toContain('outside your networks');
    },
  );

  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s: with no copy, a far host whose read fails says so; one the key cannot read (404) is outside',
    async (version) => {
      const { h, hub, expected } = await harness(
        version,
        10,
        fanOut(FAR_HOSTS_PAST_NAMES, 1_200, 1_000),
        'ignore',
      );
      let reads = 0;
      h.api.setIntercept((req, res) => {
        const farHost =
          req.method === 'GET' &&
          /^\/api\/v1\/hosts\/[0-9a-f-]{36}$/.test(req.path) &&
          !req.path.endsWith(hub.id);
        if (!farHost) return false;
        // Alternately a failure (500, not retried) and a host the key cannot see (404).
        const status = ++reads % 2 === 0 ? 404 : 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: status === 404 ? 'not found' : 'boom' }));
        return true;
      });
      const result = await h.call('get_host', { host: hub.id });
      const shown = [...neighbours(result, expected).values()];
      expect(reads).toBe(10);
      const why = (pattern: RegExp) => shown.filter((n) => pattern.test(n?.why ?? ''));
      expect(why(/^far end not read: reading its host failed; ask again$/)).toHaveLength(5);
      expect(shown.filter((n) => n?.outside)).toHaveLength(5);
      expect(why(/more than 24 far ports or 10 far hosts/)).toHaveLength(5);
      expect(textOf(result)).toContain(
        'neighbour not known (far end not read: reading its host failed; ask again)',
      );
    },
  );

  it.each(['0.14.13', '0.17.22'])(
    'Scanopy %s: with no copy, far ports and far hosts both past their reads ask for the copy once (one probe)',
    async (version) => {
      const { h, hub, expected } = await harness(
        version,
        10,
        fanOut(FAR_PORTS, 1_200, 1_000),
        'ignore',
      );
      const result = await h.call('get_host', { host: hub.id });
      const shown = [...neighbours(result, expected).values()];
      const probes = h.api.requests.filter(
        (r) => r.path === '/api/v1/hosts' && r.query.get('limit') === '1',
      );
      expect(probes).toHaveLength(1);
      // 24 far ports read, 10 of their hosts read: every other port is "not read", none outside.
      expect(shown.filter((n) => n?.state === 'linked' && !n.outside).length).toBeLessThanOrEqual(
        10,
      );
      expect(shown.filter((n) => n?.state === 'not_known').length).toBeGreaterThanOrEqual(20);
      expect(shown.some((n) => n?.outside)).toBe(false);
    },
  );

  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s: with no copy, far hosts past the name list are named by one read of those ids',
    async (version) => {
      const { h, hub, expected, inventory } = await harness(
        version,
        10,
        fanOut(FAR_HOSTS_PAST_NAMES, 1_200, 1_000),
      );
      const result = await h.call('get_host', { host: hub.id });
      const shown = neighbours(result, expected);
      for (const [port, host] of expected) {
        expect(shown.get(port), port).toMatchObject({ state: 'linked', host, port: 'eth0' });
      }
      const hostReads = h.api.requests.filter((r) => r.path.startsWith('/api/v1/hosts'));
      // The switch itself (by id), then its far hosts by the list's ids filter: none one by one.
      const byIds = hostReads.filter((r) => r.query.has('ids'));
      expect(byIds).toHaveLength(1);
      // The 15 cabled past the list among them (the demo's own cabling adds the switch's others).
      const asked = new Set(byIds[0]?.query.getAll('ids'));
      const cabled = new Set(expected.values());
      const past = inventory.hosts.filter((x) => cabled.has(x.name));
      expect(past).toHaveLength(FAR_HOSTS_PAST_NAMES);
      for (const far of past) expect(asked.has(far.id), far.name).toBe(true);
      const farOneByOne = hostReads.filter(
        (r) => /^\/api\/v1\/hosts\/[0-9a-f-]{36}$/.test(r.path) && !r.path.endsWith(hub.id),
      );
      expect(farOneByOne).toHaveLength(0);
      expect(textOf(result)).not.toMatch(/outside your networks|far end not read/);
    },
  );

  it.each(['0.14.13', '0.16.2', '0.17.22'])(
    'Scanopy %s, no copy to be had: every far port from one read of the SNMP list by id',
    async (version) => {
      const { h, hub, expected, farPorts } = await harness(version, 10);
      const result = await h.call('get_host', { host: hub.id });
      const found = neighbours(result, expected);
      for (const [port, host] of expected) {
        expect(found.get(port), port).toMatchObject({ state: 'linked', host, port: 'eth0' });
      }
      expect(portReads(h, 0)).toBe(0);
      const listed = h.api.requests.filter(
        (r) => /^\/api\/v1\/(if-entries|interfaces)$/.test(r.path) && r.query.has('ids'),
      );
      expect(listed).toHaveLength(1);
      expect(listed[0]?.query.getAll('ids')).toHaveLength(farPorts);
      // No host copy was asked for: no probe of the host list.
      const probes = h.api.requests.filter(
        (r) => r.path === '/api/v1/hosts' && r.query.get('limit') === '1',
      );
      expect(probes).toHaveLength(0);
      expect(textOf(result)).not.toMatch(/outside your networks|far end not read/);
    },
  );

  it.each(['0.14.13', '0.17.22'])(
    'Scanopy %s, no copy to be had: far hosts the honoured filter leaves out are outside, none read by id and no copy asked for',
    async (version) => {
      const { h, hub, expected, inventory } = await harness(version, 10);
      // 12 of the cabled hosts (more than the 10 read one by one) are outside the key's networks:
      // the host list's filter leaves them out, and a read by id answers 404.
      const hidden = new Set(
        inventory.hosts
          .filter((x) => [...expected.values()].includes(x.name))
          .slice(0, 12)
          .map((x) => x.id),
      );
      const nameOf = new Map(inventory.hosts.map((x) => [x.id, x.name]));
      const meta = { api_version: 1, server_version: version };
      h.api.setIntercept((req, res) => {
        const one = /^\/api\/v1\/hosts\/([0-9a-f-]{36})$/.exec(req.path);
        if (one && hidden.has(one[1] ?? '')) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: false, error: 'not found', meta }));
          return true;
        }
        if (req.path !== '/api/v1/hosts' || !req.query.has('ids')) return false;
        const data = req.query
          .getAll('ids')
          .filter((id) => !hidden.has(id))
          .map((id) => ({ id, name: nameOf.get(id) }));
        const pagination = { total_count: data.length, limit: 1000, offset: 0, has_more: false };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data, meta: { ...meta, pagination } }));
        return true;
      });
      const result = await h.call('get_host', { host: hub.id });
      const shown = neighbours(result, expected);
      const outside = [...shown.values()].filter((n) => n?.outside);
      expect(outside).toHaveLength(12);
      expect([...shown.values()].filter((n) => n?.state === 'not_known')).toHaveLength(0);
      const byId = h.api.requests.filter((r) => {
        const one = /^\/api\/v1\/hosts\/([0-9a-f-]{36})$/.exec(r.path);
        return one !== null && hidden.has(one[1] ?? '');
      });
      expect(byId).toHaveLength(0);
      const probes = h.api.requests.filter(
        (r) => r.path === '/api/v1/hosts' && r.query.get('limit') === '1',
      );
      expect(probes).toHaveLength(0);
    },
  );
});
