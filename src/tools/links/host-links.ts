// get_host's links without the whole host list: this host's neighbour rows (its interface rows, or its network's kept bundle on 0.17.15+), far ports and far hosts from the kept copy (read for a switch with more far ports or unnamed far hosts than are read one by one), else looked up by id or named from the name list.
import { HttpError } from '../../api/errors.js';
import { type FarPort, MAX_FAR_PORTS, type NeighbourRow } from '../../api/families/links.js';
import { type KeptPort, keptPortsOf } from '../../api/inventory/snmp-port-hosts.js';
import {
  emptyHost,
  type InventoryHost,
  type InventorySnmpInterface,
} from '../../api/inventory-model.js';
import type { FarEndNotRead, HostLinksView } from '../../views/links/neighbour-view.js';
import type { ToolContext } from '../define-tool.js';
import type { HostWorld } from '../hosts/host-world.js';
import { keptHosts } from '../hosts/kept-hosts.js';
import { buildLinkGraph, hostState } from './link-graph.js';
import { partialWalks } from './partial-walks.js';

/** Far hosts read one by one at most, when the name list does not hold them (past its 1,000). */
const MAX_HOST_READS = 10;

async function rowsOf(
  host: InventoryHost,
  ports: readonly InventorySnmpInterface[],
  context: ToolContext,
) {
  const profile = await context.api.linksProfile(context.signal);
  if (!profile.bundle) {
    return ports.flatMap((p): NeighbourRow[] =>
      p.id && p.neighbor
        ? [{ interface_id: p.id, neighbor: p.neighbor, advertised: p.advertised }]
        : [],
    );
  }
  if (!host.network_id) return [];
  const ids = new Set(ports.flatMap((p) => (p.id ? [p.id] : [])));
  const read = await context.names.inventory.links.networks(context.api, [host.network_id], {
    signal: context.signal,
    now: context.now,
    hostsReadAt: undefined,
  });
  return read.bundles.flatMap((b) => b.neighbours).filter((row) => ids.has(row.interface_id));
}

/** The far ports found, the far port ids left unread, and the host copy they were looked up in. */
interface FarPorts {
  readonly ports: FarPort[];
  /** Far ports past MAX_FAR_PORTS with no copy to find them in: not read, so not known. */
  readonly unread: ReadonlySet<string>;
  readonly copy: readonly InventoryHost[] | undefined;
}

/** The host copy, asked for once per question at most. */
type CopyOnce = () => Promise<readonly InventoryHost[] | undefined>;

/**
 * The host copy for a switch with more far ends than are read one by one: it holds every port and
 * host the key reads (a few pages, where a 48-port switch would cost 48 reads), so a cold answer
 * names the same far ends as a warm one. Undefined where no copy can be had (past the copy's cap,
 * no room, or a first read still going after the question's patience): the capped reads then.
 * Asked once per question: far ports and far hosts both past their reads must not probe twice, nor
 * wait out the question's patience twice.
 */
function copyForFarEnds(context: ToolContext): CopyOnce {
  let asked: ReturnType<CopyOnce> | undefined;
  const ask = async () => {
    try {
      return (await keptHosts(context, false))?.hosts;
    } catch (error) {
      if (context.signal.aborted) throw error;
      return undefined;
    }
  };
  return () => {
    asked ??= ask();
    return asked;
  };
}

/**
 * The far ports by id: from the caller's kept copy when one is held (it holds every host the key
 * reads with its SNMP interfaces, so no request), the rest one by one (a 404 is out of scope).
 */
async function farPortsOf(
  ids: readonly string[],
  context: ToolContext,
  kept: readonly InventoryHost[] | undefined,
  copyOnce: CopyOnce,
): Promise<FarPorts> {
  // With no copy at hand, the SNMP list asked for these ports by id answers them all in one read.
  if (!kept && ids.length > 0) {
    const listed = await context.api.readPortsListed(ids, context.signal);
    if (listed) return { ports: listed, unread: new Set(), copy: undefined };
  }
  const copy = kept ?? (ids.length > MAX_FAR_PORTS ? await copyOnce() : undefined);
  const inCopy = copy ? keptPortsOf(copy, ids) : new Map<string, KeptPort>();
  const found: FarPort[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const hit = inCopy.get(id.toLowerCase());
    if (!hit) {
      missing.push(id);
      continue;
    }
    const { host, port } = hit;
    found.push({
      id: port.id ?? id,
      host_id: host.id,
      name: port.name ?? port.description,
      index: port.index,
    });
  }
  const unread = new Set(missing.slice(MAX_FAR_PORTS));
  if (missing.length === 0) return { ports: found, unread, copy };
  const read = await context.api.readPortsByIds(missing.slice(0, MAX_FAR_PORTS), context.signal);
  return { ports: [...found, ...read], unread, copy };
}

/** The far hosts found, and why each unread one was not (no copy and past the reads, or a failed read). */
interface FarHosts {
  readonly hosts: Map<string, InventoryHost>;
  readonly unread: ReadonlyMap<string, FarEndNotRead>;
}

/** A host the key cannot read: its port is outside the caller's networks, not unread. */
const outOfScope = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 403);

/**
 * The far hosts by id: from the caller's host copy when one answered this question (no request),
 * else the host list asked for them by id, else read one by one; one the key cannot read is left
 * out. Where the service ignores the list's ids filter (so names come from the list's first 1,000
 * hosts), more than MAX_HOST_READS far hosts past it are found in the host copy instead (the same
 * reason as for far ports); with no copy to be had, those are unread, never "outside".
 */
async function farHosts(
  ids: readonly string[],
  context: ToolContext,
  copy: readonly InventoryHost[] | undefined,
  copyOnce: CopyOnce,
): Promise<FarHosts> {
  const hosts = new Map<string, InventoryHost>();
  const unread = new Map<string, FarEndNotRead>();
  const fromCopy = (list: readonly InventoryHost[], wanted: ReadonlySet<string>) => {
    for (const h of list) if (wanted.has(h.id)) hosts.set(h.id, emptyHost(h.id, h.name));
  };
  if (copy) {
    // The copy holds every host the key reads, as the name list does (without its 1,000 cap).
    fromCopy(copy, new Set(ids));
    if (hosts.size === ids.length) return { hosts, unread };
  }
  // Named by the host list's ids filter: the far hosts only, not the list's first 1,000 (read
  // whole when the service ignores the filter, as narrowed-host-names.ts tells from its answer).
  const unnamed = ids.filter((id) => !hosts.has(id));
  const names = await context.names.read(context.api, [], context.signal, unnamed);
  let missing: string[] = [];
  for (const id of ids) {
    if (hosts.has(id)) continue;
    const name = names.nameOf(id);
    if (name !== undefined) hosts.set(id, emptyHost(id, name));
    // Left out by the list's honoured filter: outside the key's networks, as a 404 would say.
    else if (!names.unseen(id)) missing.push(id);
  }
  let inCopy = copy !== undefined;
  if (!inCopy && missing.length > MAX_HOST_READS) {
    const found = await copyOnce();
    if (found) {
      inCopy = true;
      fromCopy(found, new Set(missing));
      missing = missing.filter((id) => !hosts.has(id));
    }
  }
  for (const [index, id] of missing.entries()) {
    if (index >= MAX_HOST_READS) {
      // With a copy, a host it lacks is one the key cannot read; without one, it was not read.
      if (!inCopy) unread.set(id, 'past_reads');
      continue;
    }
    try {
      hosts.set(id, await context.api.getHost(id, context.signal));
    } catch (error) {
      if (context.signal.aborted) throw error;
      if (!outOfScope(error)) unread.set(id, 'failed');
    }
  }
  return { hosts, unread };
}

/**
 * The host's links and each port's neighbour; undefined for a host with no SNMP interfaces (only a
 * switch's own rows name its neighbours: list_links reads them all and says whether one names it).
 */
export async function hostLinks(
  host: InventoryHost,
  ports: readonly InventorySnmpInterface[],
  world: HostWorld,
  context: ToolContext,
  /** The caller's kept host copy, when the host was found in it. */
  kept?: readonly InventoryHost[] | undefined,
): Promise<HostLinksView | undefined> {
  if (ports.length === 0) return undefined;
  const rows = await rowsOf(host, ports, context);
  const farPortIds = [
    ...new Set(rows.flatMap((r) => (r.neighbor.kind === 'interface' ? [r.neighbor.id] : []))),
  ];
  const copyOnce = copyForFarEnds(context);
  const { ports: farPorts, unread, copy } = await farPortsOf(farPortIds, context, kept, copyOnce);
  const hostIds = [
    ...new Set([
      ...farPorts.map((p) => p.host_id),
      ...rows.flatMap((r) => (r.neighbor.kind === 'host' ? [r.neighbor.id] : [])),
    ]),
  ].filter((id) => id !== host.id);
  const { hosts: far, unread: unreadHosts } = await farHosts(hostIds, context, copy, copyOnce);
  // A row whose far end was not read (its port, or the port's or device's host) is no link to
  // "outside": that port's neighbour is not known.
  const hostOfPort = new Map(farPorts.map((p) => [p.id, p.host_id]));
  const notRead = (r: NeighbourRow): FarEndNotRead | undefined => {
    if (r.neighbor.kind === 'host') return unreadHosts.get(r.neighbor.id);
    if (unread.has(r.neighbor.id)) return 'past_reads';
    return unreadHosts.get(hostOfPort.get(r.neighbor.id) ?? '');
  };
  const unreadAt = new Map<string, FarEndNotRead>();
  const readRows = rows.filter((r) => {
    const why = notRead(r);
    if (why) unreadAt.set(r.interface_id, why);
    return why === undefined;
  });
  far.set(host.id, { ...host, snmp_interfaces: ports });
  // Far ports join their hosts (id and name alone) so the graph resolves them; a port the key cannot see stays out.
  const portsOf = new Map<string, InventorySnmpInterface[]>();
  for (const p of farPorts) {
    if (p.host_id === host.id || !far.has(p.host_id)) continue;
    const list = portsOf.get(p.host_id) ?? [];
    list.push({ id: p.id, name: p.name, index: p.index });
    portsOf.set(p.host_id, list);
  }
  const hosts = [...far.values()].map((h) =>
    h.id === host.id ? h : { ...h, snmp_interfaces: portsOf.get(h.id) ?? [] },
  );
  const graph = buildLinkGraph(
    hosts,
    readRows,
    partialWalks(world.discoveries?.byId.values(), [host]),
  );
  const links = graph.byHost.get(host.id) ?? [];
  const samePort = (x: InventorySnmpInterface, y: InventorySnmpInterface) =>
    x.id !== undefined && x.id === y.id;
  return {
    state: hostState(graph, graph.hostById.get(host.id) ?? host),
    linkOf: (port) =>
      links.find(
        (l) =>
          (l.a.host.id === host.id && samePort(l.a.port, port)) ||
          (l.b.kind === 'port' && l.b.host.id === host.id && samePort(l.b.port, port)),
      ),
    partial: graph.partial.has(host.id),
    farEndNotRead: (port) => (port.id === undefined ? undefined : unreadAt.get(port.id)),
    reads: { ports: MAX_FAR_PORTS, hosts: MAX_HOST_READS },
  };
}
