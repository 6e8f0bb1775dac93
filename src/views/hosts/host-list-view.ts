// list_hosts' answer in both channels: hosts grouped by network (site), names inline, filters reported, cut to the result budget with the offset to go on.
import { plural } from '../common/format.js';
import { byteLength, jsonOf } from '../common/result-budget.js';
import {
  capped,
  type HostLookups,
  type HostRow,
  hostItem,
  hostLine,
  idText,
  namesOf,
  said,
} from './host-item.js';
import type { HostGroupOutput, HostItemOutput, HostListOutput } from './host-shapes.js';

export interface HostFilterReport {
  /** Filters the service applied, by argument name. */
  readonly service: readonly string[];
  /** Every filter given: this server re-applies them all. */
  readonly server: readonly string[];
  /** network "Office", service "SSH", port 23 */
  readonly described: string;
  /** found_by matched by daemon and date (0.14-0.16). */
  readonly approximate?: boolean;
  /** found_by a run record: the hosts the record says it found (results.hosts_discovered). */
  readonly recordFound?: number;
  /**
   * found_by where this version keeps no host count of the run (0.14-0.16.1, but for a 0.15+ run
   * record named by id): the answer's number is not what the run found, and says so.
   */
  readonly runCountNotRecorded?: boolean;
}

export interface HostListView {
  readonly rows: readonly HostRow[];
  readonly lookups: HostLookups;
  readonly place: 'network' | 'site';
  readonly offset: number;
  readonly limit: number;
  /** Hosts matching, in all that was read. */
  readonly matched: number;
  readonly scanned: number;
  readonly complete: boolean;
  readonly skipped: number;
  readonly filters?: HostFilterReport | undefined;
  readonly notes: readonly string[];
  /** Rows the result budget left out. */
  readonly omitted?: number;
}

const QUOTED = 'Quoted text is service data.';
const APPROXIMATE =
  'found_by is approximate on this Scanopy: it keeps dated entries, matched to runs by daemon and time.';

const groupsOf = (rows: readonly HostRow[]) => {
  const groups = new Map<string, HostRow[]>();
  for (const row of rows) {
    const key = row.host.network_id ?? '';
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
};

export function summaryOf(view: HostListView): string {
  const shown = view.rows.length;
  const scope = view.filters ? ` matching ${view.filters.described}` : '';
  const head =
    shown === 0
      ? view.offset > 0 && view.offset >= view.matched
        ? `Hosts${scope}: none shown, offset ${view.offset} is past the ${view.matched} matches`
        : `Hosts${scope}: none`
      : `Hosts ${view.offset + 1}-${view.offset + shown} of ${view.matched}${scope}`;
  const read = view.complete ? '' : `, in the first ${view.scanned} read`;
  const approx = view.filters?.approximate ? ` ${APPROXIMATE}` : '';
  const short = shortPage(view);
  return `${head}${read}.${approx}${short ? ` ${short}` : ''}`;
}

/** Where the next page starts, when there is one: in both channels, so no model computes it. */
const nextOffsetOf = (view: HostListView) => {
  const next = view.offset + view.rows.length;
  return next < view.matched || (view.omitted ?? 0) > 0 ? next : undefined;
};

/** "Short page: 105 shown of the 107 asked...": a page the budget cut says so, with the offset. */
function shortPage(view: HostListView): string | undefined {
  if (!view.omitted || view.omitted <= 0) return undefined;
  const asked = view.limit === 0 ? 'all' : `the ${view.limit}`;
  return `Short page: ${view.rows.length} shown of ${asked} asked, to stay within the result budget.`;
}

const shortPageOf = (view: HostListView) =>
  view.omitted && view.omitted > 0 ? { asked: view.limit, shown: view.rows.length } : undefined;

function nextStepOf(view: HostListView): string | undefined {
  const next = nextOffsetOf(view);
  if (next !== undefined && view.omitted && view.omitted > 0) {
    return `${view.matched - next} more${view.complete ? '' : ' at least'}: call again with offset ${next} (next_offset) and limit ${Math.max(1, view.rows.length)}, narrow with a filter, use fields for compact rows, or counts_only.`;
  }
  if (next !== undefined) return `${view.matched - next} more: call again with offset ${next}.`;
  if (!view.complete) {
    return `Reading stopped after ${view.scanned} hosts: narrow with network or another filter.`;
  }
  return undefined;
}

export function foundByNote(view: HostListView): string | undefined {
  return view.filters
    ? foundBySentence(view.filters, `${view.matched}${view.complete ? '' : '+'}`, view.matched)
    : undefined;
}

/**
 * What a found_by number is, where it is not what the run found: the record's own count beside
 * it, or that this version keeps none (an assistant answered "how many did the latest run find?"
 * with the hosts naming it, issue 42). `listed` is the number as shown (`227`, `227+`).
 */
export function foundBySentence(
  report: HostFilterReport,
  listed: string,
  matched: number,
): string | undefined {
  if (report.runCountNotRecorded) {
    return `How many hosts the run itself found is not recorded on this Scanopy version: ${listed} is how many hosts have their first or last sighting in it (matched by daemon and time), not the run's own count.`;
  }
  const found = report.recordFound;
  if (found === undefined) return undefined;
  const head = `The run record says it found ${plural(found, 'host')}; ${listed} still name it as their first or last discovery and are listed.`;
  if (matched >= found) return head;
  return `${head} Scanopy keeps only each host's first and last discovery: the other ${found - matched} were touched again by a later run and no longer name this one.`;
}

export function warningsOf(view: HostListView): string[] {
  const out = [...view.notes];
  if (view.skipped > 0) {
    out.push(
      `${plural(view.skipped, 'host')} from the service could not be read and were left out.`,
    );
  }
  return out;
}

export const filtersOutput = (view: HostListView, report: HostFilterReport) => ({
  service: [...report.service],
  server: [...report.server],
  matched: view.matched,
  scanned: view.scanned,
  ...(view.complete ? {} : { complete: false }),
  ...(report.approximate ? { approximate: true } : {}),
  ...(report.recordFound === undefined ? {} : { record_hosts_found: report.recordFound }),
});

/**
 * A link's time said once: left out where it is the host's first or last seen time; a link that
 * names no run (a dated entry no listed run explains) is left out. Twenty hosts then fit 10 KB.
 */
function linkTimesOnce(host: HostItemOutput) {
  const link = (l: HostItemOutput['first_found_by'], seen: string | undefined) => {
    if (!l || l.id === undefined) return undefined;
    const { at, ...rest } = l;
    return at === undefined || at === seen ? rest : { ...rest, at };
  };
  const first = link(host.first_found_by, host.first_seen);
  const last = link(host.last_touched_by, host.last_seen);
  if (first) host.first_found_by = first;
  else delete host.first_found_by;
  if (last) host.last_touched_by = last;
  else delete host.last_touched_by;
  return host;
}

/** One host as both channels show it: its structured item and its text line. */
export interface RenderedHost {
  readonly item: HostItemOutput;
  readonly line: string;
}

/** Renders one row for both channels: the per-row work, done once per row (a cut reuses it). */
export function renderHostRow(row: HostRow, lookups: HostLookups): RenderedHost {
  return { item: linkTimesOnce(hostItem(row, lookups)), line: hostLine(row, lookups) };
}

/** Each row rendered once and remembered: a cut answer re-assembles rows it already rendered. */
export type HostRenderer = (row: HostRow) => RenderedHost;

export function hostRenderer(lookups: HostLookups, done?: ReadonlyMap<HostRow, RenderedHost>) {
  const memo = new Map(done);
  return (row: HostRow): RenderedHost => {
    let rendered = memo.get(row);
    if (rendered === undefined) {
      rendered = renderHostRow(row, lookups);
      memo.set(row, rendered);
    }
    return rendered;
  };
}

export function hostListStructured(
  view: HostListView,
  render: HostRenderer = hostRenderer(view.lookups),
): HostListOutput {
  const groups: HostGroupOutput[] = [...groupsOf(view.rows)].map(([network, rows]) => {
    const name = network === '' ? undefined : view.lookups.nameOf(network);
    return {
      ...(network === '' ? {} : { network_id: network }),
      ...(name === undefined ? {} : { network: capped(name) }),
      hosts: rows.map((row) => render(row).item),
    };
  });
  const next = nextStepOf(view);
  const warnings = warningsOf(view);
  const foundBy = foundByNote(view);
  return {
    summary: foundBy ? `${summaryOf(view)} ${foundBy}` : summaryOf(view),
    groups,
    ...namesOf(view.rows, view.lookups),
    ...(view.filters ? { filters: filtersOutput(view, view.filters) } : {}),
    pagination: {
      total_count: view.matched,
      limit: view.limit,
      offset: view.offset,
      has_more: view.offset + view.rows.length < view.matched,
    },
    ...(view.omitted ? { truncated: true } : {}),
    ...(shortPageOf(view) ? { short_page: shortPageOf(view) } : {}),
    ...(nextOffsetOf(view) === undefined ? {} : { next_offset: nextOffsetOf(view) }),
    ...(next ? { next_step: next } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

export function filtersLine(view: HostListView, report: HostFilterReport): string {
  const by = (who: string, names: readonly string[]) =>
    names.length > 0 ? `${who}: ${names.join(', ')}` : undefined;
  const applied = [by('service', report.service), by('this server', report.server)]
    .filter(Boolean)
    .join('; ');
  const read = view.complete ? `${view.scanned} read` : `${view.scanned} read so far`;
  return `Filters ${report.described} (applied by ${applied}); ${view.matched} matched, ${read}.`;
}

/**
 * The ids of the credentials, discoveries and tags the lines name, once: 'SNMP credentials:
 * "Office switches" = a1b2…', so each line can name them without repeating an id.
 */
function legend(view: HostListView): string[] {
  const ids = (pick: (row: HostRow) => (string | undefined)[]) => [
    ...new Set(view.rows.flatMap(pick).filter((id): id is string => id !== undefined)),
  ];
  const line = (title: string, list: string[]) => {
    const named = list.flatMap((id) => {
      const name = view.lookups.nameOf(id);
      return name === undefined ? [] : [`${said(name)} = ${idText(id)}`];
    });
    return named.length > 0 ? [`${title}: ${named.join('; ')}`] : [];
  };
  return [
    ...line(
      'SNMP credentials',
      ids((row) => row.credentials.map((c) => c.id)),
    ),
    ...line(
      'Discoveries',
      ids((row) => [row.first?.id, row.last?.id]),
    ),
    ...line(
      'Tags',
      ids((row) => [...row.host.tags]),
    ),
  ];
}

export function hostListText(
  view: HostListView,
  render: HostRenderer = hostRenderer(view.lookups),
): string {
  const place = view.place === 'site' ? 'Site' : 'Network';
  const lines = [`# ${summaryOf(view)}`];
  if (view.filters) lines.push(filtersLine(view, view.filters));
  const foundBy = foundByNote(view);
  if (foundBy) lines.push(foundBy);
  if (view.rows.length > 0) lines.push(QUOTED, ...legend(view));
  for (const [network, rows] of groupsOf(view.rows)) {
    const name = network === '' ? undefined : view.lookups.nameOf(network);
    const label =
      network === ''
        ? `${place} not given`
        : name === undefined
          ? `${place} ${idText(network)}`
          : `${place} ${said(name)} (${idText(network)})`;
    lines.push(`## ${label}: ${plural(rows.length, 'host')} shown`);
    for (const row of rows) lines.push(render(row).line);
  }
  lines.push(...warningsOf(view));
  const next = nextStepOf(view);
  if (next) lines.push(next);
  return lines.join('\n');
}

/**
 * Both channels within `budget` bytes together: rows dropped from the end until they fit. Each
 * row is rendered once (`render` remembers it) and each answer measured once: 50 hostile rows cut
 * to 2 were rendered twice and their 1.8 MB of JSON measured three times (issue 40, item 8).
 */
export function hostListWithinBudget(
  view: HostListView,
  budget: number,
  render: HostRenderer = hostRenderer(view.lookups),
) {
  let current = view;
  for (;;) {
    const structured = hostListStructured(current, render);
    const text = hostListText(current, render);
    const size = byteLength(text) + byteLength(jsonOf(structured));
    if (size <= budget || current.rows.length === 0) return { structured, text };
    const over = size - budget;
    const perRow = size / current.rows.length;
    const drop = Math.min(current.rows.length, Math.max(1, Math.ceil(over / perRow)));
    const rows = current.rows.slice(0, current.rows.length - drop);
    current = { ...current, rows, omitted: view.rows.length - rows.length };
  }
}
