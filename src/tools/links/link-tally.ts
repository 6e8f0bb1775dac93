// list_links' counts: links per network, per switch, per protocol, and hosts per state, over the links in scope.
import type { InventoryHost } from '../../api/inventory-model.js';
import { worldNameOf } from '../hosts/host-world.js';
import { hostState, type Link } from './link-graph.js';
import type { LinkWorld } from './link-source.js';

export function countLinks(lw: LinkWorld, links: readonly Link[], networkId: string | undefined) {
  const nameOf = worldNameOf(lw.world);
  const byNetwork = new Map<string, number>();
  const bySwitch = new Map<string, { host: InventoryHost; links: number }>();
  const byProtocol = new Map<string, number>();
  const bump = (host: InventoryHost) => {
    const held = bySwitch.get(host.id);
    if (held) held.links++;
    else bySwitch.set(host.id, { host, links: 1 });
  };
  for (const link of links) {
    const networks = new Set([
      link.a.host.network_id,
      link.b.kind === 'outside' ? undefined : link.b.host.network_id,
    ]);
    for (const id of networks) if (id) byNetwork.set(id, (byNetwork.get(id) ?? 0) + 1);
    bump(link.a.host);
    if (link.b.kind !== 'outside' && link.b.host.id !== link.a.host.id) bump(link.b.host);
    const protocol = link.protocol?.toUpperCase() ?? 'not said';
    byProtocol.set(protocol, (byProtocol.get(protocol) ?? 0) + 1);
  }
  const hosts = { linked: 0, none_reported: 0, not_known: 0 };
  for (const host of lw.copy.hosts) {
    if (networkId !== undefined && host.network_id !== networkId) continue;
    hosts[hostState(lw.graph, host).state]++;
  }
  return {
    links: links.length,
    byNetwork: [...byNetwork].map(([id, n]) => ({ id, name: nameOf(id) ?? id, links: n })),
    bySwitch: [...bySwitch.values()]
      .sort((x, y) => y.links - x.links || x.host.name.localeCompare(y.host.name))
      .map((s) => ({ id: s.host.id, name: s.host.name || s.host.id, links: s.links })),
    byProtocol,
    hosts,
  };
}
