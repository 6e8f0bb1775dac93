// One host in full, the candidates of an ambiguous name, and counts_only's tallies: the Hosts tab's panels, drawn as text.
import { bdi, button, el } from './dom.js';
import { zonedTime } from './time.js';
import type { HostDetail, HostItem, HostList, HostLookup } from './tool-result.js';

/** "22/tcp, 161/udp". */
export const ports = (labels: readonly string[] | undefined) => (labels ?? []).join(', ');
/** "SSH 22/tcp", one per service. */
export const services = (host: HostItem) =>
  (host.services ?? []).map((s) => `${s.name}${s.ports?.length ? ` ${ports(s.ports)}` : ''}`);

/** A definition list of the fields that have a value. */
function facts(entries: readonly (readonly [string, Node | string | undefined])[]) {
  const shown = entries.filter(([, value]) => value !== undefined && value !== '');
  return el(
    'dl',
    { class: 'facts' },
    ...shown.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value as Node | string)]),
  );
}

/**
 * The discovery that found or last touched the host, by name (its id where the answer names none),
 * then when; a link with neither (a dated entry no listed run matches, 0.14-0.16) says so rather
 * than showing a time where a discovery is expected.
 */
function linkText(link: HostDetail['first_found_by']) {
  if (!link) return undefined;
  const when = link.at ? zonedTime(link.at) : undefined;
  const run = link.name ?? link.id;
  if (run === undefined) {
    return `No discovery the service still lists${when ? ` (a run at ${when})` : ''}`;
  }
  const approximate = link.approximate ? ' (approximate: matched by daemon and time)' : '';
  return `${[run, when].filter(Boolean).join(', ')}${approximate}`;
}

const list = (values: readonly string[]) =>
  values.length === 0
    ? undefined
    : el('ul', {}, ...values.map((value) => el('li', {}, bdi(value))));

/** "10.0.0.2 in 10.0.0.0/24, MAC 00:1a:2b:00:00:01 (Ubiquiti)". */
function addressText(address: NonNullable<HostDetail['ips']>[number]) {
  const subnet = address.subnet ? ` in ${address.subnet}` : '';
  const vendor = address.mac_vendor ? ` (${address.mac_vendor})` : '';
  return `${address.ip}${subnet}${address.mac ? `, MAC ${address.mac}${vendor}` : ''}`;
}

/** "Gi0/1 (index 1): Up, 192.168.50.3, alias uplink". */
function interfaceText(entry: NonNullable<HostDetail['snmp_interfaces']>[number]) {
  const name = entry.name ?? entry.description ?? 'interface';
  const index = entry.index === undefined ? '' : ` (index ${entry.index})`;
  const rest = [
    entry.oper_status ?? 'status unknown',
    entry.ip,
    entry.alias && `alias ${entry.alias}`,
  ];
  return `${name}${index}: ${rest.filter(Boolean).join(', ')}`;
}

/** "lab-docker (Docker)", or the kind alone where the service names no host. */
function parentText(parent: NonNullable<HostDetail['virtualization_parent']>) {
  const who = parent.name ?? parent.id;
  if (who === undefined) return parent.type ?? 'a host the service does not name';
  return parent.type ? `${who} (${parent.type})` : who;
}

/** One host in full: every field the answer carries, drawn as text. */
export function detailsOf(
  host: HostDetail,
  network: string | undefined,
  actions: { ask(): void; close(): void },
) {
  const credentials = (host.snmp_credentials ?? []).map(
    (c) =>
      `${c.name ?? c.id ?? 'a credential the service does not name'}${c.from === 'network' ? ' (from its network)' : ''}`,
  );
  const interfaces = (host.snmp_interfaces ?? []).map(interfaceText);
  const parent = host.virtualization_parent;
  return el(
    'section',
    { class: 'host-details', 'aria-label': 'Host details', 'data-id': host.id },
    el('h2', { tabindex: '-1' }, bdi(host.name)),
    facts([
      ['Id', host.id],
      ['Hostname', host.hostname],
      ['Network', host.network ?? network],
      ['OS', host.os],
      ['Addresses', list((host.ips ?? []).map(addressText))],
      ['Services', list(services(host))],
      ['Other open ports', ports(host.other_ports)],
      ['All open ports', ports(host.ports)],
      ['SNMP credential', credentials.length ? list(credentials) : 'none'],
      ['SNMP interfaces', list(interfaces)],
      ['Tags', list(host.tags ?? [])],
      ['First seen', host.first_seen ? zonedTime(host.first_seen) : undefined],
      ['Last seen', host.last_seen ? zonedTime(host.last_seen) : undefined],
      ['First found by', linkText(host.first_found_by)],
      ['Last touched by', linkText(host.last_touched_by)],
      ['Description', host.description],
      ['System description', host.sys_descr],
      ['Location', host.sys_location],
      ['Runs on', parent ? parentText(parent) : undefined],
    ]),
    el(
      'div',
      { class: 'buttons' },
      button('Ask about this', actions.ask, { class: 'link' }),
      button('Close', actions.close, { class: 'link' }),
    ),
  );
}

type HostCounts = NonNullable<HostList['counts']>;

/** "SSH 120, SNMP 80, and 3 more", a tally of list_hosts' counts_only. */
function tallyText(tally: HostCounts['by_service']) {
  const shown = tally.top.map(([name, n]) => `${name} ${n}`);
  return tally.others > 0 ? [...shown, `others ${tally.others}`] : shown;
}

/** A counts_only answer: hosts per network, service, port, OS family and subnet, as text. */
export function countsOf(counts: HostCounts) {
  return el(
    'section',
    { class: 'host-counts', 'aria-label': 'Host counts' },
    facts([
      ['Hosts', String(counts.hosts)],
      ['By network', list(counts.by_network.map((n) => `${n.network ?? n.network_id} ${n.hosts}`))],
      ['By service', list(tallyText(counts.by_service))],
      ['By open port', list(tallyText(counts.by_port))],
      ['By OS family', list(tallyText(counts.by_os))],
      ['By subnet', list(tallyText(counts.by_subnet))],
      ['Without an SNMP credential', String(counts.without_snmp_credential)],
      ['New since', counts.new_since === undefined ? undefined : String(counts.new_since)],
      [
        'Not seen since',
        counts.not_seen_since === undefined ? undefined : String(counts.not_seen_since),
      ],
    ]),
  );
}

/** The candidates of an ambiguous get_host name: each can be chosen by id. */
export function candidatesOf(lookup: HostLookup, choose: (id: string) => void) {
  return el(
    'section',
    { class: 'host-details', 'aria-label': 'Host details' },
    el('p', { class: 'summary' }, lookup.summary),
    el(
      'ul',
      {},
      ...(lookup.candidates ?? []).map((c) => {
        const pick = button(bdi(c.name), () => choose(c.id), { class: 'link host-name' });
        return el(
          'li',
          {},
          pick,
          c.network ? el('span', { class: 'count' }, bdi(c.network)) : undefined,
        );
      }),
    ),
  );
}
