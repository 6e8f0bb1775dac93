// The caller's links on any version: the kept host copy with its interfaces, and the neighbour rows from those interfaces (0.14-0.17.14) or from each network's kept topology bundle (0.17.15+).
import type { LinksProfile, NeighbourRow } from '../../api/families/links.js';
import type { KeptHosts } from '../../api/inventory/kept-inventory.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { linksRefusedText } from '../../views/links/copy-refused.js';
import type { ToolContext } from '../define-tool.js';
import { type HostWorld, readHostWorld } from '../hosts/host-world.js';
import { keptHosts } from '../hosts/kept-hosts.js';
import { buildLinkGraph, type LinkGraph } from './link-graph.js';
import { partialWalks } from './partial-walks.js';

export interface LinkWorld {
  readonly world: HostWorld;
  readonly copy: KeptHosts;
  readonly profile: LinksProfile;
  readonly graph: LinkGraph;
}

/** 0.14-0.17.14: every interface row names its neighbour itself; the host copy holds them all. */
function rowsOfInterfaces(hosts: readonly InventoryHost[]): NeighbourRow[] {
  const rows: NeighbourRow[] = [];
  for (const host of hosts) {
    for (const port of host.snmp_interfaces) {
      if (port.id && port.neighbor) {
        rows.push({ interface_id: port.id, neighbor: port.neighbor, advertised: port.advertised });
      }
    }
  }
  return rows;
}

/** The networks the caller's hosts are in, each bundle read once (0.17.15+). */
async function rowsOfBundles(context: ToolContext, copy: KeptHosts, refresh: boolean | undefined) {
  const networks = [...new Set(copy.hosts.flatMap((h) => (h.network_id ? [h.network_id] : [])))];
  const read = await context.names.inventory.links.networks(context.api, networks, {
    signal: context.signal,
    now: context.now,
    hostsReadAt: copy.readAt,
    refresh,
  });
  return read.bundles.flatMap((bundle) => bundle.neighbours);
}

/** Everything a links answer is computed from; a warm question sends the host probe alone. */
export async function readLinkWorld(
  context: ToolContext,
  refresh: boolean | undefined,
): Promise<LinkWorld> {
  const copy = await keptHosts(context, refresh);
  if (!copy) {
    throw new ToolMessageError(linksRefusedText(context.names.inventory.refusal()));
  }
  return linkWorldOf(context, copy, refresh);
}

/** The links of a host copy already read (list_changes reads one copy for its hosts and links). */
export async function linkWorldOf(
  context: ToolContext,
  copy: KeptHosts,
  refresh: boolean | undefined,
): Promise<LinkWorld> {
  const [world, profile] = await Promise.all([
    readHostWorld(context, { discoveries: true, subnets: false }),
    context.api.linksProfile(context.signal),
  ]);
  const rows = profile.bundle
    ? await rowsOfBundles(context, copy, refresh)
    : rowsOfInterfaces(copy.hosts);
  const partial = partialWalks(world.discoveries?.byId.values(), copy.hosts);
  return { world, copy, profile, graph: buildLinkGraph(copy.hosts, rows, partial) };
}
