// Where each Scanopy version keeps links: neighbour fields on SNMP interface rows (0.14-0.17.14, read with the hosts), or the internal topology bundle per network (0.17.15+).
import * as z from 'zod';
import { EndpointNotOfferedError, HttpError } from '../errors.js';
import type { InventoryAdvertised, InventoryNeighbor } from '../inventory-model.js';
import type { Requester } from '../request.js';
import { isServiceId } from '../service-id.js';
import { NEWEST_KNOWN_VERSION, parseVersion } from './service-profile.js';

/** What one version offers of links. */
export interface LinksProfile {
  /** 0.17.15+: interface rows carry no neighbour; GET /api/v1/topology/data holds them. */
  readonly bundle: boolean;
  /** The bundle's network parameter: site_id on 0.17.22, network_id before. */
  readonly bundleParam: 'network_id' | 'site_id';
  /** 0.17.15+: when a scan last carried a link's evidence (neighbor_seen_at). */
  readonly seenAt: boolean;
  /** 0.17.15+: a partial switch walk is a run warning; before, nothing says so. */
  readonly walkWarnings: boolean;
}

type Triple = readonly [number, number, number];

export function linksProfile(version: string | undefined): LinksProfile {
  const v = parseVersion(version ?? '') ?? (parseVersion(NEWEST_KNOWN_VERSION) as Triple);
  const from = (minor: number, patch: number) => (v[0] - 0 || v[1] - minor || v[2] - patch) >= 0;
  const bundle = from(17, 15);
  return {
    bundle,
    bundleParam: from(17, 22) ? 'site_id' : 'network_id',
    seenAt: bundle,
    walkWarnings: bundle,
  };
}

/** One resolved adjacency: a local port and its far end. */
export interface NeighbourRow {
  readonly interface_id: string;
  readonly neighbor: InventoryNeighbor;
  readonly seen_at?: string | undefined;
  readonly advertised?: InventoryAdvertised | undefined;
}

/** What links need of one network's bundle; its interfaces and the rest are not kept. */
export interface TopologyLinks {
  readonly network_id: string;
  readonly neighbours: readonly NeighbourRow[];
}

/** A lenient list: the items that parse, one odd row never drops the bundle. */
export const lenientList = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((values) =>
      values.flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );

/** A resolved neighbour row (interface_neighbors/impl/base.rs InterfaceNeighborRow). */
export const neighbourRowSchema = () =>
  z.object({
    interface_id: z.string(),
    neighbor: z.object({ type: z.enum(['Interface', 'IfEntry', 'Host']), id: z.string() }),
    neighbor_seen_at: z.string().nullish().catch(undefined),
  });

function buildSchema() {
  const text = z.string().optional().catch(undefined);
  const candidate = z.object({
    interface_id: z.string(),
    protocol: z.string().catch(''),
    system_name: text,
    port_id: z
      .union([z.string(), z.object({ value: z.string() }).transform((p) => p.value)])
      .nullish()
      .catch(undefined),
  });
  return z.object({
    neighbours: lenientList(neighbourRowSchema()),
    candidates: lenientList(candidate),
  });
}
let schema: ReturnType<typeof buildSchema> | undefined;
/** The keys of a bundle's `data` that buildSchema reads. */
const LINK_KEYS = ['neighbours', 'candidates'] as const;

/**
 * GET /api/v1/topology/data for one network (site): live, or as of a snapshot with `snapshot_id`
 * (topology/handlers.rs TopologyDataQuery @10c7ea26). Read only: it never takes a snapshot.
 */
export function topologySpec(
  profile: LinksProfile,
  networkId: string,
  snapshotId: string | undefined,
  signal: AbortSignal | undefined,
) {
  const query = {
    [profile.bundleParam]: networkId,
    ...(snapshotId === undefined ? {} : { snapshot_id: snapshotId }),
  };
  return { method: 'GET', path: '/api/v1/topology/data', auth: 'apiKey', query, signal } as const;
}

/**
 * One network's (site's) links from the topology bundle: its resolved neighbours, each with the
 * protocol and text its raw evidence (candidates) gave. One request, whatever the site's size.
 */
export async function readTopologyLinks(
  requester: Requester,
  profile: LinksProfile,
  networkId: string,
  signal?: AbortSignal,
): Promise<TopologyLinks> {
  // Only what links read is built: the bundle's interfaces (80% of a 6.9 MB bundle at 12,500
  // interfaces) were parsed, cleaned and let go: ~25 MB of RSS over one host lookup at 20,000 hosts.
  const spec = { ...topologySpec(profile, networkId, undefined, signal), readKeys: LINK_KEYS };
  schema ??= buildSchema();
  const parsed = schema.safeParse((await requester.request(spec)).data);
  if (!parsed.success) throw requester.shapeError(spec, 'data is not a topology bundle');
  const evidence = new Map<string, InventoryAdvertised>();
  for (const c of parsed.data.candidates) {
    const protocol = c.protocol.toLowerCase();
    if (protocol !== 'lldp' && protocol !== 'cdp') continue;
    // LLDP first, as on the interface rows of older versions.
    if (evidence.get(c.interface_id)?.protocol === 'lldp') continue;
    evidence.set(c.interface_id, {
      protocol,
      system: c.system_name || undefined,
      port: c.port_id || undefined,
    });
  }
  return {
    network_id: networkId,
    neighbours: parsed.data.neighbours.map((row) => ({
      interface_id: row.interface_id,
      neighbor: {
        kind: row.neighbor.type === 'Host' ? 'host' : 'interface',
        id: row.neighbor.id,
      },
      seen_at: row.neighbor_seen_at ?? undefined,
      advertised: evidence.get(row.interface_id),
    })),
  };
}

/** A far port: which host it is on, as the version's SNMP interface route says. */
export interface FarPort {
  readonly id: string;
  readonly host_id: string;
  readonly name?: string | undefined;
  readonly index?: number | undefined;
}

const farPortParser = {
  safeParse(value: unknown): { success: true; data: FarPort } | { success: false } {
    const row = (value ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const id = text(row['id']);
    const host = text(row['host_id']);
    if (!id || !host) return { success: false };
    const index = typeof row['if_index'] === 'number' ? row['if_index'] : undefined;
    return {
      success: true,
      data: { id, host_id: host, name: text(row['if_name']) ?? text(row['if_descr']), index },
    };
  },
};

/** Far ports read at most for one host, and at once. */
export const MAX_FAR_PORTS = 24;
const AT_ONCE = 4;
/** Far ports asked of the SNMP list's `ids` filter in one read at most (~4 KB of query). */
export const MAX_LISTED_PORTS = 100;

/** Whether these ids can be asked of the list's filter: 1 to MAX_LISTED_PORTS, each a UUID. */
export const listable = (ids: readonly string[]): boolean =>
  ids.length > 0 && ids.length <= MAX_LISTED_PORTS && ids.every(isServiceId);

/**
 * The SNMP interface rows of these ids in one read of the version's SNMP list, with its `ids`
 * filter (declared since 0.14.13; the key repeated, OpenAPI's default for a list). Undefined when
 * the service does not honour it: its answer holds a row not asked for (the list as without the
 * filter), or it refuses the query (400, 422). A row not in an honoured answer is one the key
 * cannot see, as a 404 of its own read says. Undefined, with nothing sent, for ids not `listable`.
 */
export async function readPortsListed(
  requester: Requester,
  snmpRoute: string,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<FarPort[] | undefined> {
  if (!listable(ids)) return undefined;
  const query = { limit: 1000, offset: 0 };
  const spec = {
    method: 'GET',
    path: snmpRoute,
    auth: 'apiKey',
    query: { ...query, ids },
    signal,
  } as const;
  try {
    const page = await requester.listPage(spec, farPortParser, query);
    const asked = new Set(ids.map((id) => id.toLowerCase()));
    return page.items.every((port) => asked.has(port.id.toLowerCase())) ? page.items : undefined;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 400 || error.status === 422)) {
      return undefined;
    }
    throw error;
  }
}

/**
 * readPortsListed for one service: once its answer shows it ignores or refuses the filter, the
 * filter is not asked again (undefined at once, and the caller reads the ports one by one).
 */
export function createListedPorts(requester: Requester) {
  let ignored = false;
  return async (snmpRoute: string, ids: readonly string[], signal?: AbortSignal) => {
    if (ignored || !listable(ids)) return undefined;
    const ports = await readPortsListed(requester, snmpRoute, ids, signal);
    if (ports === undefined) ignored = true;
    return ports;
  };
}

/**
 * The SNMP interface rows of these ids, one `GET {route}/{id}` each (every version documents it):
 * for a service that does not honour the list's `ids` filter (readPortsListed). A row the key
 * cannot see answers 404 and its port is then outside the caller's networks. At most MAX_FAR_PORTS.
 */
export async function readPortsByIds(
  requester: Requester,
  snmpRoute: string,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<FarPort[]> {
  const out: FarPort[] = [];
  const wanted = ids.slice(0, MAX_FAR_PORTS);
  for (let at = 0; at < wanted.length; at += AT_ONCE) {
    const batch = await Promise.all(
      wanted.slice(at, at + AT_ONCE).map(async (id) => {
        const path = `${snmpRoute}/${encodeURIComponent(id)}`;
        const spec = { method: 'GET', path, auth: 'apiKey', signal } as const;
        try {
          const parsed = farPortParser.safeParse((await requester.request(spec)).data);
          return parsed.success ? parsed.data : undefined;
        } catch (error) {
          // Not found, forbidden, or a 404 page: a port this key cannot read.
          const unseen =
            (error instanceof HttpError && (error.status === 404 || error.status === 403)) ||
            error instanceof EndpointNotOfferedError;
          if (unseen) return undefined;
          throw error;
        }
      }),
    );
    for (const port of batch) if (port) out.push(port);
  }
  return out;
}
