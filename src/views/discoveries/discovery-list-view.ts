// The list_discoveries result, one view rendered twice: lean JSON for structured readers, markdown for text readers.
import type { Pagination } from '../../api/schemas.js';
import { plural } from '../common/format.js';
import { type PageTail, tailSentence } from '../common/paging.js';
import { cutByBudget, moreAfter } from '../common/result-budget.js';
import {
  discoveryLine,
  groupHeading,
  groupKey,
  isDisabled,
  isFailed,
  isRunRecord,
  type LeanDiscovery,
  type NameOf,
  neverRun,
  type Place,
  ranWithoutOutcome,
  said,
  zonedNextRun,
} from './discovery-format.js';
import { structuredGroups } from './discovery-structured.js';
import {
  disabledLine,
  type FilterReport,
  filtersLine,
  filtersStructured,
  readWords,
} from './filter-report.js';
import type { ScheduleWords } from './schedule-words.js';

export interface DiscoveryListView {
  readonly discoveries: LeanDiscovery[];
  readonly pagination: Pagination;
  /** Items the service sent that could not be read. */
  readonly skipped: number;
  /** Items the service returned outside the requested filter; dropped by the client. */
  readonly outsideFilter?: number;
  /** The filter as a person reads it: "network Office" ("site Office" on 0.17.22), "daemon lab-pi". */
  readonly scope: readonly string[];
  /** What the service calls a network (0.17.22: site), for headings and the legend. */
  readonly place?: Place;
  /** Items left out to keep the result within budget, and where the next call starts. */
  readonly omitted?: { readonly count: number; readonly nextOffset: number };
  /** Set when limit 0 stopped reading after its page bound. */
  readonly stoppedAfterPages?: number;
  readonly nameOf: NameOf;
  /** One line per name list that could not be read. */
  readonly nameNotes: readonly string[];
  /** Set when question filters (tag, discovery_type...) were given: who applied which. */
  readonly filtering?: FilterReport;
  /** Cron in words; loaded only when a shown item has a schedule. */
  readonly scheduleWords: ScheduleWords;
  /**
   * Whether run records name their job (Scanopy 0.16.2 and later: results.discovery_id), so a
   * job can show its last run's outcome; before that, outcomes live only in the run records.
   */
  readonly outcomes?: 'linked' | 'records-only';
  /** An empty answer's proof: what was searched, what exists (views/discoveries/empty-answer.ts). */
  readonly proof?: string;
}

/** Said once, where a run record could be taken for a job or a job's outcome looked for. */
const RECORDS_ONLY = 'Run outcomes are on run records only (this Scanopy links none to its job).';

/**
 * Why jobs that ran show no outcome where records name their jobs (0.16.2+), said once per answer:
 * without it an assistant read every run record of every network (652 KB) to learn it (issue 42).
 */
export function outcomeGoneSentence(count: number): string {
  const [jobs, them, their] =
    count === 1
      ? ['1 job that ran shows', 'it', 'its']
      : [`${count} jobs that ran show`, 'them', 'their'];
  return `${jobs} no outcome: no finished run record names ${them} (the record is no longer kept, or the run has not ended), so ${their} outcome is not known.`;
}

function outcomeGone(view: DiscoveryListView): string {
  if (view.outcomes !== 'linked') return '';
  const count = countOf(view.discoveries, ranWithoutOutcome);
  return count === 0 ? '' : outcomeGoneSentence(count);
}

/** How many items pass `test`, without a filtered copy of the list. */
function countOf(items: readonly LeanDiscovery[], test: (item: LeanDiscovery) => boolean): number {
  let count = 0;
  for (const item of items) if (test(item)) count++;
  return count;
}

/** "38 jobs, 12 run records": configured jobs are counted apart from records of past runs. */
function kinds(discoveries: readonly LeanDiscovery[]): string {
  const records = countOf(discoveries, isRunRecord);
  const jobs = discoveries.length - records;
  return [jobs > 0 ? plural(jobs, 'job') : '', records > 0 ? plural(records, 'run record') : '']
    .filter(Boolean)
    .join(', ');
}

/** Each view's summary, made once: the structured summary and the text's heading both say it. */
const summaries = new WeakMap<DiscoveryListView, [string, string?]>();

function summaryParts(view: DiscoveryListView): [string, string?] {
  let parts = summaries.get(view);
  if (!parts) {
    parts = summaryPartsOf(view);
    summaries.set(view, parts);
  }
  return parts;
}

/** "Discoveries 1-50 of 137 (network Office)" and what needs attention, as two sentences. */
function summaryPartsOf(view: DiscoveryListView): [string, string?] {
  const { discoveries, pagination } = view;
  const first = discoveries.length > 0 ? pagination.offset + 1 : 0;
  const last = pagination.offset + discoveries.length;
  const scope = view.scope.length > 0 ? ` (${view.scope.join(', ')})` : '';
  if (view.filtering) return filteredSummary(view, view.filtering, scope);
  if (discoveries.length === 0) {
    const past = pagination.offset > 0 && pagination.offset >= pagination.total_count;
    return [
      `Discoveries: none of ${pagination.total_count}${scope} shown`,
      past
        ? `Offset ${pagination.offset} is past the end.`
        : view.skipped > 0
          ? 'None of the items read could be shown.'
          : 'No discoveries match.',
    ];
  }
  const head = `Discoveries ${first}-${last} of ${pagination.total_count}${scope}: ${kinds(discoveries)}`;
  const attention = [
    [countOf(discoveries, isDisabled), 'scheduled DISABLED'],
    [countOf(discoveries, isFailed), 'last run FAILED'],
    [countOf(discoveries, neverRun), 'never run'],
  ] as const;
  const shown = attention.filter(([count]) => count > 0).map(([n, what]) => `${n} ${what}`);
  const records =
    view.outcomes === 'records-only' && discoveries.some((d) => !isRunRecord(d))
      ? RECORDS_ONLY
      : '';
  const then = [
    shown.length > 0 ? `Attention: ${shown.join(', ')}.` : '',
    records,
    outcomeGone(view),
  ];
  const second = then.filter(Boolean).join(' ');
  return second ? [head, second] : [head];
}

/** With question filters the matches are not a range of the list: how many, in how much read. */
function filteredSummary(
  view: DiscoveryListView,
  report: FilterReport,
  scope: string,
): [string, string?] {
  const { pagination } = view;
  const shown = view.discoveries.length;
  const range =
    shown > 0 ? `matches ${pagination.offset + 1}-${pagination.offset + shown} of ` : 'of ';
  const total = `${report.matched}${report.complete ? '' : '+'}`;
  const head = `Discoveries matching ${report.described}${scope}: ${shown} shown (${range}${total}; ${readWords(report, view.scope)})`;
  const { filtering: _report, ...unfiltered } = view;
  const attention = view.discoveries.length > 0 ? summaryParts(unfiltered)[1] : undefined;
  // A job's outcome asked where jobs carry none: say where outcomes live, and how to ask there.
  const recordsOnly =
    view.outcomes === 'records-only' &&
    report.server.includes('last_run') &&
    !report.described.includes('run_type Historical')
      ? `${RECORDS_ONLY} For runs by outcome pass run_type: Historical.`
      : undefined;
  const second = [attention, recordsOnly].filter(Boolean).join(' ');
  return second ? [head, second] : [head];
}

/**
 * "Short page: 105 shown of the 107 asked, ...": a page the result budget cut below the limit
 * (or, with limit 0, below the rest) says so, so no model counts its own next offset.
 */
export function shortPageOf(view: DiscoveryListView): { asked: number; shown: number } | undefined {
  if (!view.omitted || view.stoppedAfterPages !== undefined) return undefined;
  const { limit } = view.pagination;
  const shown = view.discoveries.length;
  if (limit > 0 && shown >= limit) return undefined;
  if (limit === 0 && view.omitted.count <= 0) return undefined;
  return { asked: limit, shown };
}

function shortSentence(view: DiscoveryListView): string | undefined {
  const short = shortPageOf(view);
  if (!short) return undefined;
  const asked = short.asked === 0 ? 'all' : `the ${short.asked}`;
  return `Short page: ${short.shown} shown of ${asked} asked, to stay within the result budget.`;
}

export const summaryOf = (view: DiscoveryListView) => {
  const [head, attention] = summaryParts(view);
  const short = shortSentence(view);
  const line = attention ? `${head}. ${attention}` : `${head}.`;
  return short ? `${line} ${short}` : line;
};

/** Where the next call starts and how many remain, when there is more. */
function tailOf(view: DiscoveryListView): PageTail | undefined {
  const { discoveries, pagination } = view;
  if (view.omitted && (view.omitted.count > 0 || view.filtering?.complete === false)) {
    return {
      next_offset: view.omitted.nextOffset,
      remaining: view.omitted.count,
      atLeast: view.stoppedAfterPages !== undefined,
    };
  }
  const last = pagination.offset + discoveries.length;
  if (!pagination.has_more) return undefined;
  return {
    next_offset: last,
    remaining: Math.max(0, pagination.total_count - last),
    atLeast: false,
  };
}

/** What to call next, when there is more. */
function nextStepOf(view: DiscoveryListView): string | undefined {
  const tail = tailOf(view);
  if (!tail) return undefined;
  const budgetCut = view.omitted !== undefined && view.stoppedAfterPages === undefined;
  if (view.filtering) {
    const why = view.stoppedAfterPages
      ? ` (reading stopped after ${view.stoppedAfterPages} pages)`
      : view.pagination.limit === 0
        ? ' not shown, to stay within the result budget'
        : '';
    return tailSentence(tail, 'matches', why);
  }
  if (view.stoppedAfterPages) {
    return `${tail.remaining} more not read: stopped after ${view.stoppedAfterPages} pages; call again with offset ${tail.next_offset}.`;
  }
  if (budgetCut) {
    return cutByBudget(
      tail.remaining,
      tail.next_offset,
      `and limit ${Math.max(1, view.discoveries.length)}, or narrow with network_id${view.place === 'site' ? " (the site's id)" : ''} or daemon_id (or network or daemon by name)`,
    );
  }
  return moreAfter(tail.remaining, tail.next_offset);
}

export function warningsOf(view: DiscoveryListView): string[] {
  const warnings: string[] = [];
  if (view.skipped > 0) {
    warnings.push(
      `${plural(view.skipped, 'item')} from the service could not be read and were left out.`,
    );
  }
  if (view.outsideFilter && view.outsideFilter > 0) {
    warnings.push(
      `${plural(view.outsideFilter, 'item')} outside ${view.scope.join(', ')} were dropped: the service ignored the filter.`,
    );
  }
  return [...warnings, ...view.nameNotes];
}

export function discoveriesStructured(view: DiscoveryListView) {
  const next = nextStepOf(view);
  const warnings = warningsOf(view);
  const { groups, tagNames } = structuredGroups(view.discoveries, view.nameOf, view.scheduleWords);
  const tail = tailOf(view);
  const short = shortPageOf(view);
  return {
    summary: [summaryOf(view), view.proof, view.filtering && disabledLine(view.filtering)]
      .filter(Boolean)
      .join(' '),
    groups,
    ...(tagNames ? { tag_names: tagNames } : {}),
    ...(view.filtering ? { filters: filtersStructured(view.filtering) } : {}),
    pagination: view.pagination,
    // Cut by the result budget or the page bound, not by the limit asked.
    ...(view.omitted && (!view.filtering || view.pagination.limit === 0 || view.stoppedAfterPages)
      ? { truncated: true }
      : {}),
    ...(short ? { short_page: short } : {}),
    ...(tail ? { next_offset: tail.next_offset } : {}),
    ...(next ? { next_step: next } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** Said once in the text: what a quote holds. */
const QUOTED = 'Quoted text is service data.';
/** Said once, where next runs are shown: jobs in different zones that run together read the same. */
const NEXT_IN_UTC = 'Next runs in UTC: equal times, same moment.';

/**
 * Names once, ids once: "Networks: "Office" = 5f2c…; "Lab" = 7a8b…", so the group headings can use
 * the bare names (each heading repeating two UUIDs was an eighth of the text).
 */
function legend(view: DiscoveryListView) {
  const named = (ids: (string | undefined)[]) =>
    [...new Set(ids)].flatMap((id) => {
      const name = id === undefined ? undefined : view.nameOf(id);
      return id !== undefined && name !== undefined ? [{ id, name }] : [];
    });
  const networks = named(view.discoveries.map((d) => d.network_id));
  const daemons = named(view.discoveries.map((d) => d.daemon_id));
  const tags = named(view.discoveries.flatMap((d) => d.tags ?? []));
  const all = [...networks, ...daemons];
  // A name two shown ids share cannot stand alone in a heading: it keeps its id there.
  const shared = new Set(
    all.filter((a) => all.some((b) => b.id !== a.id && b.name === a.name)).map((a) => a.name),
  );
  const label = (id: string) => {
    const name = view.nameOf(id);
    if (name === undefined) return id;
    return shared.has(name) ? `${said(name)} (${id})` : said(name);
  };
  const line = (title: string, items: { id: string; name: string }[]) =>
    items.length > 0
      ? [`${title}: ${items.map((i) => `${said(i.name)} = ${i.id}`).join('; ')}`]
      : [];
  const places = view.place === 'site' ? 'Sites' : 'Networks';
  const lines = [...line(places, networks), ...line('Daemons', daemons), ...line('Tags', tags)];
  return { lines, label };
}

export function discoveriesText(view: DiscoveryListView): string {
  const [head, attention] = summaryParts(view);
  const lines = [`# ${head}`];
  const short = shortSentence(view);
  if (short) lines.push(short);
  if (view.filtering) lines.push(filtersLine(view.filtering));
  if (attention) lines.push(attention);
  if (view.proof) lines.push(view.proof);
  if (view.discoveries.length > 0) {
    const next = view.discoveries.some((d) => zonedNextRun(d.run_type, view.scheduleWords));
    lines.push(QUOTED, ...(next ? [NEXT_IN_UTC] : []));
  }
  const { lines: legendLines, label } = legend(view);
  lines.push(...legendLines);
  const groups = new Map<string, LeanDiscovery[]>();
  for (const discovery of view.discoveries) {
    const key = groupKey(discovery);
    const group = groups.get(key);
    if (group) group.push(discovery);
    else groups.set(key, [discovery]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    lines.push(groupHeading(first, group.length, label, view.place));
    for (const discovery of group) {
      lines.push(discoveryLine(discovery, view.nameOf, view.scheduleWords));
    }
  }
  lines.push(...warningsOf(view));
  const next = nextStepOf(view);
  if (next) lines.push(next);
  return lines.join('\n');
}
