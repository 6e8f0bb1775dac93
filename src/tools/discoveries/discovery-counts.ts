// list_discoveries counts_only: jobs and run records counted by network, daemon, type and outcome in one pass, no items kept.
import type { DiscoveryQuery } from '../../api/families/discovery-filter.js';
import type { Names } from '../../api/name-directory.js';
import { createTally } from '../../views/discoveries/count-lines.js';
import {
  type DiscoveryCountsView,
  type JobCounts,
  PLACE_COLUMNS,
  type PlaceColumn,
  type RecordCounts,
} from '../../views/discoveries/discovery-counts-view.js';
import type { LeanDiscovery, Place } from '../../views/discoveries/discovery-format.js';
import type { ToolContext } from '../define-tool.js';
import {
  type DiscoveryFilters,
  disabledInWindow,
  givenFilters,
  lastRunOf,
  matchesFilters,
} from './discovery-filters.js';
import { type Filtering, readPages } from './discovery-pages.js';
import {
  applyIndex,
  createRunIndex,
  indexRecords,
  type OutcomeLinker,
  RUN_INDEX_KEY,
} from './run-outcomes.js';

/** Counting keeps no items, so it may read further than a listing: 25 pages of 1,000. */
export const MAX_COUNT_PAGES = 25;

type Scope = { readonly network_id?: string | undefined; readonly daemon_id?: string | undefined };
type Context = Pick<ToolContext, 'api' | 'signal' | 'names'>;

/** Counts by a variant the service names (type, phase): a Map, so no name is a prototype key. */
const bump = (tally: Map<string, number>, key: string, n = 1) =>
  tally.set(key, (tally.get(key) ?? 0) + n);

const emptyJobs = (): JobCounts => ({
  total: 0,
  by_type: new Map(),
  by_run_type: new Map(),
  scheduled: { enabled: 0, disabled: 0 },
  last_run: { failed: 0, succeeded: 0, never: 0, unknown: 0 },
});
const emptyRecords = (): RecordCounts => ({ total: 0, by_type: new Map(), by_phase: new Map() });

/** The service's group_by answers cover run records when no filter needs an item's own fields. */
const recordsByGroups = (filters: DiscoveryFilters) =>
  givenFilters(filters).every((name) => name === 'discovery_type' || name === 'run_type') &&
  (filters.run_type === undefined || filters.run_type === 'Historical');

const GROUPS = ['site_id', 'daemon_id', 'discovery_type', 'phase'] as const;
type Places = ReturnType<typeof createTally<PlaceColumn>>;

/** Run record counts from four group_by answers (0.17.22); false when the service did not group. */
async function groupedRecords(
  query: DiscoveryQuery,
  records: RecordCounts,
  places: { networks: Places; daemons: Places },
  context: Context,
): Promise<boolean> {
  const found: [(typeof GROUPS)[number], readonly { value: string | null; count: number }[]][] = [];
  for (const group_by of GROUPS) {
    const page = await context.api.listDiscoveries(
      { ...query, historical: true, group_by, limit: 1, offset: 0 },
      context.signal,
    );
    const groups = page.groupCounts;
    const total = page.pagination.total_count;
    // A service that ignored group_by or historical cannot be trusted here: count the items instead.
    if (!groups || groups.reduce((sum, g) => sum + g.count, 0) !== total) return false;
    if (page.items.some((item) => item.run_type.type !== 'Historical')) return false;
    records.total = total;
    found.push([group_by, groups]);
  }
  for (const [group_by, groups] of found) {
    for (const g of groups) {
      if (group_by === 'site_id') places.networks.add(g.value, 'run_records', g.count);
      else if (group_by === 'daemon_id') places.daemons.add(g.value, 'run_records', g.count);
      else if (group_by === 'discovery_type')
        bump(records.by_type, g.value ?? 'not given', g.count);
      else bump(records.by_phase, g.value ?? 'not given', g.count);
    }
  }
  return true;
}

/** Counts of what the listing holds under the filters, jobs apart from run records, in one pass. */
export async function countDiscoveries(
  scope: Scope,
  filtering: Filtering | undefined,
  link: OutcomeLinker,
  names: Names,
  place: Place,
  context: Context,
): Promise<DiscoveryCountsView> {
  const filters = filtering?.filters ?? {};
  const profile = await context.api.service(context.signal);
  const query: DiscoveryQuery = { ...scope, ...(filtering?.service.query ?? {}) };
  const jobs = emptyJobs();
  const records = emptyRecords();
  const networks = createTally(PLACE_COLUMNS);
  const daemons = createTally(PLACE_COLUMNS);
  // Every network and daemon the key can see has a row, zeros included (within the scope asked).
  const ids = (kind: 'networks' | 'daemons') => (names.list(kind) ?? []).map((n) => n.id);
  networks.seed(scope.network_id ? [scope.network_id] : ids('networks'));
  if (!scope.daemon_id && !scope.network_id) daemons.seed(ids('daemons'));
  if (scope.daemon_id) daemons.seed([scope.daemon_id]);
  let disabledInWindowCount = 0;
  const countItem = (item: LeanDiscovery) => {
    if (!matchesFilters(item, filters)) {
      if (disabledInWindow(item, filters)) disabledInWindowCount++;
      return;
    }
    const isRecord = item.run_type.type === 'Historical';
    const column = isRecord ? 'run_records' : 'jobs';
    if (isRecord) {
      records.total++;
      bump(records.by_type, item.discovery_type.type);
      bump(records.by_phase, item.run_type.phase ?? 'not given');
    } else {
      jobs.total++;
      bump(jobs.by_type, item.discovery_type.type);
      bump(jobs.by_run_type, item.run_type.type);
      if (item.run_type.type === 'Scheduled') {
        if (item.run_type.enabled === false) jobs.scheduled.disabled++;
        else jobs.scheduled.enabled++;
      }
      jobs.last_run[lastRunOf(item)]++;
    }
    networks.add(item.network_id, column);
    daemons.add(item.daemon_id, column);
  };
  const grouped =
    profile.discoveryFilters &&
    recordsByGroups(filters) &&
    (await groupedRecords(query, records, { networks, daemons }, context));
  // 0.16.x reads the whole listing anyway: the run-record index is built in the same pass, jobs
  // counted at the end, and the index kept for the caller's next calls.
  const onePass =
    profile.runRecordsNameJobs &&
    !grouped &&
    scope.network_id === undefined &&
    scope.daemon_id === undefined &&
    Object.values(query).every((value) => value === undefined);
  const index = createRunIndex();
  const heldJobs: LeanDiscovery[] = [];
  const visit = async (items: LeanDiscovery[]) => {
    if (onePass) {
      indexRecords(index, items);
      for (const item of items) {
        if (item.run_type.type === 'Historical') countItem(item);
        else heldJobs.push(item);
      }
      return undefined;
    }
    await link(items);
    for (const item of items) countItem(item);
    return undefined;
  };
  let countedBy: string;
  let reading: Awaited<ReturnType<typeof readPages>> | undefined;
  if (grouped) {
    reading =
      filters.run_type === 'Historical'
        ? undefined
        : await readPages({ ...query, historical: false }, context, visit, MAX_COUNT_PAGES);
    countedBy = `the service's group counts for run records, and reading ${reading?.read ?? 0} jobs`;
  } else {
    reading = await readPages(query, context, visit, MAX_COUNT_PAGES);
    countedBy = `reading ${reading.read} items`;
  }
  if (onePass) {
    index.complete = reading?.complete ?? false;
    if (index.complete) {
      applyIndex(index, heldJobs);
      await context.names.reuse(RUN_INDEX_KEY, async () => index);
    } else {
      await link(heldJobs);
    }
    for (const item of heldJobs) countItem(item);
  }
  const incomplete =
    reading && !reading.complete
      ? `Only the first ${reading.read} of ${reading.total} items were read (${MAX_COUNT_PAGES} pages): narrow with network, daemon or a filter for exact counts.`
      : undefined;
  const label = (id: string) => names.nameOf(id);
  return {
    jobs,
    run_records: records,
    networks: networks.rows(label),
    daemons: daemons.rows(label),
    place,
    ...(filtering ? { described: filtering.described } : {}),
    service: filtering?.service.applied ?? [],
    server: givenFilters(filters),
    countedBy,
    ...(incomplete ? { incomplete } : {}),
    outcomesInRecordsOnly: !profile.runRecordsNameJobs,
    ...(filters.next_run === undefined ? {} : { disabledInWindow: disabledInWindowCount }),
    notes: names.notes,
  };
}
