// The Links tab: list_links' answer drawn as a picture (dagre lays out the nodes and edges), a device opened in the Hosts tab on click, a path asked with path_to highlighted.
import { graphlib, layout } from '@dagrejs/dagre';
import type { LinkListOutput } from '../src/views/links/link-shapes.js';
import { el } from './dom.js';

export type LinkList = LinkListOutput;
type LinkItem = NonNullable<LinkList['links']>[number];

/** list_links' structured answer, checked loosely; undefined for any other tool's. */
export function asLinkList(value: unknown, tool: string | undefined): LinkList | undefined {
  const v = value as Partial<LinkList> | undefined;
  if (!v || typeof v.summary !== 'string') return undefined;
  if (tool !== undefined && tool !== 'list_links') return undefined;
  return Array.isArray(v.links) || v.path ? (v as LinkList) : undefined;
}

const SVG = 'http://www.w3.org/2000/svg';
const svg = <K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
) => {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
};

const NODE_W = 150;
const NODE_H = 34;
/** Names longer than a node shows are cut; the whole name is the node's title. */
const shortName = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

interface Drawn {
  readonly id: string;
  readonly name: string;
  readonly outside: boolean;
}

/** A link end's host id and name: ends carry a name where it stands alone, else the id; host_names maps ids to names. */
function hostsOf(list: LinkList) {
  const names = list.host_names ?? {};
  const idByName = new Map<string, string>();
  for (const [id, name] of Object.entries(names)) idByName.set(name, id);
  return (label: string) => {
    const id = Object.hasOwn(names, label) ? label : (idByName.get(label) ?? label);
    return { id, name: Object.hasOwn(names, id) ? (names[id] as string) : label };
  };
}

/** The nodes and edges of the links shown: one node per host, a node of its own per outside end. */
function graphOf(list: LinkList) {
  const links = list.links ?? [];
  const hostOf = hostsOf(list);
  const nodes = new Map<string, Drawn>();
  const edges: { from: string; to: string; link: LinkItem; key: string }[] = [];
  links.forEach((link, i) => {
    const a = hostOf(link.a.host);
    nodes.set(a.id, { ...a, outside: false });
    const b = link.b.outside ? { id: `outside-${i}`, name: link.b.host } : hostOf(link.b.host);
    if (!nodes.has(b.id)) nodes.set(b.id, { ...b, outside: link.b.outside === true });
    edges.push({ from: a.id, to: b.id, link, key: `e${i}` });
  });
  return { nodes, edges, hostOf };
}

/** The host pairs a path goes through, either way round. */
function pathPairs(list: LinkList): Set<string> {
  const pairs = new Set<string>();
  for (const hop of list.path?.hops ?? []) {
    pairs.add(`${hop.from_id}|${hop.to_id}`);
    pairs.add(`${hop.to_id}|${hop.from_id}`);
  }
  return pairs;
}

export interface LinksActions {
  /** Opens a host in the Hosts tab. */
  readonly open: (hostId: string) => void;
}

/** Draws the Links tab into `panel`: the summary, the picture, and a line per link. */
export function renderLinks(panel: HTMLElement, list: LinkList, actions: LinksActions) {
  const links = list.links ?? [];
  const { nodes, edges, hostOf } = graphOf(list);
  const far = (link: LinkItem) => (link.b.outside ? link.b.host : hostOf(link.b.host).name);
  const g = new graphlib.Graph({ multigraph: true });
  // A narrow panel (a phone, a side panel) reads top to bottom; a wide one left to right.
  const rankdir = panel.clientWidth > 0 && panel.clientWidth < 600 ? 'TB' : 'LR';
  g.setGraph({ rankdir, nodesep: 18, ranksep: 50, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes.values()) g.setNode(node.id, { width: NODE_W, height: NODE_H });
  for (const edge of edges) g.setEdge(edge.from, edge.to, {}, edge.key);
  layout(g);
  const size = g.graph();
  const width = Math.max(size.width ?? 0, NODE_W);
  const height = Math.max(size.height ?? 0, NODE_H);
  const picture = svg('svg', {
    class: 'links-map',
    viewBox: `0 0 ${width} ${height}`,
    // Never wider than its panel: a wide picture is scaled down, not cut.
    width: '100%',
    style: `max-width: ${width}px`,
    role: 'group',
    'aria-label': 'Links between hosts',
  });
  const onPath = pathPairs(list);
  for (const edge of edges) {
    const points = g.edge({ v: edge.from, w: edge.to, name: edge.key }).points ?? [];
    const line = svg('polyline', {
      class: onPath.has(`${edge.from}|${edge.to}`) ? 'link on-path' : 'link',
      points: points.map((p: { x: number; y: number }) => `${p.x},${p.y}`).join(' '),
    });
    const title = svg('title');
    title.textContent = `${hostOf(edge.link.a.host).name} ${edge.link.a.port} – ${far(edge.link)} ${edge.link.b.port ?? '(port not known)'}${edge.link.protocol ? ` · ${edge.link.protocol}` : ''}`;
    line.append(title);
    picture.append(line);
  }
  for (const node of nodes.values()) {
    const at = g.node(node.id);
    const box = svg('g', {
      class: node.outside ? 'device outside' : 'device',
      transform: `translate(${at.x - NODE_W / 2},${at.y - NODE_H / 2})`,
      ...(node.outside ? {} : { role: 'button', tabindex: '0', 'data-host-id': node.id }),
    });
    const rect = svg('rect', { width: String(NODE_W), height: String(NODE_H), rx: '6' });
    const label = svg('text', {
      x: String(NODE_W / 2),
      y: String(NODE_H / 2 + 4),
      'text-anchor': 'middle',
    });
    label.textContent = shortName(node.name);
    const title = svg('title');
    title.textContent = node.outside ? node.name : `${node.name}: open in Hosts`;
    box.append(title, rect, label);
    if (!node.outside) {
      const open = () => actions.open(node.id);
      box.addEventListener('click', open);
      box.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') open();
      });
    }
    picture.append(box);
  }
  const lines = links.map((link) =>
    el(
      'li',
      {},
      `${hostOf(link.a.host).name} ${link.a.port} ↔ ${far(link)}${link.b.port ? ` ${link.b.port}` : link.b.outside ? '' : ' (port not known)'}${link.protocol ? ` · ${link.protocol}` : ''}`,
    ),
  );
  panel.replaceChildren(
    el('p', { class: 'summary' }, list.summary),
    ...(list.subject
      ? [
          el(
            'p',
            { class: 'status' },
            `${list.subject.label}: ${list.subject.state.replace('_', ' ')}`,
          ),
        ]
      : []),
    ...(list.path && !list.path.found
      ? [el('p', { class: 'status' }, `No path: ${list.path.why ?? ''}`)]
      : []),
    links.length > 0
      ? el('div', { class: 'links-scroll' }, picture)
      : el('p', { class: 'empty' }, 'No links in this answer.'),
    ...(lines.length > 0 ? [el('ul', { class: 'links-list' }, ...lines)] : []),
    ...(list.next_step ? [el('p', { class: 'status' }, list.next_step)] : []),
  );
}
