// The sample API's inventory routes (hosts, IPs, SNMP interfaces, ports, services, subnets, networks/sites), each version's paths, filters and fields.

import type { SampleRowSeen } from './changes-data.js';
import { SAMPLE_ORGANIZATION_ID } from './data.js';
import type { SampleRequest, SampleResponse } from './exchange.js';
import {
  inventoryId,
  type SampleAddress,
  type SampleHost,
  type SampleInventory,
  type SampleService,
  type SampleSnmpInterface,
  sampleInventory,
} from './inventory-data.js';
import { neighbourFields, topologyRoute } from './links-routes.js';

/** A bigger inventory for one sample API (the bench's 20,000 hosts), keyed by its data object. */
const chosen = new WeakMap<object, SampleInventory>();
export const useInventory = (data: object, inventory: SampleInventory) =>
  chosen.set(data, inventory);
/** The inventory a sample API serves: the demo's, or the one a test or the bench chose. */
export const inventoryOf = (data: object): SampleInventory => chosen.get(data) ?? sampleInventory();

/** What a version knows, as far as the inventory goes (the sample's own table, apart from the client's). */
function inventoryEra(version: string) {
  const [, minor = 14, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  const from = (m: number, p = 0) => minor > m || (minor === m && patch >= p);
  return {
    ipAddresses: from(16),
    sites: from(17, 22),
    hostFilters: from(17, 21),
    discoveryIds: from(17),
    hostDiscoveryIds: from(17, 22),
    credentialAssignments: from(15),
  };
}
type InventoryEra = ReturnType<typeof inventoryEra>;

const created = (at: string) => ({ created_at: at, updated_at: at });

function writer(era: InventoryEra, neighbours: (i: SampleSnmpInterface) => object = () => ({})) {
  const place = (id: string) => (era.sites ? { site_id: id } : { network_id: id });
  /** A row's sightings: its own where changes-data.ts gave it some, else its host's. */
  const tracked = (host: SampleHost, own?: SampleRowSeen) =>
    era.discoveryIds
      ? {
          first_discovery_id: own?.first_discovery_id ?? host.first_discovery_id,
          last_discovery_id: own?.last_discovery_id ?? host.last_discovery_id,
          last_seen_at: own?.last_seen_at ?? host.last_seen_at,
        }
      : {};
  /** What every child row of a host carries first: its id, dates, host and network (site). */
  const childOf = (host: SampleHost, id: string, own?: SampleRowSeen) => ({
    id,
    ...created(own?.created_at ?? host.created_at),
    host_id: host.id,
    ...place(host.network_id),
  });
  const address = (host: SampleHost, a: SampleAddress = host.address, position = 0) => ({
    ...childOf(host, a.id),
    ip_address: a.ip,
    mac_address: a.mac,
    name: `eth${position}`,
    position,
    subnet_id: a.subnet_id,
    ...tracked(host),
  });
  const port = (host: SampleHost, p: SampleHost['ports'][number]) => ({
    ...childOf(host, p.id, p.seen),
    number: p.number,
    protocol: p.protocol,
    type: `${p.protocol}${p.number}`,
    ...tracked(host, p.seen),
  });
  const service = (host: SampleHost, s: SampleService, position: number) => ({
    ...childOf(host, s.id, s.seen),
    name: s.name,
    service_definition: s.definition,
    position,
    source: { type: 'Discovery', metadata: [] },
    tags: [],
    virtualization: null,
    bindings: s.port_ids.map((portId, b) => ({
      id: inventoryId(7, Number.parseInt(s.id.slice(-6), 16) * 4 + b),
      ...created(host.created_at),
      type: 'Port',
      port_id: portId,
      [era.ipAddresses ? 'ip_address_id' : 'interface_id']: null,
      service_id: s.id,
      ...place(host.network_id),
    })),
    ...tracked(host, s.seen),
  });
  const snmp = (host: SampleHost, i: SampleHost['snmp_interfaces'][number]) => ({
    ...childOf(host, i.id),
    if_index: i.index,
    if_descr: i.descr,
    if_name: i.name,
    if_alias: i.alias,
    if_type: 6,
    speed_bps: 1_000_000_000,
    admin_status: 'Up',
    oper_status: i.oper_status,
    mac_address: i.mac,
    [era.ipAddresses ? 'ip_address_id' : 'interface_id']: i.index === 1 ? host.address.id : null,
    neighbor: null,
    ...neighbours(i),
  });
  const host = (h: SampleHost, children = true) => {
    const credentials = era.credentialAssignments
      ? {
          credential_assignments: h.credential_id
            ? [
                {
                  credential_id: h.credential_id,
                  [era.ipAddresses ? 'ip_address_ids' : 'interface_ids']: null,
                },
              ]
            : [],
        }
      : { snmp_credential_id: h.credential_id };
    const ips = addressesOf(h).map((a, position) => address(h, a, position));
    const snmpRows = h.snmp_interfaces.map((i) => snmp(h, i));
    const childLists = era.ipAddresses
      ? { ip_addresses: ips, interfaces: children ? snmpRows : [] }
      : { interfaces: ips, if_entries: snmpRows };
    const virtualization = h.virtualized_by
      ? { type: 'Docker', details: { service_id: h.virtualized_by.service_id } }
      : null;
    return {
      id: h.id,
      ...created(h.created_at),
      name: h.name,
      hostname: h.hostname,
      ...place(h.network_id),
      description: null,
      hidden: false,
      tags: h.tags,
      sys_descr: h.sys_descr,
      sys_location: null,
      ...credentials,
      ...(era.discoveryIds
        ? {
            last_seen_at: h.last_seen_at,
            ...(era.hostDiscoveryIds
              ? {
                  first_discovery_id: h.first_discovery_id,
                  last_discovery_id: h.last_discovery_id,
                  display_name: h.name,
                  os: h.os,
                }
              : {}),
            virtualization_service_id: h.virtualized_by?.service_id ?? null,
            virtualization_metadata: virtualization,
          }
        : {
            source: {
              type: 'Discovery',
              metadata: sightings(h),
            },
            virtualization,
          }),
      ...childLists,
      ports: children ? h.ports.map((p) => port(h, p)) : [],
      services: children ? h.services.map((s, i) => service(h, s, i)) : [],
    };
  };
  return { address, port, service, snmp, host };
}

/** Every address of a host, its first one first. */
const addressesOf = (h: SampleHost): readonly SampleAddress[] => [h.address, ...h.more_addresses];

/** 0.14-0.16: the dated entries of the host's discoveries (first seen, and the latest). */
function sightings(h: SampleHost) {
  const entry = (date: string) => ({
    type: 'Network',
    subnet_ids: [...new Set(addressesOf(h).map((a) => a.subnet_id))],
    host_naming_fallback: 'BestService',
    daemon_id: h.daemon_id,
    date,
  });
  return h.created_at === h.last_seen_at
    ? [entry(h.last_seen_at)]
    : [entry(h.created_at), entry(h.last_seen_at)];
}

/** A service text filter as 0.17.21 applies it: case-insensitive, anywhere in the text. */
const contains = (text: string | null | undefined, words: string) =>
  (text ?? '').toLowerCase().includes(words.toLowerCase());

/** Query values as a list: repeated keys or comma-separated. */
const many = (query: URLSearchParams, key: string) =>
  query
    .getAll(key)
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');

function hostMatches(
  h: SampleHost,
  query: URLSearchParams,
  era: InventoryEra,
  networks: SampleInventory['networks'],
) {
  const networkIds = [
    ...many(query, era.sites ? 'site_ids' : era.hostFilters ? 'network_ids' : 'network_id'),
    ...(era.sites ? many(query, 'site_id') : []),
  ];
  if (networkIds.length > 0 && !networkIds.includes(h.network_id)) return false;
  const ids = many(query, 'ids');
  if (ids.length > 0 && !ids.includes(h.id)) return false;
  const tags = many(query, 'tag_ids');
  if (tags.length > 0 && !h.tags.some((t) => tags.includes(t))) return false;
  // Older versions ignore the 0.17.21 filters silently, as the real service does.
  if (!era.hostFilters) return true;
  const services = many(query, 'service_names');
  if (
    services.length > 0 &&
    !h.services.some((s) => services.some((n) => n.toLowerCase() === s.name.toLowerCase()))
  )
    return false;
  const search = query.get('search');
  if (
    search &&
    !contains(h.name, search) &&
    !contains(h.hostname, search) &&
    !addressesOf(h).some((a) => contains(a.ip, search))
  )
    return false;
  const credentials = many(query, 'credential_ids');
  if (credentials.length > 0) {
    const inherited = networks.find((n) => n.id === h.network_id)?.credential_ids ?? [];
    const own = h.credential_id ? [h.credential_id, ...inherited] : inherited;
    if (!own.some((c) => credentials.includes(c))) return false;
  }
  return true;
}

/** The routes this file answers; undefined for any other path (routes.ts goes on). */
export function inventoryRoute(
  req: SampleRequest,
  data: { serverVersion: string },
  kit: {
    ok: (payload: unknown, meta?: Record<string, unknown>) => SampleResponse;
    fail: (status: number, error: string, code?: string) => SampleResponse;
    /** How the host and SNMP interface lists take their `ids` filter (RouteOptions.idsFilter). */
    idsFilter?: 'honour' | 'ignore' | 'reject' | undefined;
  },
): SampleResponse | undefined {
  const { ok, fail } = kit;
  if (req.method !== 'GET') return undefined;
  const era = inventoryEra(data.serverVersion);
  const inventory = inventoryOf(data);
  const write = writer(era, (i) => neighbourFields(inventory, data.serverVersion, i));
  const limit = Math.min(Number(req.query.get('limit') ?? 50) || 0, 1000);
  const offset = Number(req.query.get('offset') ?? 0) || 0;
  /** One page of `count` items, only the page written out (`render` sees the window alone). */
  const window = <T>(items: readonly T[], render: (item: T) => unknown, extra: object = {}) => {
    const slice = limit === 0 ? items.slice(offset) : items.slice(offset, offset + limit);
    // Real servers say has_more=true for limit=0 whenever anything exists (a known quirk).
    const hasMore = limit === 0 ? items.length > 0 : offset + slice.length < items.length;
    const pagination = { total_count: items.length, limit, offset, has_more: hasMore, ...extra };
    return ok(slice.map(render), { pagination });
  };
  const paged = (items: unknown[]) => window(items, (item) => item);
  const inNetwork = (id: string) => {
    const wanted = req.query.get(era.sites ? 'site_id' : 'network_id');
    return wanted === null || wanted === id;
  };
  const ofHost = (id: string) => {
    const wanted = req.query.get('host_id');
    return wanted === null || wanted === id;
  };
  const hosts = inventory.hosts;
  const path = req.path;
  const addressPath = era.ipAddresses ? '/api/v1/ip-addresses' : '/api/v1/interfaces';
  const snmpPath = era.sites ? '/api/v1/interfaces' : '/api/v1/if-entries';

  if ((path === '/api/v1/hosts' || path === snmpPath) && req.query.has('ids')) {
    if (kit.idsFilter === 'reject') return fail(400, 'Failed to deserialize query string');
    if (kit.idsFilter === 'ignore') req.query.delete('ids');
  }
  if (path === '/api/v1/hosts') {
    const matching = ordered(
      hosts.filter((h) => hostMatches(h, req.query, era, inventory.networks)),
      req.query,
    );
    const children = !(era.sites && req.query.get('include_children') === 'false');
    const group = era.hostFilters ? req.query.get('group_by') : null;
    const extra = group ? { group_counts: groupCounts(matching, group, era) ?? [] } : {};
    // Only the page is written out: the bench's 20,000 hosts are not all rendered for one request.
    return window(matching, (h) => write.host(h, children), extra);
  }
  const fieldValues = /^\/api\/v1\/hosts\/field-values\/([a-z_]+)$/.exec(path);
  if (fieldValues && era.hostFilters) {
    const matching = hosts.filter((h) => hostMatches(h, req.query, era, inventory.networks));
    const field = fieldValues[1] as string;
    const counts = groupCounts(matching, field, era);
    return counts ? ok(counts) : fail(400, `Unknown field: ${field}`, 'validation_failed');
  }
  const one = /^\/api\/v1\/hosts\/([0-9a-f-]{36})$/i.exec(path);
  if (one) {
    const found = hosts.find((h) => h.id === one[1]);
    return found
      ? ok(write.host(found))
      : fail(404, `Host ${one[1]} not found`, 'entity_not_found');
  }
  if (path === addressPath) {
    const wantedSubnet = req.query.get('subnet_id');
    return paged(
      hosts
        .filter((h) => inNetwork(h.network_id) && ofHost(h.id))
        .flatMap((h) => addressesOf(h).map((a, position) => write.address(h, a, position)))
        .filter((row) => wantedSubnet === null || row.subnet_id === wantedSubnet),
    );
  }
  if (path === snmpPath) {
    const ids = many(req.query, 'ids');
    return paged(
      hosts
        .filter((h) => inNetwork(h.network_id) && ofHost(h.id))
        .flatMap((h) =>
          h.snmp_interfaces
            .filter((i) => ids.length === 0 || ids.includes(i.id))
            .map((i) => write.snmp(h, i)),
        ),
    );
  }
  if (path.startsWith(`${snmpPath}/`)) {
    const id = path.slice(snmpPath.length + 1);
    const host = hosts.find((h) => h.snmp_interfaces.some((i) => i.id === id));
    const row = host?.snmp_interfaces.find((i) => i.id === id);
    return host && row
      ? ok(write.snmp(host, row))
      : fail(404, `Interface ${id} not found`, 'entity_not_found');
  }
  const topology = topologyRoute(req, data.serverVersion, inventory, write.snmp, { ok, fail });
  if (topology) return topology;
  if (path === '/api/v1/ports') {
    return paged(
      hosts
        .filter((h) => inNetwork(h.network_id) && ofHost(h.id))
        .flatMap((h) => h.ports.map((p) => write.port(h, p))),
    );
  }
  const oneService = /^\/api\/v1\/services\/([0-9a-f-]{36})$/i.exec(path);
  if (oneService) {
    const host = hosts.find((h) => h.services.some((s) => s.id === oneService[1]));
    const position = host?.services.findIndex((s) => s.id === oneService[1]) ?? -1;
    const service = host?.services[position];
    return host && service
      ? ok(write.service(host, service, position))
      : fail(404, `Service ${oneService[1]} not found`, 'entity_not_found');
  }
  if (path === '/api/v1/services') {
    return paged(
      hosts
        .filter((h) => inNetwork(h.network_id) && ofHost(h.id))
        .flatMap((h) => h.services.map((s, i) => write.service(h, s, i))),
    );
  }
  if (path === '/api/v1/subnets') {
    return paged(
      inventory.subnets
        .filter((s) => inNetwork(s.network_id))
        .map((s) => ({
          id: s.id,
          ...created('2026-10-01T09:00:00Z'),
          cidr: s.cidr,
          name: s.name,
          description: null,
          ...(era.sites ? { site_id: s.network_id } : { network_id: s.network_id }),
          source: { type: 'Manual' },
          subnet_type: 'Lan',
          tags: [],
        })),
    );
  }
  if (path === (era.sites ? '/api/v1/sites' : '/api/v1/networks')) {
    return paged(
      inventory.networks.map((n) => ({
        id: n.id,
        ...created('2026-10-01T09:00:00Z'),
        name: n.name,
        organization_id: SAMPLE_ORGANIZATION_ID,
        tags: [],
        ...(era.credentialAssignments
          ? { credential_ids: n.credential_ids }
          : { snmp_credential_id: n.credential_ids[0] ?? null }),
      })),
    );
  }
  return undefined;
}

/** The service's group counts (0.17.21+) for the fields the sample knows; undefined for any other. */
/** order_by=updated_at (a sample host's updated_at is its created_at), ties by id; else as stored. */
function ordered(hosts: SampleHost[], query: URLSearchParams): SampleHost[] {
  if (query.get('order_by') !== 'updated_at') return hosts;
  const sign = query.get('order_direction') === 'desc' ? -1 : 1;
  // The sample's dates are all ISO 8601 in UTC alike, so they order as strings: no parsing, as the
  // probe orders the bench's 20,000 hosts on every question.
  const key = (host: SampleHost) => `${host.created_at} ${host.id}`;
  const total = hosts.length;
  if (query.get('limit') === '1' && (query.get('offset') ?? '0') === '0' && total > 0) {
    // The probe's one host, found in one pass; the rest keep their places (only the total is read).
    let best = 0;
    let bestKey = key(hosts[0] as SampleHost);
    for (let i = 1; i < total; i++) {
      const at = key(hosts[i] as SampleHost);
      if (sign < 0 ? at > bestKey : at < bestKey) {
        best = i;
        bestKey = at;
      }
    }
    return [hosts[best] as SampleHost, ...hosts.slice(0, best), ...hosts.slice(best + 1)];
  }
  return hosts
    .map((host) => ({ host, at: key(host) }))
    .sort((a, b) => sign * (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map(({ host }) => host);
}

function groupCounts(hosts: readonly SampleHost[], field: string, era: InventoryEra) {
  const keyOf: Record<string, (h: SampleHost) => string | null> = {
    os_family: (h) => h.os?.family ?? null,
    [era.sites ? 'site_id' : 'network_id']: (h) => h.network_id,
    hidden: () => 'false',
  };
  const key = keyOf[field];
  if (!key) return undefined;
  const counts = new Map<string | null, number>();
  for (const h of hosts) counts.set(key(h), (counts.get(key(h)) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** Paths whose answers this file owns when the tests have not replaced the name lists. */
export const INVENTORY_PATHS =
  /^\/api\/v1\/(hosts|ip-addresses|interfaces|if-entries|ports|services|subnets|networks|sites|topology\/data)(\/|$)/;
