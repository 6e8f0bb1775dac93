// list_links' work: the links in scope (a network, a host, one port, a path), their states, counts or a Mermaid picture, from the caller's kept copy.
import type { InventoryHost } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { markServiceData } from '../../safety/service-data-mark.js';
import { LINK_FIELDS, type LinkField, linkCompactResult } from '../../views/links/link-columns.js';
import { linkCountsResult } from '../../views/links/link-counts-view.js';
import { type LinkView, portName } from '../../views/links/link-items.js';
import { type LinksView, linksResult } from '../../views/links/links-view.js';
import { parseFields } from '../common/fields-argument.js';
import { resolveName } from '../common/name-arguments.js';
import { isUuid } from '../common/uuid-argument.js';
import type { ToolContext } from '../define-tool.js';
import { worldNameOf } from '../hosts/host-world.js';
import { asOfNote } from '../hosts/kept-hosts.js';
import type { LinkListArguments } from './link-arguments.js';
import { hostState, type Link, type LinkGraph, portState } from './link-graph.js';
import { findHost, findPort } from './link-hosts.js';
import { shortestPath } from './link-path.js';
import { type LinkWorld, readLinkWorld } from './link-source.js';
import { countLinks } from './link-tally.js';

/** Arguments read strictly before anything is asked of the service. */
function checkEarly(args: LinkListArguments): LinkField[] | undefined {
  const refuse = (why: string) => {
    throw new ToolMessageError(`${why} Nothing was listed.`);
  };
  if (args.interface !== undefined && args.host === undefined)
    refuse('interface names a port of host: pass host too.');
  if (args.path_to !== undefined && args.host === undefined)
    refuse('path_to is the far end of a path from host: pass host too.');
  if (args.path_to !== undefined && args.interface !== undefined)
    refuse('path_to runs from a host, not a port: leave interface out.');
  if (args.fields === undefined) return undefined;
  if (args.counts_only) refuse('fields lists links, counts_only counts them: pass one.');
  if (args.format === 'mermaid')
    refuse('fields gives compact rows, format mermaid a picture: pass one.');
  return parseFields(args.fields, LINK_FIELDS) as LinkField[];
}

/** A link with whether either end's last walk was partial (its links kept from an earlier scan). */
const viewOf =
  (graph: LinkGraph) =>
  (link: Link): LinkView => ({
    ...link,
    kept:
      graph.partial.has(link.a.host.id) ||
      (link.b.kind !== 'outside' && graph.partial.has(link.b.host.id)),
  });

const shown = (host: InventoryHost) => quote(markServiceData(host.name || host.id), 100);

function networkOf(
  args: LinkListArguments,
  lw: LinkWorld,
): { id: string; label: string } | undefined {
  if (args.network === undefined) return undefined;
  const noun =
    lw.world.place === 'site'
      ? { one: 'site', many: 'sites' }
      : { one: 'network', many: 'networks' };
  const id = isUuid(args.network)
    ? args.network.toLowerCase()
    : resolveName(lw.world.names, 'networks', 'network', args.network, noun);
  const name = worldNameOf(lw.world)(id);
  return { id, label: `${noun.one} ${name ? quote(markServiceData(name), 100) : id}` };
}

const inNetwork = (link: Link, id: string) =>
  link.a.host.network_id === id || (link.b.kind !== 'outside' && link.b.host.network_id === id);

/** Lines every answer carries: what this version cannot tell, the copy's age, ends left unnamed. */
function notesOf(lw: LinkWorld, links: readonly Link[], now: number): string[] {
  const outside = links.filter((l) => l.b.kind === 'outside').length;
  return [
    ...lw.world.notes,
    ...asOfNote(lw.copy, now),
    ...(lw.profile.seenAt ? [] : ['This Scanopy version does not keep when a link was last seen.']),
    ...(lw.profile.walkWarnings
      ? []
      : [
          'This Scanopy version does not say when a switch walk was partial: a link may be from an earlier scan.',
        ]),
    ...(outside > 0
      ? [
          `${outside} link${outside === 1 ? ' ends' : 's end'} at a host outside your networks: nothing of it is shown.`,
        ]
      : []),
  ];
}

export async function listed(args: LinkListArguments, context: ToolContext) {
  const fields = checkEarly(args);
  const lw = await readLinkWorld(context, args.refresh);
  const { graph } = lw;
  const network = networkOf(args, lw);
  const host = args.host === undefined ? undefined : findHost(args.host, 'host', lw.copy);
  let links: readonly Link[] = host ? (graph.byHost.get(host.id) ?? []) : graph.links;
  if (network) links = links.filter((l) => inNetwork(l, network.id));
  if (args.protocol) links = links.filter((l) => l.protocol === args.protocol);
  let subject: LinksView['subject'];
  let path: LinksView['path'];
  if (host && args.interface !== undefined) {
    const port = findPort(host, args.interface);
    const state = portState(graph, host, port);
    links = links.filter((l) => state.links.includes(l));
    subject = {
      label: `${shown(host)} port ${quote(markServiceData(portName(port)), 60)}`,
      state: state.state,
    };
  } else if (host && args.path_to !== undefined) {
    const target = findHost(args.path_to, 'path_to', lw.copy);
    const answer = shortestPath(graph, host, target);
    if (answer.found) {
      links = answer.hops.map((h) => h.link);
      path = {
        from: shown(host),
        to: shown(target),
        hops: answer.hops.map((h) => ({ ...h, link: viewOf(graph)(h.link) })),
      };
    } else {
      links = [];
      const side = (h: InventoryHost, linked: boolean) =>
        linked
          ? `${shown(h)} has links`
          : `${shown(h)} has no known link (${hostState(graph, h).state.replace('_', ' ')})`;
      path = {
        from: shown(host),
        to: shown(target),
        none: `no chain of known links: ${side(host, answer.fromLinked)}, ${side(target, answer.toLinked)}.`,
      };
    }
  } else if (host) {
    subject = { label: shown(host), state: hostState(graph, host) };
  }
  const scope = [
    network?.label,
    host ? `host ${shown(host)}` : undefined,
    args.protocol ? args.protocol.toUpperCase() : undefined,
  ].filter(Boolean);
  const scopeText = scope.length > 0 ? scope.join(', ') : `every ${lw.world.place} the key sees`;
  const notes = notesOf(lw, links, context.now());
  if (args.counts_only)
    return linkCountsResult({ scope: scopeText, ...countLinks(lw, links, network?.id), notes });
  const views = path?.hops ? path.hops.map((h) => h.link) : links.map(viewOf(graph));
  if (fields) {
    return linkCompactResult(
      {
        links: views,
        offset: args.offset,
        limit: args.limit,
        summary: (n) =>
          `Links ${n === 0 ? 'none' : `${args.offset + 1}-${args.offset + n}`} of ${views.length} (${scopeText})`,
        notes,
      },
      fields,
      context.maxResultBytes,
    );
  }
  return linksResult(
    {
      scope: scopeText,
      links: views,
      offset: args.offset,
      limit: args.limit,
      subject,
      path,
      mermaid: args.format === 'mermaid',
      notes,
    },
    context.maxResultBytes,
  );
}
