// list_discoveries' question filters: what the service may apply (0.17.22), and the local test every item passes on every version.
import type { DiscoveryQuery } from '../api/families/discovery-filter.js';
import { unmarkServiceData } from '../safety/service-data-mark.js';
import type { LeanDiscovery } from '../views/discovery-format.js';

export type LastRun = 'failed' | 'succeeded' | 'never';

/** The question filters as the caller gives them (the tag by name or id). */
export interface FilterArguments extends Omit<DiscoveryFilters, 'tag_id'> {
  readonly tag?: string | undefined;
}

/** The filters beyond network and daemon, names already resolved to ids. */
export interface DiscoveryFilters {
  readonly tag_id?: string | undefined;
  readonly discovery_type?: string | undefined;
  readonly run_type?: string | undefined;
  readonly enabled?: boolean | undefined;
  readonly last_run?: LastRun | undefined;
  readonly search?: string | undefined;
}

const KEYS = ['tag_id', 'discovery_type', 'run_type', 'enabled', 'last_run', 'search'] as const;

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
  } else if (filters.enabled !== undefined) {
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

/** A job's last run as far as this server can tell; undefined when it cannot. */
export function lastRunOf(item: LeanDiscovery): LastRun | undefined {
  const run = item.run_type;
  if (isRecord(item)) {
    if (run.phase === 'Failed') return 'failed';
    if (run.phase === 'Complete') return 'succeeded';
    return undefined;
  }
  const outcome = item.last_outcome;
  if (outcome) {
    if (outcome.phase === 'Failed') return 'failed';
    if (outcome.phase === 'Complete') return 'succeeded';
    return undefined;
  }
  if ((run.type === 'Scheduled' || run.type === 'AdHoc') && !run.last_run) return 'never';
  return undefined;
}

const lower = (text: string) => unmarkServiceData(text).toLowerCase();

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
export function matchesFilters(item: LeanDiscovery, filters: DiscoveryFilters): boolean {
  const { tag_id, discovery_type, run_type, enabled, last_run, search } = filters;
  if (tag_id !== undefined && !(item.tags ?? []).includes(tag_id)) return false;
  if (discovery_type !== undefined && item.discovery_type.type !== discovery_type) return false;
  if (run_type !== undefined && item.run_type.type !== run_type) return false;
  if (enabled !== undefined) {
    if (item.run_type.type !== 'Scheduled') return false;
    if ((item.run_type.enabled ?? true) !== enabled) return false;
  }
  if (last_run !== undefined && lastRunOf(item) !== last_run) return false;
  if (search !== undefined && !lower(item.name).includes(lower(search))) return false;
  return true;
}

export const hasFilters = (filters: DiscoveryFilters) => givenFilters(filters).length > 0;
