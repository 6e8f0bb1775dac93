// The discoveries view: grouped by network and daemon with counts, filtered in place, failures and disabled jobs marked.
import { button, el, select } from './dom.js';
import type { DiscoveryItem, DiscoveryList } from './tool-result.js';

export type DiscoveryState = 'failed' | 'disabled' | 'never run' | 'ok';

export interface Filters {
  readonly text: string;
  readonly type: string;
  readonly state: string;
  readonly tag: string;
}

export interface DiscoveriesActions {
  /** Calls list_discoveries again through the host; `all` asks for every page at once. */
  refresh(all: boolean): void;
  /** Posts a question about one discovery to the conversation (ui/message). */
  ask(item: DiscoveryItem, state: DiscoveryState, where: string): void;
}

/** The same reading as the server's summary (views/discovery-format.ts): failed, disabled, never run. */
export function stateOf(item: DiscoveryItem): DiscoveryState {
  const run = item.run_type;
  if (run.phase === 'Failed' || item.state === 'failed' || item.last_run_failed === true) {
    return 'failed';
  }
  if (run.enabled === false) return 'disabled';
  if ((run.type === 'Scheduled' || run.type === 'AdHoc') && !run.last_run) return 'never run';
  return 'ok';
}

function scheduleOf(run: DiscoveryItem['run_type']): string {
  if (run.schedule) return run.schedule;
  if (run.cron_schedule)
    return run.timezone ? `${run.cron_schedule} ${run.timezone}` : run.cron_schedule;
  if (run.type === 'AdHoc') return 'ad hoc';
  if (run.type === 'Historical') return `one run${run.phase ? `: ${run.phase}` : ''}`;
  return run.type;
}

const shortTime = (time: string | undefined) => (time ? time.replace('T', ' ').slice(0, 16) : '-');

const ANY = '';

function matches(item: DiscoveryItem, filters: Filters, nameOf: (id?: string) => string) {
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

function problemCounts(items: readonly DiscoveryItem[]): string {
  const failed = items.filter((item) => stateOf(item) === 'failed').length;
  const disabled = items.filter((item) => stateOf(item) === 'disabled').length;
  const parts = [count(items.length, 'discovery', 'discoveries')];
  if (failed) parts.push(`${failed} failed`);
  if (disabled) parts.push(`${disabled} disabled`);
  return parts.join(', ');
}

function row(
  item: DiscoveryItem,
  where: string,
  nameOf: (id?: string) => string,
  actions: DiscoveriesActions,
) {
  const state = stateOf(item);
  const run = item.run_type;
  return el(
    'tr',
    { class: `state-${state.replace(' ', '-')}`, 'data-id': item.id },
    el(
      'td',
      { class: 'name' },
      item.name,
      run.error ? el('div', { class: 'error' }, run.error) : undefined,
    ),
    el('td', {}, item.discovery_type.type),
    el('td', {}, scheduleOf(run)),
    el('td', {}, el('span', { class: 'badge' }, state)),
    el('td', {}, shortTime(run.last_run ?? run.finished_at)),
    el(
      'td',
      { class: 'tags' },
      ...(item.tags ?? []).map((tag) => el('span', { class: 'tag' }, nameOf(tag))),
    ),
    el(
      'td',
      {},
      button('Ask about this', () => actions.ask(item, state, where), { class: 'link' }),
    ),
  );
}

function table(
  items: readonly DiscoveryItem[],
  where: string,
  nameOf: (id?: string) => string,
  actions: DiscoveriesActions,
) {
  const head = ['Name', 'Type', 'Schedule', 'State', 'Last run', 'Tags', ''];
  return el(
    'table',
    {},
    el('thead', {}, el('tr', {}, ...head.map((label) => el('th', {}, label)))),
    el('tbody', {}, ...items.map((item) => row(item, where, nameOf, actions))),
  );
}

function groups(
  items: readonly DiscoveryItem[],
  nameOf: (id?: string) => string,
  actions: DiscoveriesActions,
) {
  if (items.length === 0) return el('p', { class: 'empty' }, 'No discovery matches these filters.');
  const sections: HTMLElement[] = [];
  for (const [network, daemons] of grouped(items)) {
    const all = [...daemons.values()].flat();
    const networkName = network ? nameOf(network) : 'No network';
    const section = el(
      'section',
      { class: 'network' },
      el('h2', {}, networkName, el('span', { class: 'count' }, problemCounts(all))),
    );
    for (const [daemon, list] of daemons) {
      const daemonName = daemon ? nameOf(daemon) : 'No daemon';
      section.append(
        el('h3', {}, daemonName, el('span', { class: 'count' }, problemCounts(list))),
        table(list, `network ${networkName}, daemon ${daemonName}`, nameOf, actions),
      );
    }
    sections.push(section);
  }
  return el('div', {}, ...sections);
}

/** Draws the list into `root`; filtering redraws the groups without asking the model. */
export function renderDiscoveries(
  root: HTMLElement,
  list: DiscoveryList,
  actions: DiscoveriesActions,
  initial: Filters = { text: '', type: ANY, state: ANY, tag: ANY },
): void {
  const names = list.names ?? {};
  const nameOf = (id?: string) => (id ? (names[id] ?? id) : '');
  const types = [...new Set(list.discoveries.map((item) => item.discovery_type.type))].sort();
  const tags = [...new Set(list.discoveries.flatMap((item) => item.tags ?? []))];
  const text = el('input', {
    type: 'search',
    name: 'text',
    placeholder: 'Filter by name, id, tag',
  });
  text.value = initial.text;
  const type = select('type', [[ANY, 'Any type'], ...types.map((t) => [t, t] as const)]);
  type.value = initial.type;
  const state = select('state', [
    [ANY, 'Any state'],
    ['failed', 'Failed'],
    ['disabled', 'Disabled'],
    ['never run', 'Never run'],
    ['ok', 'OK'],
  ]);
  state.value = initial.state;
  const tag = select('tag', [[ANY, 'Any tag'], ...tags.map((t) => [t, nameOf(t)] as const)]);
  tag.value = initial.tag;
  const shown = el('p', { class: 'shown', role: 'status' });
  const body = el('div', { class: 'groups' });
  const more = list.pagination?.has_more === true;
  let askedForAll = false;
  const redraw = () => {
    const filters = { text: text.value, type: type.value, state: state.value, tag: tag.value };
    // A cut list filters only what it holds: the first filter asks once for every page.
    if (more && !askedForAll && Object.values(filters).some((value) => value !== ANY)) {
      askedForAll = true;
      actions.refresh(true);
    }
    const visible = list.discoveries.filter((item) => matches(item, filters, nameOf));
    shown.textContent = `Showing ${problemCounts(visible)} of ${list.discoveries.length}${more ? ' (more on the service)' : ''}`;
    body.replaceChildren(groups(visible, nameOf, actions));
  };
  for (const control of [text, type, state, tag]) control.addEventListener('input', redraw);
  root.replaceChildren(
    el(
      'header',
      {},
      el('h1', {}, 'Discoveries'),
      el('p', { class: 'summary' }, list.summary),
      button('Refresh', () => actions.refresh(false), { class: 'primary' }),
    ),
    el('div', { class: 'filters' }, text, type, state, tag),
    shown,
    body,
  );
  redraw();
}

/** The filters as the controls hold them now, so a refresh keeps what the person chose. */
export function currentFilters(root: HTMLElement): Filters | undefined {
  const value = (name: string) =>
    (root.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value;
  const text = value('text');
  if (text === undefined) return undefined;
  return {
    text,
    type: value('type') ?? ANY,
    state: value('state') ?? ANY,
    tag: value('tag') ?? ANY,
  };
}
