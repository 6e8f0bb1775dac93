// The API client: one method per endpoint over the request core (request.ts); knows nothing of MCP.
import * as credentials from './families/credentials.js';
import { type DiscoveryQuery, withinFilter } from './families/discovery-filter.js';
import { getHostApart, type HostApart } from './families/host-apart.js';
import * as inventory from './families/inventory.js';
import * as links from './families/links.js';
import {
  createVersionMemo,
  type ServiceProfile,
  type VersionMemo,
} from './families/service-profile.js';
import { type InventorySnapshot, listSnapshots } from './families/snapshots.js';
import * as snmpCredentials from './families/snmp-credentials.js';
import { readSnapshotBundle, type SnapshotBundle } from './families/topology-snapshot.js';
import { createVersionDetection } from './families/version-detection.js';
import type {
  InventoryAddressRow,
  InventoryHost,
  InventoryNetwork,
  InventorySnmpInterface,
  InventorySubnet,
} from './inventory-model.js';
import {
  createRequester,
  type GroupCount,
  type Page,
  type PageQuery,
  type RequestOptions,
} from './request.js';
import {
  type Discovery,
  discoverySchema,
  namedSchema,
  type ReleaseNotes,
  releaseNotesSchema,
  type SnmpCredential,
  type SnmpCredentialUpdate,
  type VersionInfo,
} from './schemas.js';
import { createSessionStore, type SessionStore } from './session.js';

/** What a name list reads of each item (namedSchema's keys). */
const NAMED_KEYS = ['id', 'name'] as const;

export type NamedKind = 'networks' | 'daemons' | 'tags' | 'hosts';

/** An entity reduced to what a name lookup needs. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

export interface ApiClient {
  getVersion(signal?: AbortSignal): Promise<VersionInfo>;
  listDiscoveries(query: DiscoveryQuery, signal?: AbortSignal): Promise<Page<Discovery>>;
  updateSnmpCredential(
    id: string,
    update: SnmpCredentialUpdate,
    signal?: AbortSignal,
  ): Promise<SnmpCredential>;
  getUnseenReleaseNotes(signal?: AbortSignal): Promise<ReleaseNotes>;
  /** Not in the contract: 0.14.x snmp-credentials, 0.15+ SNMP-typed credentials; never a community. */
  listSnmpCredentials(query: PageQuery, signal?: AbortSignal): Promise<Page<SnmpCredential>>;
  getSnmpCredential(id: string, signal?: AbortSignal): Promise<SnmpCredential>;
  /**
   * Ids and names of one kind of entity (networks are sites on newer servers), for showing names
   * beside ids. One page of up to 1,000; items without a string name are skipped. With `ids`
   * (hosts), the list's `ids` filter is sent: a service that honours it answers those hosts only,
   * one that does not answers the page as without it (the caller tells which).
   */
  listNamed(kind: NamedKind, signal?: AbortSignal, ids?: readonly string[]): Promise<Page<Named>>;
  /** What this service's version offers of the inventory: routes, filters, discovery links. */
  inventoryProfile(signal?: AbortSignal): Promise<inventory.InventoryProfile>;
  /** One page of hosts with their children, normalised; filters the version has are sent. */
  listHosts(query: inventory.HostQuery, signal?: AbortSignal): Promise<Page<InventoryHost>>;
  getHost(id: string, signal?: AbortSignal): Promise<InventoryHost>;
  /** A host over the response cap alone, read without its children and then each list apart (0.17.21+; else undefined). */
  getHostApart(id: string, signal?: AbortSignal): Promise<HostApart | undefined>;
  /** 0.17.21+: distinct values of a host field with their counts, under the list's filters. */
  hostFieldValues(
    field: string,
    query: Omit<inventory.HostQuery, 'limit' | 'offset'>,
    signal?: AbortSignal,
  ): Promise<GroupCount[]>;
  /** Every subnet (of one network), every network or site, every IP row; each paged through. */
  listSubnets(networkId: string | undefined, signal?: AbortSignal): Promise<InventorySubnet[]>;
  listNetworks(signal?: AbortSignal): Promise<InventoryNetwork[]>;
  listAddresses(
    networkId: string | undefined,
    signal?: AbortSignal,
  ): Promise<InventoryAddressRow[]>;
  listSnmpInterfaces(hostId: string, signal?: AbortSignal): Promise<InventorySnmpInterface[]>;
  /** 0.17.0+ topology snapshots of every network (site): one page of up to 1,000. */
  listSnapshots(signal?: AbortSignal): Promise<Page<InventorySnapshot>>;
  /** What this service's version keeps of links (neighbours on interface rows, or the bundle). */
  linksProfile(signal?: AbortSignal): Promise<links.LinksProfile>;
  /** 0.17.15+: one network's (site's) resolved neighbours from the topology bundle. */
  readTopologyLinks(networkId: string, signal?: AbortSignal): Promise<links.TopologyLinks>;
  /** 0.17.x: one network's hosts, ports, services and links as of a snapshot, keyed by lineage. */
  readSnapshotBundle(
    networkId: string,
    snapshotId: string,
    signal?: AbortSignal,
  ): Promise<SnapshotBundle>;
  /** SNMP interface rows by id, with their hosts: far ports the key can see. */
  readPortsByIds(ids: readonly string[], signal?: AbortSignal): Promise<links.FarPort[]>;
  /**
   * The same in one read of the SNMP list's `ids` filter (1 to MAX_LISTED_PORTS UUIDs; undefined
   * for others, with nothing sent); undefined when this service does not honour the filter, which
   * is then not asked again.
   */
  readPortsListed(
    ids: readonly string[],
    signal?: AbortSignal,
  ): Promise<links.FarPort[] | undefined>;
  /** The host a service runs on, and the service's name. */
  getServiceHost(id: string, signal?: AbortSignal): Promise<{ host_id?: string; name?: string }>;
  /** The service version last reported in any envelope, if one was seen. */
  serverVersion(): string | undefined;
  /**
   * The service's version and endpoint family: from the last envelope that named a version, else
   * GET /api/version; asked again after a versioned route answers 404 or the web UI's page.
   */
  service(signal?: AbortSignal): Promise<ServiceProfile>;
  close(): Promise<void>;
}

export interface ApiClientOptions extends RequestOptions {
  readonly sessionId?: string | undefined;
  /** A session shared by every client of the process; by default one of this client's own. */
  readonly session?: SessionStore | undefined;
  /** The service's version, shared like the session; by default this client's own. */
  readonly versionMemo?: VersionMemo | undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const memo = options.versionMemo ?? createVersionMemo();
  const session =
    options.session ??
    createSessionStore({ sessionId: options.sessionId, canLogin: Boolean(options.login) });
  const requester = createRequester(options, session, memo);
  const { request, listPage, shapeError } = requester;
  const { getVersion, service } = createVersionDetection(requester, memo);
  const profileOf = async (signal?: AbortSignal) =>
    inventory.inventoryProfile((await service(signal)).version);
  const listedPorts = links.createListedPorts(requester);

  return {
    getVersion,
    service,

    async listDiscoveries(query, signal) {
      // Only a network filter differs by version (0.17.22 calls it site_id); skip asking otherwise.
      const sites = query.network_id !== undefined && (await service(signal)).sites;
      const { network_id, historical, ...rest } = query;
      const wire = {
        ...(sites ? { site_id: network_id } : { network_id }),
        ...rest,
        historical: historical === undefined ? undefined : String(historical),
      };
      const path = '/api/v1/discovery';
      const spec = { method: 'GET', path, auth: 'apiKey', query: wire, signal } as const;
      return withinFilter(await listPage(spec, discoverySchema, query), query);
    },

    async listSnmpCredentials(query, signal) {
      const found = await service(signal);
      return found.credentialRoute === 'credentials'
        ? credentials.listSnmpCredentials(requester, found, query, signal)
        : snmpCredentials.listSnmpCredentials(requester, query, signal);
    },

    async getSnmpCredential(id, signal) {
      return (await service(signal)).credentialRoute === 'credentials'
        ? credentials.getSnmpCredential(requester, id, signal)
        : snmpCredentials.getSnmpCredential(requester, id, signal);
    },

    async updateSnmpCredential(id, update, signal) {
      return (await service(signal)).credentialRoute === 'credentials'
        ? credentials.updateSnmpCredential(requester, id, update, signal)
        : snmpCredentials.updateSnmpCredential(requester, id, update, signal);
    },

    async getUnseenReleaseNotes(signal) {
      const path = '/api/v1/release-notes/unseen';
      const spec = { method: 'GET', path, auth: 'sessionOrApiKey', signal } as const;
      // A missing route (404 or the web page) is never retried; the tool says what it means.
      const parsed = releaseNotesSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'data has no releases list');
      return parsed.data;
    },

    async listNamed(kind, signal, ids) {
      const found = await service(signal);
      const query = { limit: 1000, offset: 0 };
      // 0.17.22 renamed networks to sites; its hosts can leave their children out of a name list.
      const path = kind === 'networks' && found.sites ? '/api/v1/sites' : `/api/v1/${kind}`;
      const children = kind === 'hosts' && found.hostsIncludeChildren;
      const wire = {
        ...query,
        ...(children ? { include_children: 'false' } : {}),
        ...(ids ? { ids } : {}),
      };
      // Only ids and names are built: a host's record with its children is ~800 bytes of JSON.
      const readKeys = NAMED_KEYS;
      const spec = { method: 'GET', path, auth: 'apiKey', query: wire, signal, readKeys } as const;
      return listPage(spec, namedSchema, query);
    },

    inventoryProfile: async (signal) => inventory.inventoryProfile((await service(signal)).version),
    listHosts: async (query, signal) =>
      inventory.listHosts(requester, await profileOf(signal), query, signal),
    getHost: async (id, signal) =>
      inventory.getHost(requester, await profileOf(signal), id, signal),
    getHostApart: async (id, signal) =>
      getHostApart(requester, await profileOf(signal), id, signal),
    hostFieldValues: async (field, query, signal) =>
      inventory.hostFieldValues(requester, await profileOf(signal), field, query, signal),
    listSubnets: async (networkId, signal) =>
      inventory.listSubnets(requester, await profileOf(signal), networkId, signal),
    listNetworks: async (signal) =>
      inventory.listNetworks(requester, await profileOf(signal), signal),
    listAddresses: async (networkId, signal) =>
      inventory.listAddresses(requester, await profileOf(signal), networkId, signal),
    listSnmpInterfaces: async (hostId, signal) =>
      inventory.listSnmpInterfaces(requester, await profileOf(signal), hostId, signal),

    getServiceHost: (id, signal) => inventory.getServiceHost(requester, id, signal),
    listSnapshots: (signal) => listSnapshots(requester, signal),
    readPortsByIds: async (ids, signal) =>
      links.readPortsByIds(requester, (await profileOf(signal)).snmpRoute, ids, signal),
    readPortsListed: async (ids, signal) =>
      listedPorts((await profileOf(signal)).snmpRoute, ids, signal),
    linksProfile: async (signal) => links.linksProfile((await service(signal)).version),
    readTopologyLinks: async (networkId, signal) =>
      links.readTopologyLinks(
        requester,
        links.linksProfile((await service(signal)).version),
        networkId,
        signal,
      ),
    readSnapshotBundle: async (networkId, snapshotId, signal) =>
      readSnapshotBundle(
        requester,
        links.linksProfile((await service(signal)).version),
        networkId,
        snapshotId,
        signal,
      ),

    serverVersion: () => memo.reported,
    close: () => options.sender.close(),
  };
}
