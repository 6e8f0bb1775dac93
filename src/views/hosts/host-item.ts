// One host in both channels: the structured item (service text capped, nothing null) and its one text line (every service string quoted).
import type { HostCredential } from '../../api/inventory-facts.js';
import type { InventoryHost, InventorySubnet } from '../../api/inventory-model.js';
import { isServiceId } from '../../api/service-id.js';
import { quote } from '../../safety/quote.js';
import { serviceText } from '../../safety/sanitize.js';
import { markServiceData, unmarkServiceData } from '../../safety/service-data-mark.js';
import { isCidr, isStrictAddress } from '../common/ip-address.js';
import type { HostItemOutput } from './host-shapes.js';

/** A discovery linked to a host as the tool worked it out: the output's link, and the run's name. */
type Link = NonNullable<HostItemOutput['first_found_by']> & { readonly name?: string | undefined };

/** A host as the views get it: the facts the tool worked out beside the service's record. */
export interface HostRow {
  readonly host: InventoryHost;
  readonly credentials: readonly HostCredential[];
  readonly lastSeen?: string | undefined;
  readonly first?: Link | undefined;
  readonly last?: Link | undefined;
  readonly found?: readonly ('first' | 'last')[] | undefined;
}

/** Names by id (marked service data) and subnets by id, for one answer. */
export interface HostLookups {
  readonly nameOf: (id: string | undefined) => string | undefined;
  readonly subnets: ReadonlyMap<string, InventorySubnet>;
}

/** Service text as the structured channel carries it: one line, capped, no mark. */
export const capped = (text: string, max = 200) => serviceText(unmarkServiceData(text), max);

/** "22/tcp" */
export const portText = (port: { number: number; protocol: string }) =>
  `${port.number}/${/^[a-z]{2,8}$/.test(port.protocol) ? port.protocol : 'other'}`;

/** "2026-11-21T03:57:12.123Z" -> "2026-11-21T03:57Z": minutes are enough to act on. */
export const compactTime = (iso: string | undefined) =>
  iso === undefined
    ? undefined
    : capped(iso, 40).replace(
        /^(\d{4}-\d\d-\d\dT\d\d:\d\d):\d\d(?:\.\d+)?(?=Z$|[+-]\d\d:\d\d$)/,
        '$1',
      );

/** Only the fields that hold something: nothing null, no empty lists. */
function defined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v !== undefined && !(Array.isArray(v) && v.length === 0 && key !== 'snmp_credentials')) {
      out[key] = v;
    }
  }
  return out as T;
}

/** The host's services with their bound ports, and its other open ports. */
export function servicesAndPorts(host: InventoryHost) {
  const byId = new Map(host.ports.flatMap((p) => (p.id ? [[p.id, p] as const] : [])));
  const bound = new Set<string>();
  const services = host.services.map((s) => {
    const ports = s.port_ids.flatMap((id) => {
      const port = byId.get(id);
      if (!port) return [];
      bound.add(id);
      return [portText(port)];
    });
    const name = capped(s.name, 100);
    const definition = s.definition === undefined ? undefined : capped(s.definition, 100);
    return defined({
      name,
      definition: definition === name ? undefined : definition,
      ports,
    });
  });
  const other = host.ports.filter((p) => !p.id || !bound.has(p.id)).map(portText);
  return { services, other_ports: [...new Set(other)] };
}

export function hostItem(row: HostRow, lookups: HostLookups): HostItemOutput {
  const { host } = row;
  const { services, other_ports } = servicesAndPorts(host);
  return defined<HostItemOutput>({
    id: host.id,
    name: capped(host.name),
    hostname: host.hostname === undefined ? undefined : capped(host.hostname),
    ips: host.addresses.map((a) => {
      const subnet = a.subnet_id === undefined ? undefined : lookups.subnets.get(a.subnet_id);
      return defined({
        ip: capped(a.ip, 64),
        // The CIDR says which subnet; its id only where the subnet is not known by CIDR.
        subnet: subnet ? capped(subnet.cidr, 64) : undefined,
        subnet_id: subnet ? undefined : a.subnet_id,
        mac: a.mac === undefined ? undefined : capped(a.mac, 64),
        mac_vendor: a.mac_vendor === undefined ? undefined : capped(a.mac_vendor, 100),
      });
    }),
    services,
    other_ports,
    os: host.os === undefined ? undefined : capped(host.os, 100),
    tags: [...host.tags],
    snmp_credentials: row.credentials.map((c) =>
      defined({ id: c.id, from: c.from === 'network' ? ('network' as const) : undefined }),
    ),
    first_seen: compactTime(host.created_at),
    last_seen: compactTime(row.lastSeen),
    first_found_by: row.first ? linkOutput(row.first) : undefined,
    last_touched_by: row.last ? linkOutput(row.last) : undefined,
    found_by: row.found && row.found.length > 0 ? [...row.found] : undefined,
  });
}

const linkOutput = (link: Link): HostItemOutput['first_found_by'] =>
  defined({ id: link.id, at: compactTime(link.at), approximate: link.approximate });

type NameMap = Record<string, string>;

/**
 * The names of the tags, SNMP credentials and discoveries the rows carry by id: each once, keyed by
 * id (no prototype, so an id like "__proto__" is an entry like any other). A tag named with another
 * tag's id is then a name in a name's place and never passes for that tag.
 */
export function namesOf(rows: readonly HostRow[], lookups: HostLookups) {
  const maps = {
    tag_names: Object.create(null) as NameMap,
    credential_names: Object.create(null) as NameMap,
    discovery_names: Object.create(null) as NameMap,
  };
  const add = (map: NameMap, id: string | undefined, name: string | undefined) => {
    if (id !== undefined && name !== undefined && !(id in map)) map[id] = capped(name, 100);
  };
  for (const row of rows) {
    for (const id of row.host.tags) add(maps.tag_names, id, lookups.nameOf(id));
    for (const c of row.credentials) add(maps.credential_names, c.id, lookups.nameOf(c.id));
    for (const link of [row.first, row.last]) add(maps.discovery_names, link?.id, link?.name);
  }
  const out: Partial<typeof maps> = {};
  for (const key of Object.keys(maps) as (keyof typeof maps)[]) {
    if (Object.keys(maps[key]).length > 0) out[key] = maps[key];
  }
  return out;
}

/** Text of the service: marked when it reads like an order, then quoted (nothing inside can close it). */
export const said = (text: string, max = 100) =>
  quote(markServiceData(unmarkServiceData(text), max * 2), max);

/** An address bare when it is one, else quoted like any service text. */
export function addressText(text: string): string {
  return isStrictAddress(text) ? text : said(text, 64);
}
/** An id bare when it reads as the service's ids do, else quoted: an id cannot add a field either. */
export const idText = (text: string) => (isServiceId(text) ? text : said(text, 64));
const MAC = /^[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}$/i;
const macText = (text: string) => (MAC.test(text) ? text : said(text, 64));
export const cidrText = (text: string) => (isCidr(text) ? text : said(text, 64));
const day = (iso: string | undefined) => /^\d{4}-\d{2}-\d{2}/.exec(iso ?? '')?.[0];

/** A discovery link in words: '"Office LAN sweep"', or '"Office LAN sweep" ~2026-11-21' when approximate. */
function linkText(link: Link | undefined): string | undefined {
  // A dated entry no listed run explains says no more than the dates already shown.
  if (!link || (link.id === undefined && link.name === undefined)) return undefined;
  const who = link.name !== undefined ? said(link.name) : link.id && idText(link.id);
  const when = link.approximate ? `~${day(link.at) ?? '?'}` : undefined;
  return [who, when].filter(Boolean).join(' ');
}

/** IPs with their subnets and MACs: "10.0.1.2 in 10.0.1.0/24 MAC 00:1a:2b:00:00:02". */
export function addressesText(host: InventoryHost, subnets: ReadonlyMap<string, InventorySubnet>) {
  return host.addresses
    .map((a) => {
      const subnet = a.subnet_id === undefined ? undefined : subnets.get(a.subnet_id);
      const vendor = a.mac_vendor ? ` ${said(a.mac_vendor, 60)}` : '';
      return [
        addressText(a.ip),
        subnet ? `in ${cidrText(subnet.cidr)}` : undefined,
        a.mac ? `MAC ${macText(a.mac)}${vendor}` : undefined,
      ]
        .filter(Boolean)
        .join(' ');
    })
    .join(', ');
}

/** '"SSH" 22/tcp, "nginx" 443/tcp; ports 8080/tcp' */
export function servicesText(host: InventoryHost): string | undefined {
  const { services, other_ports } = servicesAndPorts(host);
  const named = services.map((s) => [said(s.name, 60), ...(s.ports ?? [])].join(' '));
  const parts = [
    named.length > 0 ? `services ${named.join(', ')}` : undefined,
    other_ports.length > 0 ? `ports ${other_ports.join(', ')}` : undefined,
  ];
  const shown = parts.filter(Boolean);
  return shown.length > 0 ? shown.join(' · ') : undefined;
}

/** The host's SNMP credentials in words, or "SNMP none". */
export function credentialsText(row: HostRow, nameOf: HostLookups['nameOf']): string {
  if (row.credentials.length === 0) return 'SNMP none';
  return `SNMP ${row.credentials
    .map((c) => {
      const name = nameOf(c.id);
      const label = name === undefined ? idText(c.id) : said(name);
      return c.from === 'network' ? `${label} (from network)` : label;
    })
    .join(', ')}`;
}

/** One line: "- "sw-2" · 10.0.1.2 in 10.0.1.0/24 · services "SSH" 22/tcp · OS "IOS" · SNMP "Office switches" · seen 2026-10-23..2026-11-21 · id …" */
export function hostLine(row: HostRow, lookups: HostLookups): string {
  const { host } = row;
  const hostname =
    host.hostname !== undefined &&
    host.hostname !== host.name &&
    !host.hostname.startsWith(`${host.name}.`)
      ? `hostname ${said(host.hostname)}`
      : undefined;
  const tags =
    host.tags.length > 0
      ? `tags ${host.tags
          .map((id) => {
            const name = lookups.nameOf(id);
            return name === undefined ? idText(id) : said(name);
          })
          .join(', ')}`
      : undefined;
  const seen = [day(host.created_at), day(row.lastSeen)];
  const first = linkText(row.first);
  const last = linkText(row.last);
  const found =
    first !== undefined && first === last
      ? [`found and last touched by ${first}`]
      : [
          first ? `first found by ${first}` : undefined,
          last ? `last touched by ${last}` : undefined,
        ].filter(Boolean);
  const matched =
    row.found && row.found.length > 0
      ? `matched: ${row.found.map((f) => (f === 'first' ? 'first found' : 'last touched')).join(' and ')}`
      : undefined;
  const parts = [
    `- ${said(host.name || host.id, 120)}`,
    hostname,
    addressesText(host, lookups.subnets) || undefined,
    servicesText(host),
    host.os === undefined ? undefined : `OS ${said(host.os, 80)}`,
    tags,
    credentialsText(row, lookups.nameOf),
    seen[0] || seen[1] ? `seen ${seen[0] ?? '?'}..${seen[1] ?? '?'}` : undefined,
    found.length > 0 ? found.join(', ') : undefined,
    matched,
    `id ${idText(host.id)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}
