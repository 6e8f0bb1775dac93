// The shortest chain of known links between two hosts (breadth first over hosts), or why there is none.
import type { InventoryHost } from '../../api/inventory-model.js';
import type { Link, LinkGraph } from './link-graph.js';

/** One hop: the link taken and the host it reaches. */
export interface Hop {
  readonly link: Link;
  readonly from: InventoryHost;
  readonly to: InventoryHost;
}

export type PathAnswer =
  | { readonly found: true; readonly hops: readonly Hop[] }
  | {
      readonly found: false;
      /** Whether each end has any link at all: no chain between two linked hosts says something else. */
      readonly fromLinked: boolean;
      readonly toLinked: boolean;
    };

const otherEnd = (link: Link, id: string): InventoryHost | undefined => {
  if (link.b.kind === 'outside') return undefined;
  if (link.a.host.id === id) return link.b.host;
  return link.b.host.id === id ? link.a.host : undefined;
};

/** Fewest hops first; among equal chains the links in the graph's order (stable across versions). */
export function shortestPath(graph: LinkGraph, from: InventoryHost, to: InventoryHost): PathAnswer {
  if (from.id === to.id) return { found: true, hops: [] };
  const cameBy = new Map<string, Hop>();
  const seen = new Set([from.id]);
  let frontier = [from];
  while (frontier.length > 0 && !seen.has(to.id)) {
    const next: InventoryHost[] = [];
    for (const host of frontier) {
      for (const link of graph.byHost.get(host.id) ?? []) {
        const reached = otherEnd(link, host.id);
        if (!reached || seen.has(reached.id)) continue;
        seen.add(reached.id);
        cameBy.set(reached.id, { link, from: host, to: reached });
        next.push(reached);
      }
    }
    frontier = next;
  }
  if (!seen.has(to.id)) {
    return {
      found: false,
      fromLinked: (graph.byHost.get(from.id)?.length ?? 0) > 0,
      toLinked: (graph.byHost.get(to.id)?.length ?? 0) > 0,
    };
  }
  const hops: Hop[] = [];
  for (let at = to.id; at !== from.id; ) {
    const hop = cameBy.get(at) as Hop;
    hops.unshift(hop);
    at = hop.from.id;
  }
  return { found: true, hops };
}
