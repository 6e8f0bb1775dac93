// The Hosts tab: hosts grouped by network, filtered in place by text, service and port, one host's details on selection.
import { bdi, button, el, select } from './dom.js';
import { candidatesOf, countsOf, detailsOf, ports, services } from './host-details.js';
import { askedFilters, type HostFilters, hostMatches, serviceNames } from './host-filter.js';
import { busyButton, controlValues, searchBox, tabHeader, tableHead } from './tab-parts.js';
import { zonedTime } from './time.js';
import type { HostItem, HostList, HostLookup } from './tool-result.js';

/** Where a host sits, for "Ask about this". */
export interface HostPlacement {
  readonly network_id?: string | undefined;
  readonly network?: string | undefined;
}

export interface HostsActions {
  /** Calls list_hosts again through the host; with filters, asks the service to apply them. */
  refresh(filters?: HostFilters): Promise<void>;
  /** Calls list_hosts for the page at `offset`, with the same filters. */
  page(offset: number, filters?: HostFilters): Promise<void>;
  /** Calls get_host by id; undefined when it failed (the error is shown apart). */
  details(id: string): Promise<HostLookup | undefined>;
  /** Posts a question about one host to the conversation (ui/message). */
  ask(host: HostItem, where: HostPlacement): void;
}

/** What the tab shows: a list, a looked-up host, or both (a list with one host selected). */
export interface HostsState {
  list?: HostList | undefined;
  lookup?: HostLookup | undefined;
  selected?: string | undefined;
  /** The first list was cut (more on the service): filters go to the service from then on. */
  cut?: boolean | undefined;
  /** The arguments the list was asked with: an empty answer shows the filters that made it. */
  asked?: Readonly<Record<string, unknown>> | undefined;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const addresses = (host: HostItem) => (host.ips ?? []).map((address) => address.ip);

/** One value per line, each bidi-isolated: service names and addresses are the service's text. */
const lines = (values: readonly string[]) =>
  values.length === 0
    ? ['-']
    : values.flatMap((value, i) => (i ? [el('br'), bdi(value)] : [bdi(value)]));

/** The columns and their shares of a wide table's width. */
const COLUMNS = [
  ['Name', 22],
  ['Addresses', 18],
  ['Services', 18],
  ['Other open ports', 13],
  ['OS', 13],
  ['Last seen', 16],
] as const;
/** Without the OS column (no host in the answer has one), its share goes to the names and addresses. */
const COLUMNS_NO_OS = [
  ['Name', 28],
  ['Addresses', 25],
  ['Services', 18],
  ['Other open ports', 13],
  ['Last seen', 16],
] as const;
const HEAD = COLUMNS.map(([label]) => label);
/** Said once instead of a "-" in every row: Scanopy detects an OS from 0.17.20 on, and not for every host. */
const NO_OS = 'No OS column: no host in this answer has an OS (Scanopy gives one from 0.17.20 on).';

function row(host: HostItem, selected: boolean, choose: (id: string) => void, withOs: boolean) {
  const name = el(
    'td',
    { class: 'name' },
    button(bdi(host.name), () => choose(host.id), {
      class: 'link host-name',
      'aria-pressed': String(selected),
    }),
  );
  if (host.hostname && host.hostname !== host.name) {
    name.append(el('div', { class: 'sub' }, bdi(host.hostname)));
  }
  const cell = (column: number, ...children: (Node | string)[]) =>
    el('td', { 'data-label': HEAD[column] ?? '' }, ...children);
  return el(
    'tr',
    { 'data-id': host.id, class: selected ? 'selected' : '' },
    name,
    // An IPv6 or link-local address is one long word: it may break anywhere, not overflow.
    el('td', { 'data-label': HEAD[1] ?? '', class: 'addresses' }, ...lines(addresses(host))),
    cell(2, ...lines(services(host))),
    cell(3, ports(host.other_ports) || '-'),
    withOs && cell(4, host.os ? bdi(host.os) : '-'),
    el('td', { 'data-label': HEAD[5] ?? '', class: 'time' }, zonedTime(host.last_seen)),
  );
}

/** The network of a host in the list, for a lookup that does not say. */
function placementOf(list: HostList | undefined, id: string): HostPlacement {
  const group = list?.groups.find((g) => g.hosts.some((h) => h.id === id));
  return { network_id: group?.network_id, network: group?.network };
}

function findHost(list: HostList | undefined, id: string | undefined) {
  if (!list || !id) return undefined;
  for (const group of list.groups) {
    const host = group.hosts.find((h) => h.id === id);
    if (host) return host;
  }
  return undefined;
}

/** Draws the tab into `root`; filtering and choosing a host redraw without asking the model. */
export function renderHosts(
  root: HTMLElement,
  state: HostsState,
  actions: HostsActions,
  given?: HostFilters,
): void {
  const list = state.list;
  const hostsIn = list?.groups.reduce((n, g) => n + g.hosts.length, 0) ?? 0;
  // An empty answer shows what it answered: the filters it was asked with, in their controls.
  const initial = given ?? askedFilters(list && hostsIn === 0 ? state.asked : undefined);
  const withOs = !!list?.groups.some((g) => g.hosts.some((h) => h.os));
  const text = searchBox('host-text', 'Filter by name, IP, MAC, OS', initial.text);
  const listed = list ? serviceNames(list) : [];
  const names =
    initial.service && !listed.includes(initial.service) ? [initial.service, ...listed] : listed;
  const service = select('host-service', [
    ['', 'Any service'],
    ...names.map((n) => [n, n] as const),
  ]);
  service.setAttribute('aria-label', 'Service');
  service.value = names.includes(initial.service) ? initial.service : '';
  const port = el('input', {
    type: 'number',
    name: 'host-port',
    min: '1',
    max: '65535',
    placeholder: 'Port',
    'aria-label': 'Open port',
  });
  port.value = initial.port;
  const shown = el('p', { class: 'shown', role: 'status' });
  const body = el('div', { class: 'groups' });
  const details = el('div', { class: 'details-slot' });
  const filtersNow = () => ({ text: text.value, service: service.value, port: port.value });
  // A page of the same list: filters go along only when one is set (they ask for every match).
  const setFilters = () => {
    const now = filtersNow();
    return now.text.trim() || now.service || now.port.trim() ? now : undefined;
  };
  const refresh = busyButton('Refresh', 'Refreshing…', () =>
    actions.refresh(state.cut ? filtersNow() : undefined),
  );

  const choose = (id: string) => {
    state.selected = id;
    redraw();
    drawDetails();
    // The details may be above the list (narrow) or beside it (wide, where they stay in view): the
    // person is taken there, and the list stays where it was scrolled to when they are in view.
    (details.querySelector('h2') as HTMLElement | null)?.focus({ preventScroll: true });
    details.scrollIntoView({ block: 'nearest' });
    const asked = id;
    void actions.details(id).then((lookup) => {
      if (!lookup || state.selected !== asked) return;
      state.lookup = lookup;
      drawDetails();
    });
  };
  const close = () => {
    state.selected = undefined;
    state.lookup = undefined;
    redraw();
    drawDetails();
  };
  const drawDetails = () => {
    const lookup = state.lookup;
    const looked = lookup?.host && lookup.host.id === state.selected ? lookup.host : undefined;
    const host = looked ?? findHost(list, state.selected);
    if (host) {
      const where = placementOf(list, host.id);
      const ask = () => actions.ask(host, where);
      details.replaceChildren(detailsOf(host, where.network, { ask, close }));
    } else if (state.selected) {
      details.replaceChildren(el('p', { class: 'empty' }, 'Loading the host…'));
    } else if (lookup?.candidates) {
      details.replaceChildren(candidatesOf(lookup, choose));
    } else {
      details.replaceChildren();
    }
  };
  const counts = list?.counts && list.groups.length === 0 ? list.counts : undefined;
  const redraw = () => {
    if (!list || counts) {
      shown.textContent = '';
      // Nothing at all without a list: the details then take the whole width.
      body.replaceChildren(...(counts ? [countsOf(counts)] : []));
      return;
    }
    const filters = filtersNow();
    const total = hostsIn;
    const sections = [];
    let visible = 0;
    for (const group of list.groups) {
      const hosts = group.hosts.filter((host) => hostMatches(host, filters));
      visible += hosts.length;
      if (hosts.length === 0) continue;
      sections.push(
        el(
          'section',
          { class: 'network' },
          el(
            'h2',
            {},
            bdi(group.network ?? group.network_id ?? 'No network'),
            el('span', { class: 'count' }, count(hosts.length, 'host', 'hosts')),
          ),
          el(
            'table',
            { class: 'list hosts' },
            tableHead(withOs ? COLUMNS : COLUMNS_NO_OS),
            el('tbody', {}, ...hosts.map((h) => row(h, h.id === state.selected, choose, withOs))),
          ),
        ),
      );
    }
    const more = state.cut
      ? `; ${list.pagination.total_count} on the service, which these filters are sent to`
      : '';
    shown.textContent = `Showing ${count(visible, 'host', 'hosts')} of ${pageText(list, total)}${more}`;
    body.replaceChildren(
      ...(withOs || total === 0 ? [] : [el('p', { class: 'hint' }, NO_OS)]),
      sections.length
        ? el('div', {}, ...sections)
        : el('p', { class: 'empty' }, noneText(total, state.cut)),
    );
  };
  for (const control of [text, service, port]) control.addEventListener('input', redraw);
  // A cut list holds only some hosts: a settled filter (a choice, Enter or leaving the box) asks
  // the service for all that match, rather than filtering a part.
  for (const control of [text, service, port]) {
    control.addEventListener('change', () => {
      if (state.cut) refresh.run(() => actions.refresh(filtersNow()));
    });
  }
  const controls = list && !counts ? [el('div', { class: 'filters' }, text, service, port)] : [];
  root.replaceChildren(
    tabHeader('Hosts', (list ?? state.lookup)?.summary ?? '', refresh.node),
    ...controls,
    shown,
    el('div', { class: 'hosts-layout' }, body, details),
    ...(list && !counts
      ? pager(list, (offset) => actions.page(offset, state.cut ? setFilters() : undefined))
      : []),
  );
  redraw();
  drawDetails();
}

/** Why no host is shown: the filters here, the service's answer to them, or no host at all. */
function noneText(total: number, cut: boolean | undefined) {
  if (total > 0) return 'No host matches these filters.';
  return cut
    ? 'The service has no host that matches these filters. Change them and press Enter to ask again.'
    : 'The service lists no host here.';
}

/** The hosts this page holds: "50", or "hosts 51-100" where the service holds others before or after. */
function pageText(list: HostList, shownHere: number) {
  const { offset, has_more: more } = list.pagination;
  return offset > 0 || more ? `hosts ${offset + 1}-${offset + shownHere}` : String(shownHere);
}

/**
 * Previous and next page of list_hosts, when the service holds more than this page: the list is
 * cut at the result budget or the limit, and the person goes on from where it stopped.
 */
function pager(list: HostList, go: (offset: number) => Promise<void>): HTMLElement[] {
  const { offset, limit, has_more: more } = list.pagination;
  if (!more && offset === 0) return [];
  const shownHere = list.groups.reduce((n, g) => n + g.hosts.length, 0);
  const buttons: HTMLElement[] = [];
  if (offset > 0) {
    const back = Math.max(0, offset - (limit > 0 ? limit : shownHere));
    buttons.push(busyButton('Previous page', 'Loading…', () => go(back)).node);
  }
  if (more) buttons.push(busyButton('Next page', 'Loading…', () => go(offset + shownHere)).node);
  const at = `Hosts ${offset + 1}-${offset + shownHere} of ${list.pagination.total_count}`;
  return [
    el(
      'nav',
      { class: 'buttons pager', 'aria-label': 'Pages of hosts' },
      el('span', {}, at),
      ...buttons,
    ),
  ];
}

/** The Hosts filters as the controls hold them now, so a refresh keeps what the person chose. */
export function currentHostFilters(root: HTMLElement): HostFilters | undefined {
  const values = controlValues(root, ['host-text', 'host-service', 'host-port']);
  return values
    ? { text: values['host-text'], service: values['host-service'], port: values['host-port'] }
    : undefined;
}
