// The Changes tab: list_changes' answer as counts by kind (each kind this version cannot tell said so), then each changed host with a new/gone/changed badge; a since chooser asks again.
import type { ChangeKind } from '../src/api/changes/change-kinds.js';
import type { ChangeListOutput, ChangeRowOutput } from '../src/views/changes/change-shapes.js';
import { bdi, button, el, select } from './dom.js';
import { busyButton, tabHeader, tableHead } from './tab-parts.js';
import { zonedTime } from './time.js';

export type ChangeList = ChangeListOutput;
type Counts = ChangeList['counts'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The compact answer's (`fields`) rows as the full answer's, from the columns it names. */
function fromColumns(columns: readonly unknown[], rows: readonly unknown[]): ChangeRowOutput[] {
  return rows.filter(Array.isArray).map((cells) => {
    const row: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      if (typeof column === 'string' && cells[i] !== null) row[column] = cells[i];
    });
    return row as unknown as ChangeRowOutput;
  });
}

/** list_changes' structured answer (full, counts only, or compact), checked loosely; undefined for any other tool's. */
export function asChangeList(value: unknown, tool: string | undefined): ChangeList | undefined {
  if (tool !== undefined && tool !== 'list_changes') return undefined;
  if (!isObject(value) || typeof value['summary'] !== 'string') return undefined;
  if (typeof value['since'] !== 'string' || !isObject(value['counts'])) return undefined;
  const { columns, rows } = value;
  return Array.isArray(columns) && Array.isArray(rows)
    ? ({ ...value, changes: fromColumns(columns, rows) } as unknown as ChangeList)
    : (value as unknown as ChangeList);
}

/** The since chooser's ready answers: durations back from now, as list_changes takes them. */
export const SINCE_CHOICES = [
  ['P1D', 'Last 24 hours'],
  ['P7D', 'Last 7 days'],
  ['P30D', 'Last 30 days'],
] as const;
/** What list_changes answers without since or run (its DEFAULT_SINCE). */
const DEFAULT_SINCE = 'P7D';
/** The chooser's value for "as the call asked": a date, or a discovery's latest run. */
const AS_ASKED = '';

export interface ChangesActions {
  /** Calls list_changes again with the same arguments. */
  refresh(): Promise<void>;
  /** Calls list_changes for a ready `since` (P7D...), or with the call's own when undefined. */
  since(value: string | undefined): Promise<void>;
  /** Calls list_changes for the page at `offset`. */
  page(offset: number): Promise<void>;
  /** Opens a host in the Hosts tab. */
  open(hostId: string): void;
}

/** What the tab holds: the answer, the arguments it answered, and those the model's call gave. */
export interface ChangesState {
  readonly list: ChangeList;
  readonly asked: Readonly<Record<string, unknown>>;
  readonly first: Readonly<Record<string, unknown>>;
}

const KINDS = [
  ['hosts', 'Hosts'],
  ['ports', 'Ports'],
  ['services', 'Services'],
  ['links', 'Links'],
] as const satisfies readonly (readonly [ChangeKind, string])[];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A kind's counts in words; undefined where the answer has none of them. */
function countsOf(kind: ChangeKind, c: Counts): string | undefined {
  const pair = (a: number | undefined, aWord: string, b: number | undefined, bWord: string) => {
    const parts = [
      ...(a === undefined ? [] : [`${a} ${aWord}`]),
      ...(b === undefined ? [] : [`${b} ${bWord}`]),
    ];
    return parts.length > 0 ? parts.join(', ') : undefined;
  };
  if (kind === 'hosts') {
    const base = pair(c.hosts_new, 'new', c.hosts_gone, 'gone');
    const changed = c.hosts_changed
      ? `${plural(c.hosts_changed, 'host')} still there changed`
      : undefined;
    return [base, changed].filter((s) => s !== undefined).join('; ') || undefined;
  }
  if (kind === 'ports') return pair(c.ports_opened, 'opened', c.ports_closed, 'closed');
  if (kind === 'services')
    return pair(c.services_appeared, 'appeared', c.services_disappeared, 'disappeared');
  return pair(c.links_appeared, 'appeared', c.links_gone, 'gone');
}

/** Counts by kind, first: each kind's numbers, what this version cannot tell of it, or that it was not asked. */
function kindCounts(list: ChangeList) {
  const items = KINDS.flatMap(([kind, label]) => {
    const counted = countsOf(kind, list.counts);
    const unknown = (list.not_known ?? []).filter((k) => k.kind === kind);
    const values = [
      ...(counted === undefined ? [] : [el('span', { class: 'kind-count' }, counted)]),
      // Said plainly on its line; why and what would tell it open below (long on a phone).
      ...unknown.map((k) =>
        el(
          'details',
          { class: 'not-known' },
          el('summary', {}, 'Not known on this version'),
          el('p', {}, `${k.why}. What would tell it: ${k.would_tell}.`),
        ),
      ),
    ];
    const said = values.length > 0 ? values : [el('span', { class: 'hint' }, 'Not asked (kinds).')];
    return [
      el('dt', {}, label),
      el('dd', { 'data-kind': kind, ...(unknown.length > 0 ? { class: 'unknown' } : {}) }, ...said),
    ];
  });
  return el('dl', { class: 'facts change-counts', 'aria-label': 'Changes by kind' }, ...items);
}

/** The columns and their shares of a wide table's width; Ports and Services only where the answer counts them. */
const COLUMNS = [
  ['Change', 11],
  ['Host', 24],
  ['Network', 15],
  ['When', 16],
  ['Ports', 16],
  ['Services', 18],
] as const;
type Column = (typeof COLUMNS)[number][0];
const WHEN = { new: 'first seen', gone: 'last seen', changed: '' } as const;

/** One value per line, each with its word ("opened 8443/tcp"); the value is the service's text. */
function changeLines(groups: readonly (readonly [string, readonly string[] | undefined])[]) {
  const lines = groups.flatMap(([word, values]) =>
    (values ?? []).map((value) => el('div', { class: `change-${word}` }, `${word} `, bdi(value))),
  );
  return lines.length > 0 ? lines : ['-'];
}

function row(change: ChangeRowOutput, shown: ReadonlySet<Column>, open: (id: string) => void) {
  const cell = (
    column: Column,
    attributes: Record<string, string>,
    ...children: (Node | string)[]
  ) => shown.has(column) && el('td', { 'data-label': column, ...attributes }, ...children);
  const when = change.at && change.change !== 'changed' ? change.at : undefined;
  return el(
    'tr',
    { class: `change-${change.change}`, 'data-id': change.id },
    cell('Change', {}, el('span', { class: `badge change-${change.change}` }, change.change)),
    el(
      'td',
      { class: 'name' },
      button(bdi(change.name), () => open(change.id), { class: 'link host-name' }),
    ),
    cell('Network', {}, bdi(change.network ?? change.network_id ?? '-')),
    cell('When', { class: 'time' }, when ? `${WHEN[change.change]} ${zonedTime(when)}` : '-'),
    cell(
      'Ports',
      {},
      ...changeLines([
        ['opened', change.ports_opened],
        ['closed', change.ports_closed],
      ]),
    ),
    cell(
      'Services',
      {},
      ...changeLines([
        ['appeared', change.services_appeared],
        ['disappeared', change.services_disappeared],
      ]),
    ),
  );
}

/**
 * The columns this answer fills: a kind the version cannot tell (or not asked) has no column of
 * dashes, which would read as "none"; the counts above say why it is not there.
 */
function columnsOf(list: ChangeList) {
  const counted = (key: keyof Counts) => list.counts[key] !== undefined;
  const kept = COLUMNS.filter(
    ([label]) =>
      (label !== 'Ports' || counted('ports_opened')) &&
      (label !== 'Services' || counted('services_appeared')),
  );
  const total = kept.reduce((sum, [, share]) => sum + share, 0);
  return kept.map(([label, share]) => [label, (share * 100) / total] as const);
}

/** The rows, or why there are none: an empty list never reads as "nothing changed" where a kind is not known. */
function rowsOf(list: ChangeList, open: (id: string) => void): HTMLElement {
  const changes = list.changes;
  if (changes === undefined) {
    return el('p', { class: 'empty' }, 'Counts only: choose a time above to list the changes.');
  }
  if (changes.length === 0) {
    const offset = list.pagination?.offset ?? 0;
    if (offset > 0) return el('p', { class: 'empty' }, `No change past the first ${offset}.`);
    return el(
      'p',
      { class: 'empty' },
      (list.not_known ?? []).length > 0
        ? 'No host changed in the kinds this version can tell; the kinds marked "not known" above may have changed.'
        : 'No host changed in this time.',
    );
  }
  const columns = columnsOf(list);
  const shown = new Set<Column>(columns.map(([label]) => label));
  return el(
    'table',
    { class: 'list changes' },
    tableHead(columns),
    el('tbody', {}, ...changes.map((change) => row(change, shown, open))),
  );
}

/** The call's own since or run, as its option says it (the caller's text, cut short). */
function asAsked(first: Readonly<Record<string, unknown>>) {
  if (typeof first['run'] === 'string') return 'Latest run (as asked)';
  const since = String(first['since']);
  return `${since.length > 30 ? `${since.slice(0, 29)}…` : since} (as asked)`;
}

/** The chooser: the call's own since or run where it is not a ready one, then the ready ones. */
function sinceChooser(state: ChangesState, actions: ChangesActions) {
  const { first, asked } = state;
  const given = (args: Readonly<Record<string, unknown>>) =>
    typeof args['run'] === 'string'
      ? undefined
      : typeof args['since'] === 'string'
        ? args['since'].toUpperCase()
        : DEFAULT_SINCE;
  const ready = (value: string | undefined) => SINCE_CHOICES.some(([v]) => v === value);
  const firstReady = ready(given(first));
  const own: (readonly [string, string])[] = firstReady ? [] : [[AS_ASKED, asAsked(first)]];
  const chooser = select('changes-since', [...own, ...SINCE_CHOICES]);
  chooser.setAttribute('aria-label', 'Changes since');
  const now = given(asked);
  chooser.value = ready(now) ? (now as string) : AS_ASKED;
  // The run's name is the service's: it is said in the summary line, quoted, not in an option.
  const busy = busyButton('Refresh', 'Refreshing…', actions.refresh);
  chooser.addEventListener('change', () => {
    const value = chooser.value;
    busy.run(() => actions.since(value === AS_ASKED ? undefined : value));
  });
  return { filters: el('div', { class: 'filters' }, chooser), refresh: busy.node };
}

/** Previous and next page, where the answer holds more changes than this page. */
function pager(list: ChangeList, go: (offset: number) => Promise<void>): HTMLElement[] {
  const page = list.pagination;
  const shownHere = list.changes?.length ?? 0;
  if (!page || (!page.has_more && page.offset === 0)) return [];
  const buttons: HTMLElement[] = [];
  if (page.offset > 0) {
    const back = Math.max(0, page.offset - (page.limit > 0 ? page.limit : shownHere));
    buttons.push(busyButton('Previous page', 'Loading…', () => go(back)).node);
  }
  const next = list.next_offset;
  if (page.has_more && next !== undefined)
    buttons.push(busyButton('Next page', 'Loading…', () => go(next)).node);
  const at = `Changes ${page.offset + 1}-${page.offset + shownHere} of ${page.total_count}`;
  return [
    el(
      'nav',
      { class: 'buttons pager', 'aria-label': 'Pages of changes' },
      el('span', {}, at),
      ...buttons,
    ),
  ];
}

/** Draws the Changes tab into `panel`. */
export function renderChanges(panel: HTMLElement, state: ChangesState, actions: ChangesActions) {
  const { list } = state;
  const chooser = sinceChooser(state, actions);
  const notes = [
    ...(list.same_as ? [list.same_as] : []),
    ...(list.snapshots ? [list.snapshots.note] : []),
    ...(list.notes ?? []),
  ];
  const links = list.link_changes ?? [];
  panel.replaceChildren(
    tabHeader('Changes', list.summary, chooser.refresh),
    chooser.filters,
    kindCounts(list),
    rowsOf(list, actions.open),
    ...pager(list, actions.page),
    ...(links.length > 0
      ? [
          el('h2', {}, 'Links'),
          el('ul', { class: 'links-list' }, ...links.map((line) => el('li', {}, line))),
        ]
      : []),
    ...notes.map((note) => el('p', { class: 'hint' }, note)),
    ...(list.next_step ? [el('p', { class: 'status' }, list.next_step)] : []),
  );
}
