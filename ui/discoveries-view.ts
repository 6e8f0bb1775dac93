// The discoveries view: grouped by network and daemon with counts, filtered in place, failures, runs and disabled jobs marked.

import { anyFilter, askedDiscoveryFilters } from './discovery-filter.js';
import { bdi, button, el, select } from './dom.js';
import {
  type DiscoveryState,
  lastRunText,
  reasonText,
  STATES,
  scheduleText,
  stateOf,
} from './run-state.js';
import { busyButton, controlValues, searchBox, tabHeader, tableHead } from './tab-parts.js';
import type { DiscoveryItem, DiscoveryList } from './tool-result.js';

export type { DiscoveryState };

export interface Filters {
  readonly text: string;
  readonly type: string;
  readonly state: string;
  readonly tag: string;
}

/** Where an item sits: its network's and daemon's ids and names, for "Ask about this". */
export interface Placement {
  readonly network_id?: string | undefined;
  readonly network?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly daemon?: string | undefined;
}

export interface DiscoveriesActions {
  /** Calls list_discoveries again through the host; `all` asks for every page at once. */
  refresh(all: boolean): Promise<void>;
  /** Calls list_discoveries with these filters in place of the call's own, every match at once. */
  refilter(filters: Filters): Promise<void>;
  /** Posts a question about one discovery to the conversation (ui/message). */
  ask(item: DiscoveryItem, state: DiscoveryState, where: Placement): void;
}

const ANY = '';

type NameOf = (id?: string) => string;

function matches(item: DiscoveryItem, filters: Filters, nameOf: NameOf) {
  const text = filters.text.trim().toLowerCase();
  if (text) {
    const haystack = [item.name, item.id, nameOf(item.network_id), nameOf(item.daemon_id)]
      .concat((item.tags ?? []).map((tag) => nameOf(tag)))
      .join(' ')
      .toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  if (filters.type !== ANY && item.discovery_type.type !== filters.type) return false;
  if (filters.state !== ANY && stateOf(item) !== filters.state) return false;
  if (filters.tag !== ANY && !(item.tags ?? []).includes(filters.tag)) return false;
  return true;
}

/** Items grouped network -> daemon, in first-seen order. */
function grouped(items: readonly DiscoveryItem[]) {
  const networks = new Map<string, Map<string, DiscoveryItem[]>>();
  for (const item of items) {
    const network = item.network_id ?? '';
    const daemons = networks.get(network) ?? new Map<string, DiscoveryItem[]>();
    networks.set(network, daemons);
    const daemon = item.daemon_id ?? '';
    daemons.set(daemon, [...(daemons.get(daemon) ?? []), item]);
  }
  return networks;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "4 discoveries, 2 failed, 1 running": every state but ok and never run is counted. */
function problemCounts(items: readonly DiscoveryItem[]): string {
  const parts = [count(items.length, 'discovery', 'discoveries')];
  for (const state of STATES) {
    if (state === 'ok' || state === 'never run') continue;
    const n = items.filter((item) => stateOf(item) === state).length;
    if (n) parts.push(`${n} ${state}`);
  }
  return parts.join(', ');
}

/** The columns and their shares of a wide table's width. */
const COLUMNS = [
  ['Name', 24],
  ['Type', 9],
  ['Schedule', 21],
  ['State', 9],
  ['Last run', 14],
  ['Tags', 11.5],
  ['', 11.5],
] as const;
const HEAD = COLUMNS.map(([label]) => label);

/** A cell with its column's label, which the narrow layout shows beside the value. */
const cell = (column: number, attributes: Record<string, string>, ...children: (Node | string)[]) =>
  el('td', { 'data-label': HEAD[column] ?? '', ...attributes }, ...children);

function row(item: DiscoveryItem, where: Placement, nameOf: NameOf, actions: DiscoveriesActions) {
  const state = stateOf(item);
  const reason = reasonText(item);
  const name = el('td', { class: 'name' }, bdi(item.name));
  if (reason) name.append(el('div', { class: 'error' }, reason));
  return el(
    'tr',
    { class: `state-${state.replace(' ', '-')}`, 'data-id': item.id },
    name,
    cell(1, {}, item.discovery_type.type),
    cell(2, {}, scheduleText(item)),
    cell(3, {}, el('span', { class: 'badge' }, state)),
    cell(4, { class: 'time' }, lastRunText(item)),
    cell(
      5,
      { class: 'tags' },
      ...(item.tags ?? []).map((tag) => el('span', { class: 'tag' }, bdi(nameOf(tag)))),
    ),
    cell(
      6,
      { class: 'actions' },
      button('Ask about this', () => actions.ask(item, state, where), { class: 'link' }),
    ),
  );
}

function table(
  items: readonly DiscoveryItem[],
  where: Placement,
  nameOf: NameOf,
  actions: DiscoveriesActions,
) {
  return el(
    'table',
    { class: 'list discoveries' },
    tableHead(COLUMNS),
    el('tbody', {}, ...items.map((item) => row(item, where, nameOf, actions))),
  );
}

function groups(
  items: readonly DiscoveryItem[],
  nameOf: NameOf,
  actions: DiscoveriesActions,
  none: string,
) {
  if (items.length === 0) return el('p', { class: 'empty' }, none);
  const sections: HTMLElement[] = [];
  for (const [network, daemons] of grouped(items)) {
    const all = [...daemons.values()].flat();
    const networkName = network ? nameOf(network) : undefined;
    const section = el(
      'section',
      { class: 'network' },
      el(
        'h2',
        {},
        bdi(networkName ?? 'No network'),
        el('span', { class: 'count' }, problemCounts(all)),
      ),
    );
    for (const [daemon, list] of daemons) {
      const daemonName = daemon ? nameOf(daemon) : undefined;
      const where: Placement = {
        network_id: network || undefined,
        network: networkName,
        daemon_id: daemon || undefined,
        daemon: daemonName,
      };
      section.append(
        el(
          'h3',
          {},
          bdi(daemonName ?? 'No daemon'),
          el('span', { class: 'count' }, problemCounts(list)),
        ),
        table(list, where, nameOf, actions),
      );
    }
    sections.push(section);
  }
  return el('div', {}, ...sections);
}

/** What the tab draws besides the list: the filters its call was asked with, and where filters go. */
export interface DiscoveriesOptions {
  /** The filters the controls held before this redraw; none for a new answer. */
  readonly given?: Filters | undefined;
  /** The arguments the list was asked with: an empty answer shows the filters that made it. */
  readonly asked?: Readonly<Record<string, unknown>> | undefined;
  /** An empty answer to filters was drawn: a changed filter asks the service from then on. */
  readonly serverSide?: boolean | undefined;
}

/** `wanted` as one of `values` spells it (the service's "Docker" for a caller's "docker"), else as given. */
const spelled = (values: readonly string[], wanted: string) =>
  values.find((v) => v.toLowerCase() === wanted.toLowerCase()) ?? wanted;

/** Draws the list into `root`; filtering redraws the groups without asking the model. */
export function renderDiscoveries(
  root: HTMLElement,
  list: DiscoveryList,
  actions: DiscoveriesActions,
  options: DiscoveriesOptions = {},
): void {
  const names = list.names ?? {};
  const nameOf = (id?: string) => (id ? (Object.hasOwn(names, id) ? names[id] : id) : '') ?? '';
  const empty = list.discoveries.length === 0;
  // An empty answer shows what it answered: the filters it was asked with, in their controls.
  const asked = askedDiscoveryFilters(empty ? options.asked : undefined);
  const serverSide = options.serverSide === true || (empty && anyFilter(asked));
  const initial = options.given ?? asked;
  const listedTypes = [...new Set(list.discoveries.map((item) => item.discovery_type.type))].sort();
  const listedTags = [...new Set(list.discoveries.flatMap((item) => item.tags ?? []))];
  // A filter the answer holds no item of is still offered, chosen: it is what was asked.
  const withAsked = (values: readonly string[], wanted: string) =>
    wanted && !values.some((v) => v.toLowerCase() === wanted.toLowerCase())
      ? [wanted, ...values]
      : values;
  const types = withAsked(listedTypes, initial.type);
  const tags = withAsked(listedTags, initial.tag);
  const text = searchBox('text', 'Filter by name, id, tag', initial.text);
  const type = select('type', [[ANY, 'Any type'], ...types.map((t) => [t, t] as const)]);
  type.value = spelled(types, initial.type);
  const state = select('state', [[ANY, 'Any state'], ...STATES.map((s) => [s, s] as const)]);
  state.value = initial.state;
  const tag = select('tag', [[ANY, 'Any tag'], ...tags.map((t) => [t, nameOf(t)] as const)]);
  tag.value = spelled(tags, initial.tag);
  const shown = el('p', { class: 'shown', role: 'status' });
  const body = el('div', { class: 'groups' });
  const more = list.pagination?.has_more === true;
  const refresh = busyButton('Refresh', 'Refreshing…', () => actions.refresh(false));
  let askedForAll = false;
  const filtersNow = () => ({
    text: text.value,
    type: type.value,
    state: state.value,
    tag: tag.value,
  });
  const redraw = () => {
    const filters = filtersNow();
    // A cut list filters only what it holds: the first filter asks once for every page.
    if (more && !askedForAll && Object.values(filters).some((value) => value !== ANY)) {
      askedForAll = true;
      refresh.run(() => actions.refresh(true));
    }
    const visible = list.discoveries.filter((item) => matches(item, filters, nameOf));
    shown.textContent = `Showing ${problemCounts(visible)} of ${list.discoveries.length}${more ? ' (more on the service)' : ''}`;
    const none = empty
      ? anyFilter(filters)
        ? 'The service has no discovery that matches these filters. Change them (press Enter in the search box) to ask again.'
        : 'The service lists no discovery here.'
      : 'No discovery matches these filters.';
    body.replaceChildren(groups(visible, nameOf, actions, none));
  };
  for (const control of [text, type, state, tag]) control.addEventListener('input', redraw);
  // After an empty answer to filters the view holds nothing to filter: a settled filter (a choice,
  // Enter or leaving the box) asks the service for all that match.
  for (const control of [text, type, state, tag]) {
    control.addEventListener('change', () => {
      if (serverSide) refresh.run(() => actions.refilter(filtersNow()));
    });
  }
  root.replaceChildren(
    tabHeader('Discoveries', list.summary, refresh.node),
    el('div', { class: 'filters' }, text, type, state, tag),
    shown,
    body,
  );
  redraw();
}

/** The filters as the controls hold them now, so a refresh keeps what the person chose. */
export function currentFilters(root: HTMLElement): Filters | undefined {
  return controlValues(root, ['text', 'type', 'state', 'tag']);
}
