// The links between the caller's hosts, from neighbour rows of any version: both ends resolved against the caller's copy, each cable once, and what each host can honestly say about its links.
import type { NeighbourRow } from '../../api/families/links.js';
import type {
  InventoryAdvertised,
  InventoryHost,
  InventorySnmpInterface,
} from '../../api/inventory-model.js';
import type { LinkView } from '../../views/links/link-items.js';

/** A port on one of the caller's hosts. */
export interface PortEnd {
  readonly host: InventoryHost;
  readonly port: InventorySnmpInterface;
}

/** The far end, one shape with the view that draws it (views cannot import tools). */
export type FarEnd = LinkView['b'];

export interface Link {
  /** Stable across versions: the ports' ids, or the port and the far host's id. */
  readonly key: string;
  readonly a: PortEnd;
  readonly b: FarEnd;
  readonly protocol?: 'lldp' | 'cdp' | undefined;
  /** When a scan last carried this link's evidence (0.17.15+): the older side's. */
  readonly seenAt?: string | undefined;
}

/** A partial switch walk: the run that could not finish, and when it ended. */
export interface PartialWalk {
  readonly runId: string;
  readonly runName: string;
  readonly at?: string | undefined;
}

export type LinkState =
  | { readonly state: 'linked'; readonly links: number }
  | { readonly state: 'none_reported'; readonly interfaces: number }
  | { readonly state: 'not_known'; readonly why: 'no_snmp' }
  | { readonly state: 'not_known'; readonly why: 'partial_walk'; readonly walk: PartialWalk };

export interface LinkGraph {
  readonly links: readonly Link[];
  readonly byHost: ReadonlyMap<string, readonly Link[]>;
  readonly hostById: ReadonlyMap<string, InventoryHost>;
  readonly partial: ReadonlyMap<string, PartialWalk>;
}

const endOrder = (x: PortEnd, y: PortEnd) =>
  x.host.name.localeCompare(y.host.name) ||
  (x.port.index ?? 0) - (y.port.index ?? 0) ||
  x.host.id.localeCompare(y.host.id);

const older = (x: string | undefined, y: string | undefined) =>
  x === undefined ? y : y === undefined ? x : x < y ? x : y;

function farOf(
  row: NeighbourRow,
  ports: ReadonlyMap<string, PortEnd>,
  hosts: ReadonlyMap<string, InventoryHost>,
  advertised: InventoryAdvertised | undefined,
): FarEnd {
  if (row.neighbor.kind === 'interface') {
    const far = ports.get(row.neighbor.id);
    return far ? { kind: 'port', ...far } : { kind: 'outside' };
  }
  const host = hosts.get(row.neighbor.id);
  return host
    ? {
        kind: 'device',
        host,
        advertisedSystem: advertised?.system,
        advertisedPort: advertised?.port,
      }
    : { kind: 'outside' };
}

/**
 * Every link once: a cable both ports report is one link (ordered by host name, then port), a row
 * whose local port is not the caller's is left out (its host is in no list the key sees).
 */
export function buildLinkGraph(
  hosts: readonly InventoryHost[],
  rows: readonly NeighbourRow[],
  partial: ReadonlyMap<string, PartialWalk>,
): LinkGraph {
  const ports = new Map<string, PortEnd>();
  const hostById = new Map<string, InventoryHost>();
  for (const host of hosts) {
    hostById.set(host.id, host);
    for (const port of host.snmp_interfaces) if (port.id) ports.set(port.id, { host, port });
  }
  const byKey = new Map<string, Link>();
  for (const row of rows) {
    const local = ports.get(row.interface_id);
    if (!local) continue;
    const far = farOf(row, ports, hostById, row.advertised);
    const protocol = row.advertised?.protocol;
    let link: Link;
    if (far.kind === 'port') {
      const other = { host: far.host, port: far.port };
      const [a, b] = endOrder(local, other) <= 0 ? [local, other] : [other, local];
      link = { key: `${a.port.id}|${b.port.id}`, a, b: { kind: 'port', ...b }, protocol };
    } else {
      const farKey = far.kind === 'device' ? far.host.id : 'outside';
      link = { key: `${local.port.id}|${farKey}`, a: local, b: far, protocol };
    }
    const seen = byKey.get(link.key);
    byKey.set(link.key, {
      ...link,
      protocol: seen?.protocol ?? link.protocol,
      seenAt: seen ? older(seen.seenAt, row.seen_at) : row.seen_at,
    });
  }
  const links = [...byKey.values()].sort(
    (x, y) => endOrder(x.a, y.a) || x.key.localeCompare(y.key),
  );
  const byHost = new Map<string, Link[]>();
  const add = (id: string, link: Link) => {
    const list = byHost.get(id);
    if (list) list.push(link);
    else byHost.set(id, [link]);
  };
  for (const link of links) {
    add(link.a.host.id, link);
    if (link.b.kind !== 'outside' && link.b.host.id !== link.a.host.id) add(link.b.host.id, link);
  }
  return { links, byHost, hostById, partial };
}

/** What the caller can be told about one host's links: linked, none reported, or not known. */
export function hostState(graph: LinkGraph, host: InventoryHost): LinkState {
  const walk = graph.partial.get(host.id);
  if (walk) return { state: 'not_known', why: 'partial_walk', walk };
  const links = graph.byHost.get(host.id)?.length ?? 0;
  if (links > 0) return { state: 'linked', links };
  if (host.snmp_interfaces.length > 0) {
    return { state: 'none_reported', interfaces: host.snmp_interfaces.length };
  }
  return { state: 'not_known', why: 'no_snmp' };
}

/** One port's state: its links, none reported on it, or not known (its host's walk was partial). */
export function portState(graph: LinkGraph, host: InventoryHost, port: InventorySnmpInterface) {
  const links = (graph.byHost.get(host.id) ?? []).filter(
    (l) => l.a.port === port || (l.b.kind === 'port' && l.b.port === port),
  );
  const walk = graph.partial.get(host.id);
  const state: LinkState = walk
    ? { state: 'not_known', why: 'partial_walk', walk }
    : links.length > 0
      ? { state: 'linked', links: links.length }
      : { state: 'none_reported', interfaces: 1 };
  return { links, state };
}
