// get_host's answer in both channels: one host in full, or the candidates an ambiguous name could mean, with their networks.
import type { InventoryHost, InventorySnmpInterface } from '../../api/inventory-model.js';
import { plural } from '../common/format.js';
import {
  type HostLinksView,
  hostLinksItem,
  hostLinksLine,
  neighbourItem,
  neighbourText,
} from '../links/neighbour-view.js';
import {
  addressesText,
  capped,
  credentialsText,
  type HostLookups,
  type HostRow,
  hostItem,
  hostLine,
  idText,
  namesOf,
  portText,
  said,
  servicesText,
} from './host-item.js';
import type { HostDetailOutput, HostLookupOutput } from './host-shapes.js';

const QUOTED = 'Quoted text is service data.';

export interface HostDetailView {
  readonly row: HostRow;
  readonly lookups: HostLookups;
  readonly place: 'network' | 'site';
  readonly snmpInterfaces: readonly InventorySnmpInterface[];
  /** The host that runs this one (its Docker or hypervisor service's host), where the service says. */
  readonly parent?:
    | { readonly id?: string; readonly name?: string; readonly type?: string }
    | undefined;
  /** How the argument was matched: by id, IP or name. */
  readonly matchedBy: string;
  readonly notes: readonly string[];
  /** Where this page of SNMP interfaces and of ports not bound to a service starts (get_host offset). */
  readonly offset?: number;
  /** The host's links and each port's neighbour, when they were read (views/links). */
  readonly links?: HostLinksView | undefined;
}

/** SNMP interfaces per page: a 3,000-port switch's answer stays well within the result budget. */
export const INTERFACES_PAGE = 100;
/** Ports not bound to a service per page (those bound to one are always shown, with it). */
export const PORTS_PAGE = 500;

interface Cut {
  readonly offset: number;
  readonly interfaces: number;
  readonly ports: number;
  readonly more: boolean;
}

/** The page of interfaces and unbound ports `offset` asks for, and what was left out, if anything. */
function paged(view: HostDetailView): { view: HostDetailView; cut?: Cut } {
  const offset = view.offset ?? 0;
  const { host } = view.row;
  const bound = new Set(host.services.flatMap((s) => s.port_ids));
  const unbound = host.ports.filter((p) => !p.id || !bound.has(p.id));
  const interfaces = view.snmpInterfaces.length;
  if (offset === 0 && interfaces <= INTERFACES_PAGE && unbound.length <= PORTS_PAGE)
    return { view };
  const left = new Set(unbound);
  for (const port of unbound.slice(offset, offset + PORTS_PAGE)) left.delete(port);
  const ports = host.ports.filter((p) => !left.has(p));
  const more = offset + INTERFACES_PAGE < interfaces || offset + PORTS_PAGE < unbound.length;
  return {
    view: {
      ...view,
      row: { ...view.row, host: { ...host, ports } },
      snmpInterfaces: view.snmpInterfaces.slice(offset, offset + INTERFACES_PAGE),
    },
    cut: { offset, interfaces, ports: unbound.length, more },
  };
}

/** "SNMP interfaces 101-200 of 3000, ports not bound to a service 101-600 of 2000 shown": said in both channels. */
function cutText(cut: Cut, host: InventoryHost): { said: string; next?: string } {
  const range = (total: number, page: number) =>
    cut.offset >= total
      ? `none of ${total}`
      : `${cut.offset + 1}-${Math.min(total, cut.offset + page)} of ${total}`;
  const said = `SNMP interfaces ${range(cut.interfaces, INTERFACES_PAGE)}, ports not bound to a service ${range(cut.ports, PORTS_PAGE)} shown (offset ${cut.offset}).`;
  const next = cut.more
    ? `For the rest, call get_host again with host ${host.id} and offset ${cut.offset + INTERFACES_PAGE} (interfaces; ports go on at ${cut.offset + PORTS_PAGE}).`
    : undefined;
  return next === undefined ? { said } : { said, next };
}

const snmpOutput = (
  i: InventorySnmpInterface,
  host: InventoryHost,
  links: HostLinksView | undefined,
) => {
  const ip =
    i.address_id === undefined ? undefined : host.addresses.find((a) => a.id === i.address_id)?.ip;
  const out: Record<string, unknown> = {
    index: i.index,
    name: i.name === undefined ? undefined : capped(i.name, 100),
    description: i.description === undefined ? undefined : capped(i.description, 200),
    alias: i.alias === undefined ? undefined : capped(i.alias, 100),
    mac: i.mac === undefined ? undefined : capped(i.mac, 64),
    admin_status: i.admin_status === undefined ? undefined : capped(i.admin_status, 20),
    oper_status: i.oper_status === undefined ? undefined : capped(i.oper_status, 20),
    speed_bps: i.speed_bps,
    ip: ip === undefined ? undefined : capped(ip, 64),
    neighbour: links ? neighbourItem(links, i) : undefined,
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out as NonNullable<HostDetailOutput['snmp_interfaces']>[number];
};

export function hostDetail(view: HostDetailView): HostDetailOutput {
  const { host } = view.row;
  const network = host.network_id === undefined ? undefined : view.lookups.nameOf(host.network_id);
  const item = hostItem(view.row, view.lookups);
  const detail: HostDetailOutput = {
    ...item,
    ...(host.network_id ? { network_id: host.network_id } : {}),
    ...(network === undefined ? {} : { network: capped(network) }),
    ...(host.ports.length > 0 ? { ports: [...new Set(host.ports.map(portText))] } : {}),
    ...(view.snmpInterfaces.length > 0
      ? { snmp_interfaces: view.snmpInterfaces.map((i) => snmpOutput(i, host, view.links)) }
      : {}),
    ...(view.links ? { links: hostLinksItem(view.links) } : {}),
    ...(host.description ? { description: capped(host.description, 300) } : {}),
    ...(host.sys_descr ? { sys_descr: capped(host.sys_descr, 300) } : {}),
    ...(host.sys_location ? { sys_location: capped(host.sys_location, 100) } : {}),
    ...(view.parent ? { virtualization_parent: parentOutput(view.parent) } : {}),
    ...(host.hidden ? { hidden: true } : {}),
  };
  return detail;
}

const parentOutput = (parent: NonNullable<HostDetailView['parent']>) => ({
  ...(parent.id ? { id: parent.id } : {}),
  ...(parent.name ? { name: capped(parent.name) } : {}),
  ...(parent.type ? { type: capped(parent.type, 40) } : {}),
});

function snmpLine(i: InventorySnmpInterface, links: HostLinksView | undefined): string {
  const parts = [
    i.index === undefined ? undefined : `#${i.index}`,
    i.name ? said(i.name, 60) : undefined,
    i.description && i.description !== i.name ? said(i.description, 80) : undefined,
    i.alias ? `alias ${said(i.alias, 60)}` : undefined,
    i.oper_status ? `oper ${said(i.oper_status, 20)}` : undefined,
    i.speed_bps ? `${Math.round(i.speed_bps / 1_000_000)} Mbit/s` : undefined,
  ];
  return `  - ${parts.filter(Boolean).join(' · ')}${links ? neighbourText(links, i) : ''}`;
}

export function hostDetailText(view: HostDetailView, detail: HostDetailOutput): string {
  const { host } = view.row;
  const place = view.place === 'site' ? 'site' : 'network';
  const network = host.network_id === undefined ? undefined : view.lookups.nameOf(host.network_id);
  const lines = [
    `# Host ${said(host.name || host.id, 120)} (${idText(host.id)}), found by ${view.matchedBy}`,
    QUOTED,
    `- ${place}: ${network === undefined ? (host.network_id ? idText(host.network_id) : 'not given') : said(network)}`,
  ];
  if (host.hostname) lines.push(`- hostname: ${said(host.hostname)}`);
  if (host.addresses.length > 0)
    lines.push(`- addresses: ${addressesText(host, view.lookups.subnets)}`);
  const services = servicesText(host);
  if (services) lines.push(`- ${services}`);
  if (detail.ports) lines.push(`- every open port: ${detail.ports.join(', ')}`);
  if (host.os) lines.push(`- OS: ${said(host.os, 100)}`);
  if (host.sys_descr) lines.push(`- sysDescr: ${said(host.sys_descr, 200)}`);
  if (host.sys_location) lines.push(`- location: ${said(host.sys_location)}`);
  if (host.description) lines.push(`- description: ${said(host.description, 200)}`);
  lines.push(`- ${credentialsText(view.row, view.lookups.nameOf)}`);
  if (host.tags.length > 0) {
    lines.push(
      `- tags: ${host.tags
        .map((id) => {
          const name = view.lookups.nameOf(id);
          return name === undefined ? idText(id) : said(name);
        })
        .join(', ')}`,
    );
  }
  // The runs' names from the row: the structured link carries the id alone.
  const first = detail.first_found_by && { ...detail.first_found_by, name: view.row.first?.name };
  const last = detail.last_touched_by && { ...detail.last_touched_by, name: view.row.last?.name };
  lines.push(
    `- first seen ${detail.first_seen ?? 'unknown'}, last seen ${detail.last_seen ?? 'unknown'}`,
  );
  const link = (label: string, l: typeof first) =>
    l
      ? `- ${label}: ${l.name !== undefined ? said(l.name) : l.id ? idText(l.id) : 'no listed run matches'}${l.id && l.name !== undefined ? ` (${idText(l.id)})` : ''}${l.at ? ` at ${l.at}` : ''}${l.approximate ? ' (approximate: matched by daemon and time)' : ''}`
      : undefined;
  for (const line of [link('first found by', first), link('last touched by', last)]) {
    if (line) lines.push(line);
  }
  if (view.parent) {
    const p = view.parent;
    lines.push(
      `- runs on: ${p.name ? said(p.name) : p.id ? idText(p.id) : 'unknown host'}${p.id && p.name ? ` (${idText(p.id)})` : ''}${p.type ? ` via ${said(p.type, 40)}` : ''}`,
    );
  }
  if (view.snmpInterfaces.length > 0) {
    lines.push(`- SNMP interfaces (${view.snmpInterfaces.length}):`);
    // A page is at most INTERFACES_PAGE lines: every one is shown in both channels.
    for (const i of view.snmpInterfaces) lines.push(snmpLine(i, view.links));
  }
  if (view.links) lines.push(hostLinksLine(view.links));
  lines.push(...view.notes);
  return lines.join('\n');
}

export function hostDetailResult(whole: HostDetailView) {
  const { view, cut } = paged(whole);
  const detail = hostDetail(view);
  const page = cut ? cutText(cut, view.row.host) : undefined;
  const structured: HostLookupOutput = {
    summary: `Host ${capped(view.row.host.name || view.row.host.id, 120)}, found by ${view.matchedBy}.${page ? ` ${page.said}` : ''}`,
    host: detail,
    ...namesOf([view.row], view.lookups),
    ...(page?.next ? { next_step: page.next } : {}),
    ...(view.notes.length > 0 ? { warnings: [...view.notes] } : {}),
  };
  const text = hostDetailText(view, detail);
  return {
    structured,
    text: page ? `${text}\n${[page.said, page.next].filter(Boolean).join(' ')}` : text,
  };
}

/** An ambiguous name or a shared IP: each host it could mean, with its network, so the next call can pick by id. */
export function hostCandidatesResult(
  argument: string,
  rows: readonly HostRow[],
  lookups: HostLookups,
  place: 'network' | 'site',
) {
  const shown = rows.slice(0, 20);
  const next = `Call get_host again with host set to one of these ids.`;
  const summary = `host ${said(argument, 100)} matches ${plural(rows.length, 'host')}${rows.length > shown.length ? ` (first ${shown.length} shown)` : ''}.`;
  const structured: HostLookupOutput = {
    summary,
    candidates: shown.map(({ host }) => {
      const network = host.network_id === undefined ? undefined : lookups.nameOf(host.network_id);
      return {
        id: host.id,
        name: capped(host.name),
        ...(host.network_id ? { network_id: host.network_id } : {}),
        ...(network === undefined ? {} : { network: capped(network) }),
        ips: host.addresses.map((a) => capped(a.ip, 64)),
      };
    }),
    next_step: next,
  };
  const label = place === 'site' ? 'site' : 'network';
  const lines = [
    `# ${summary}`,
    QUOTED,
    ...shown.map((row) => {
      const network =
        row.host.network_id === undefined ? undefined : lookups.nameOf(row.host.network_id);
      return `${hostLine(row, lookups)} · ${label} ${network === undefined ? idText(row.host.network_id ?? '?') : said(network)}`;
    }),
    next,
  ];
  return { structured, text: lines.join('\n') };
}
