// list_discoveries' question filters: what the service may apply (0.17.22), and the local test every item passes on every version.
import type { DiscoveryQuery } from '../../api/families/discovery-filter.js';
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import { inWindow, type TimeWindow } from '../../views/common/time-window.js';
import type { LeanDiscovery } from '../../views/discoveries/discovery-format.js';
import type { RunsAt, ScheduleClock } from '../../views/discoveries/discovery-schedule.js';

/** A job's latest outcome, or a run record's own; `unknown` when it ran but no record says how. */
export const LAST_RUN_VALUES = ['failed', 'succeeded', 'never', 'unknown'] as const;
export type LastRun = (typeof LAST_RUN_VALUES)[number];

/** The question filters as the caller gives them (the tag by name or id, times as text). */
export interface FilterArguments {
  readonly tag?: string | undefined;
  readonly discovery_type?: string | undefined;
  readonly run_type?: string | undefined;
  readonly enabled?: boolean | undefined;
  readonly last_run?: LastRun | undefined;
  readonly search?: string | undefined;
  readonly runs_at?: string | undefined;
  readonly days?: string | undefined;
  readonly zone?: string | undefined;
  readonly next_run?: string | undefined;
  readonly finished?: string | undefined;
}

/** The filters beyond network and daemon, names resolved to ids and times to instants. */
export interface DiscoveryFilters {
  readonly tag_id?: string | undefined;
  readonly discovery_type?: string | undefined;
  readonly run_type?: string | undefined;
  readonly enabled?: boolean | undefined;
  readonly last_run?: LastRun | undefined;
  readonly search?: string | undefined;
  /** Schedules (enabled or not) that run at this local time on these days. */
  readonly runs_at?: RunsAt | undefined;
  /** Enabled schedules whose next run falls in this window. */
  readonly next_run?: TimeWindow | undefined;
  /** Run records that finished in this window; jobs whose latest run did. */
  readonly finished?: TimeWindow | undefined;
  /** croner and the moment the question is asked, when runs_at or next_run is given. */
  readonly clock?: { readonly cron: ScheduleClock; readonly now: number } | undefined;
}

const KEYS = [
  'tag_id',
  'discovery_type',
  'run_type',
  'enabled',
  'last_run',
  'search',
  'runs_at',
  'next_run',
  'finished',
] as const;

/** The filters given, by argument name (`tag` for tag_id), in a fixed order. */
export function givenFilters(filters: DiscoveryFilters): string[] {
  return KEYS.filter((key) => filters[key] !== undefined).map((key) =>
    key === 'tag_id' ? 'tag' : key,
  );
}

/** Phases of a finished run (0.14-0.17): anything else is still on its way. */
export const FINISHED_PHASES = ['Complete', 'Failed', 'Cancelled'] as const;

const isRecord = (item: LeanDiscovery) => item.run_type.type === 'Historical';

/**
 * What the service can narrow for us (0.17.22), and the names of the filters it then applies. The
 * local test re-applies every filter anyway: a service that ignores a parameter changes nothing.
 */
export function serviceQuery(filters: DiscoveryFilters): {
  query: Partial<DiscoveryQuery>;
  applied: string[];
} {
  const query: { -readonly [K in keyof DiscoveryQuery]?: DiscoveryQuery[K] } = {};
  const applied: string[] = [];
  if (filters.discovery_type !== undefined) {
    query.discovery_types = filters.discovery_type;
    applied.push('discovery_type');
  }
  if (filters.search !== undefined) {
    // The service also matches the daemon's name: a wider net the local test narrows to names.
    query.search = filters.search;
    applied.push('search');
  }
  const recordsOnly = filters.run_type === 'Historical';
  if (filters.run_type !== undefined) {
    // historical=false keeps Scheduled and AdHoc (and any other job kind): the local test picks one.
    query.historical = recordsOnly;
    if (recordsOnly) applied.push('run_type');
  } else if (
    filters.enabled !== undefined ||
    filters.last_run !== undefined ||
    filters.runs_at !== undefined ||
    filters.next_run !== undefined
  ) {
    // Each of these selects jobs alone (last_run is a job's latest outcome unless run_type says Historical).
    query.historical = false;
  }
  // A phase filter drops jobs, so it is sent only when the answer holds run records alone.
  if (recordsOnly && (filters.last_run === 'failed' || filters.last_run === 'succeeded')) {
    query.phases = filters.last_run === 'failed' ? 'Failed' : 'Complete';
    applied.push('last_run');
  }
  const order = givenFilters(filters);
  return { query, applied: order.filter((name) => applied.includes(name)) };
}

const byPhase = (phase: string | undefined): LastRun =>
  phase === 'Failed' ? 'failed' : phase === 'Complete' ? 'succeeded' : 'unknown';

/**
 * A job's latest outcome (its newest run record, 0.16.2+), `never` when it has not run, `unknown`
 * when it ran and no record says how; a run record's own outcome. One meaning in every view.
 */
export function lastRunOf(item: LeanDiscovery): LastRun {
  const run = item.run_type;
  if (isRecord(item)) return byPhase(run.phase);
  if (item.last_outcome) return byPhase(item.last_outcome.phase);
  if ((run.type === 'Scheduled' || run.type === 'AdHoc') && !run.last_run) return 'never';
  return 'unknown';
}

/** When a run record finished; when a job's latest run did (its record, else its last_run). */
const finishedAt = (item: LeanDiscovery) =>
  isRecord(item)
    ? item.run_type.finished_at
    : (item.last_outcome?.finished_at ?? item.run_type.last_run);

/**
 * A schedule croner can read. runs_at asks what a schedule says, so a disabled job matches it (and
 * is shown as disabled); next_run asks when a job will really run, so only enabled ones match it.
 */
function scheduleMatches(
  item: LeanDiscovery,
  filters: DiscoveryFilters,
  anyState = false,
): boolean {
  const run = item.run_type;
  const clock = filters.clock;
  if (run.type !== 'Scheduled' || !run.cron_schedule || !clock) return false;
  const window = filters.next_run;
  if (window && run.enabled === false && !anyState) return false;
  if (
    filters.runs_at &&
    !clock.cron.runsAt(run.cron_schedule, run.timezone, filters.runs_at, clock.now)
  )
    return false;
  if (window) {
    // The next run from now: a window that has passed holds none.
    const from = Math.max(window.from ?? clock.now, clock.now);
    const next = clock.cron.next(run.cron_schedule, run.timezone, from - 1);
    if (next === undefined || (window.to !== undefined && next >= window.to)) return false;
  }
  return true;
}

const lower = (text: string) => unmarkServiceData(text).toLowerCase();

/** Ids compare without case: a service may send a UUID in capitals (`tag_id` is lower-cased). */
export const carriesTag = (item: LeanDiscovery, tagId: string) =>
  (item.tags ?? []).some((tag) => tag.toLowerCase() === tagId);

const DISCOVERY_TYPES = ['Network', 'SelfReport', 'Docker', 'Unified', 'Rescan'];
const RUN_TYPES = ['Scheduled', 'AdHoc', 'Historical'];
/** A known variant in the service's spelling ("docker" -> "Docker"); any other text as given. */
const canonical = (known: readonly string[], text: string | undefined) =>
  text === undefined ? undefined : (known.find((k) => lower(k) === lower(text)) ?? text.trim());

/**
 * Variant names in the service's spelling: the service compares them exactly, and so does the
 * local test, so a filter means the same whether or not the service applied it.
 */
export function normalizeFilters(filters: DiscoveryFilters): DiscoveryFilters {
  const search = filters.search?.trim();
  return {
    ...filters,
    discovery_type: canonical(DISCOVERY_TYPES, filters.discovery_type),
    run_type: canonical(RUN_TYPES, filters.run_type),
    search: search === '' ? undefined : search,
  };
}

/** Whether an item passes every filter given (network and daemon are checked by the client). */
export function matchesFilters(
  item: LeanDiscovery,
  filters: DiscoveryFilters,
  anyState = false,
): boolean {
  const { tag_id, discovery_type, run_type, enabled, last_run, search } = filters;
  if (tag_id !== undefined && !carriesTag(item, tag_id)) return false;
  if (discovery_type !== undefined && item.discovery_type.type !== discovery_type) return false;
  if (run_type !== undefined && item.run_type.type !== run_type) return false;
  if (enabled !== undefined) {
    if (item.run_type.type !== 'Scheduled') return false;
    if ((item.run_type.enabled ?? true) !== enabled) return false;
  }
  if (last_run !== undefined) {
    // A job's latest outcome: run records answer it only when run_type asks for them.
    if (isRecord(item) && run_type !== 'Historical') return false;
    if (lastRunOf(item) !== last_run) return false;
  }
  if (search !== undefined && !lower(item.name).includes(lower(search))) return false;
  if ((filters.runs_at || filters.next_run) && !scheduleMatches(item, filters, anyState))
    return false;
  if (filters.finished && !inWindow(filters.finished, finishedAt(item))) return false;
  return true;
}

/**
 * A disabled job next_run leaves out that would otherwise match: its schedule has a run in the
 * window, it will not run. Counted, so an answer says how many it left out and why.
 */
export const disabledInWindow = (item: LeanDiscovery, filters: DiscoveryFilters): boolean =>
  filters.next_run !== undefined &&
  item.run_type.type === 'Scheduled' &&
  item.run_type.enabled === false &&
  matchesFilters(item, filters, true);

export const hasFilters = (filters: DiscoveryFilters) => givenFilters(filters).length > 0;
