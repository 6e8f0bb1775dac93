// The inventory routes per Scanopy version: hosts, IP addresses, SNMP interfaces, subnets, networks or sites, and which host filters the service applies.
import type {
  InventoryAddressRow,
  InventoryHost,
  InventoryNetwork,
  InventorySnmpInterface,
  InventorySubnet,
} from '../inventory-model.js';
import {
  addressRowParser,
  type HostWireLayout,
  hostParser,
  networkParser,
  snmpInterfaceParser,
  subnetParser,
} from '../inventory-schemas.js';
import { readEveryPage } from '../paging.js';
import type { GroupCount, Page, Requester } from '../request.js';
import { countingBytes } from '../side-list-bytes.js';
import { NEWEST_KNOWN_VERSION, parseVersion } from './service-profile.js';

/** What one version offers of the inventory, gated per feature rather than per minor version. */
export interface InventoryProfile {
  readonly layout: HostWireLayout;
  /** 0.14-0.15 `/api/v1/interfaces`, 0.16+ `/api/v1/ip-addresses`. */
  readonly addressRoute: string;
  /** 0.14-0.17.21 `/api/v1/if-entries`, 0.17.22 `/api/v1/interfaces`. */
  readonly snmpRoute: string;
  /** 0.17.22: `/api/v1/sites`, else `/api/v1/networks`. */
  readonly networkRoute: string;
  /** The host list's network filter: network_id, network_ids (0.17.21), site_ids (0.17.22). */
  readonly hostNetworkParam: 'network_id' | 'network_ids' | 'site_ids';
  /** The child lists' network filter: site_id on 0.17.22. */
  readonly childNetworkParam: 'network_id' | 'site_id';
  /** 0.17.21+: service_names, search, credential_ids on the host list, field-values, group counts. */
  readonly hostFilters: boolean;
  /** 0.17.22: hosts carry first_discovery_id/last_discovery_id. */
  readonly hostDiscoveryIds: boolean;
  /** 0.17.0+: IPs, ports and services carry them. */
  readonly childDiscoveryIds: boolean;
  /** 0.14-0.16: a host's source.metadata holds its last discoveries, dated. */
  readonly datedSightings: boolean;
  /** 0.15+: a run record counts the hosts it found (results.hosts_discovered). */
  readonly hostsDiscovered: boolean;
  /** 0.16.2+: a run record names its job (results.discovery_id), so a job's runs can be counted. */
  readonly runRecordsNameJobs: boolean;
}

type Triple = readonly [number, number, number];
const atLeast = (v: Triple, min: Triple) => (v[0] - min[0] || v[1] - min[1] || v[2] - min[2]) >= 0;

export function inventoryProfile(version: string | undefined): InventoryProfile {
  const v = parseVersion(version ?? '') ?? (parseVersion(NEWEST_KNOWN_VERSION) as Triple);
  const from = (minor: number, patch = 0) => atLeast(v, [0, minor, patch]);
  const sites = from(17, 22);
  return {
    layout: from(16)
      ? { addresses: 'ip_addresses', snmp: 'interfaces' }
      : { addresses: 'interfaces', snmp: 'if_entries' },
    addressRoute: from(16) ? '/api/v1/ip-addresses' : '/api/v1/interfaces',
    snmpRoute: sites ? '/api/v1/interfaces' : '/api/v1/if-entries',
    networkRoute: sites ? '/api/v1/sites' : '/api/v1/networks',
    hostNetworkParam: sites ? 'site_ids' : from(17, 21) ? 'network_ids' : 'network_id',
    childNetworkParam: sites ? 'site_id' : 'network_id',
    hostFilters: from(17, 21),
    hostDiscoveryIds: sites,
    childDiscoveryIds: from(17),
    datedSightings: !from(17),
    hostsDiscovered: from(15),
    runRecordsNameJobs: from(16, 2),
  };
}

/** What the host list is asked: filters the version applies itself, and one page. */
export interface HostQuery {
  readonly network_id?: string | undefined;
  readonly tag_id?: string | undefined;
  /** 0.17.21+ only (the caller checks hostFilters): older versions ignore them silently. */
  readonly service_name?: string | undefined;
  readonly search?: string | undefined;
  readonly credential_id?: string | undefined;
  readonly ids?: readonly string[] | undefined;
  readonly group_by?: string | undefined;
  /** Every version orders its lists (created_at, name, updated_at); the freshness probe asks newest first. */
  readonly order_by?: 'updated_at' | undefined;
  readonly order_direction?: 'asc' | 'desc' | undefined;
  /** false: hosts without their children (0.17.21+ only; older versions send them anyway). */
  readonly children?: false | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** The host list's wire query for this version. */
export function hostWireQuery(profile: InventoryProfile, query: HostQuery) {
  // tag_ids and ids are list parameters: only sent where the list filters are known (0.17.21+).
  const filters = profile.hostFilters
    ? {
        tag_ids: query.tag_id,
        ids: query.ids?.join(','),
        service_names: query.service_name,
        search: query.search,
        credential_ids: query.credential_id,
        group_by: query.group_by,
        include_children: query.children === false ? 'false' : undefined,
      }
    : {};
  return {
    [profile.hostNetworkParam]: query.network_id,
    ...filters,
    order_by: query.order_by,
    order_direction: query.order_direction,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function listHosts(
  requester: Requester,
  profile: InventoryProfile,
  query: HostQuery,
  signal?: AbortSignal,
): Promise<Page<InventoryHost>> {
  const path = '/api/v1/hosts';
  const wire = hostWireQuery(profile, query);
  const spec = { method: 'GET', path, auth: 'apiKey', query: wire, signal } as const;
  return requester.listPage(spec, hostParser(profile.layout), query);
}

export async function getHost(
  requester: Requester,
  profile: InventoryProfile,
  id: string,
  signal?: AbortSignal,
): Promise<InventoryHost> {
  const spec = {
    method: 'GET',
    path: `/api/v1/hosts/${encodeURIComponent(id)}`,
    auth: 'apiKey',
    signal,
  } as const;
  const parsed = hostParser(profile.layout).safeParse((await requester.request(spec)).data);
  if (!parsed.success) throw requester.shapeError(spec, 'data is not a host');
  return parsed.data;
}

/** A child list read in pages of 1,000 (the service's cap), every page within the side-list caps. */
export async function everyPage<T>(
  requester: Requester,
  path: string,
  query: Record<string, string | undefined>,
  parser: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  signal?: AbortSignal,
): Promise<T[]> {
  const route = { method: 'GET', path } as const;
  const read = await readEveryPage(
    route,
    countingBytes(route, requester.sideListBytes, (offset) => {
      const page = { limit: 1000, offset };
      const spec = { ...route, auth: 'apiKey', query: { ...query, ...page }, signal } as const;
      return requester.listPage(spec, parser, page);
    }),
    requester.shapeError,
  );
  return read.items;
}

/** Every subnet (of one network when given): CIDRs for the addresses. */
export const listSubnets = (
  requester: Requester,
  profile: InventoryProfile,
  networkId: string | undefined,
  signal?: AbortSignal,
): Promise<InventorySubnet[]> =>
  everyPage(
    requester,
    '/api/v1/subnets',
    { [profile.childNetworkParam]: networkId },
    subnetParser,
    signal,
  );

/** Every network (site), with the credentials its hosts inherit. */
export const listNetworks = (
  requester: Requester,
  profile: InventoryProfile,
  signal?: AbortSignal,
): Promise<InventoryNetwork[]> =>
  everyPage(requester, profile.networkRoute, {}, networkParser, signal);

/** Every IP address row of this version's IP route (0.14-0.15 interfaces, 0.16+ ip-addresses). */
export const listAddresses = (
  requester: Requester,
  profile: InventoryProfile,
  networkId: string | undefined,
  signal?: AbortSignal,
): Promise<InventoryAddressRow[]> =>
  everyPage(
    requester,
    profile.addressRoute,
    { [profile.childNetworkParam]: networkId },
    addressRowParser,
    signal,
  );

/** One host's SNMP interfaces, from this version's SNMP route (if-entries, or 0.17.22 interfaces). */
export const listSnmpInterfaces = (
  requester: Requester,
  profile: InventoryProfile,
  hostId: string,
  signal?: AbortSignal,
): Promise<InventorySnmpInterface[]> =>
  everyPage(requester, profile.snmpRoute, { host_id: hostId }, snmpInterfaceParser, signal);

/**
 * 0.17.21+: every distinct value of a host field with its row count, under the list's filters
 * (GET /api/v1/hosts/field-values/{field}); one small request instead of the list.
 */
export async function hostFieldValues(
  requester: Requester,
  profile: InventoryProfile,
  field: string,
  query: Omit<HostQuery, 'limit' | 'offset'>,
  signal?: AbortSignal,
): Promise<GroupCount[]> {
  const {
    limit: _l,
    offset: _o,
    ...wire
  } = hostWireQuery(profile, { ...query, limit: 0, offset: 0 });
  const path = `/api/v1/hosts/field-values/${encodeURIComponent(field)}`;
  const spec = { method: 'GET', path, auth: 'apiKey', query: wire, signal } as const;
  const data = (await requester.request(spec)).data;
  if (!Array.isArray(data)) throw requester.shapeError(spec, 'data is not a list');
  const out: GroupCount[] = [];
  for (const entry of data as unknown[]) {
    const { value, count } = (entry ?? {}) as Record<string, unknown>;
    if ((value === null || typeof value === 'string') && typeof count === 'number') {
      out.push({ value, count });
    }
  }
  return out;
}

/** A service's host and name (GET /api/v1/services/{id}): what runs a virtualized host. */
export async function getServiceHost(
  requester: Requester,
  id: string,
  signal?: AbortSignal,
): Promise<{ host_id?: string; name?: string }> {
  const path = `/api/v1/services/${encodeURIComponent(id)}`;
  const spec = { method: 'GET', path, auth: 'apiKey', signal } as const;
  const data = (await requester.request(spec)).data as Record<string, unknown> | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const hostId = text(data?.['host_id']);
  const name = text(data?.['name']);
  return { ...(hostId ? { host_id: hostId } : {}), ...(name ? { name } : {}) };
}
