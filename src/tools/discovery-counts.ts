// list_discoveries counts_only: jobs and run records counted by network, daemon, type and outcome, no items kept.
import type { DiscoveryQuery } from '../api/families/discovery-filter.js';
import type { Names } from '../api/name-directory.js';
import type {
  DiscoveryCountsView,
  JobCounts,
  RecordCounts,
  Tally,
} from '../views/discovery-counts-view.js';
import type { LeanDiscovery, Place } from '../views/discovery-format.js';
import type { ToolContext } from './define-tool.js';
import {
  type DiscoveryFilters,
  givenFilters,
  lastRunOf,
  matchesFilters,
} from './discovery-filters.js';
import { type Filtering, readPages } from './discovery-pages.js';
import type { OutcomeLinker } from './run-outcomes.js';

/** Counting keeps no items, so it may read further than a listing: 25 pages of 1,000. */
export const MAX_COUNT_PAGES = 25;

type Scope = { readonly network_id?: string | undefined; readonly daemon_id?: string | undefined };
type Context = Pick<ToolContext, 'api' | 'signal'>;

const add = (tally: Tally, key: string, n = 1) => {
  tally[key] = (tally[key] ?? 0) + n;
};

const emptyJobs = (): JobCounts => ({
  total: 0,
  by_network: {},
  by_daemon: {},
  by_type: {},
  by_run_type: {},
  scheduled: { enabled: 0, disabled: 0 },
  last_run: { failed: 0, succeeded: 0, never: 0, unknown: 0 },
});
const emptyRecords = (): RecordCounts => ({
  total: 0,
  by_network: {},
  by_daemon: {},
  by_type: {},
  by_phase: {},
});

/** The service's group_by answers cover run records when no filter needs an item's own fields. */
const recordsByGroups = (filters: DiscoveryFilters) =>
  filters.tag_id === undefined &&
  filters.enabled === undefined &&
  filters.last_run === undefined &&
  filters.search === undefined &&
  (filters.run_type === undefined || filters.run_type === 'Historical');

const GROUPS = ['site_id', 'daemon_id', 'discovery_type', 'phase'] as const;

/** Run record counts from four group_by answers (0.17.22); undefined when the service did not group. */
async function groupedRecords(
  query: DiscoveryQuery,
  label: (id: string | null) => string,
  context: Context,
): Promise<RecordCounts | undefined> {
  const counts = emptyRecords();
  const keyOf = {
    site_id: 'by_network',
    daemon_id: 'by_daemon',
    discovery_type: 'by_type',
    phase: 'by_phase',
  } as const;
  for (const group_by of GROUPS) {
    const page = await context.api.listDiscoveries(
      { ...query, historical: true, group_by, limit: 1, offset: 0 },
      context.signal,
    );
    const groups = page.groupCounts;
    const total = page.pagination.total_count;
    // A service that ignored group_by or historical cannot be trusted here: count the items instead.
    if (!groups || groups.reduce((sum, g) => sum + g.count, 0) !== total) return undefined;
    if (page.items.some((item) => item.run_type.type !== 'Historical')) return undefined;
    counts.total = total;
    const tally = counts[keyOf[group_by]];
    for (const g of groups) {
      const name =
        group_by === 'discovery_type' || group_by === 'phase'
          ? (g.value ?? 'not given')
          : label(g.value);
      add(tally, name, g.count);
    }
  }
  return counts;
}

/** Counts of what the listing holds under the filters, jobs apart from run records. */
export async function countDiscoveries(
  scope: Scope,
  filtering: Filtering | undefined,
  link: OutcomeLinker | undefined,
  names: Names,
  place: Place,
  context: Context,
): Promise<DiscoveryCountsView> {
  const filters = filtering?.filters ?? {};
  const profile = await context.api.service(context.signal);
  const label = (id: string | null | undefined) => (id ? (names.nameOf(id) ?? id) : 'not given');
  const query: DiscoveryQuery = { ...scope, ...(filtering?.service.query ?? {}) };
  const jobs = emptyJobs();
  let records = emptyRecords();
  const countItem = (item: LeanDiscovery) => {
    if (!matchesFilters(item, filters)) return;
    const counts = item.run_type.type === 'Historical' ? records : jobs;
    counts.total++;
    add(counts.by_network, label(item.network_id));
    add(counts.by_daemon, label(item.daemon_id));
    add(counts.by_type, item.discovery_type.type);
    if (counts === records) {
      add(records.by_phase, item.run_type.phase ?? 'not given');
      return;
    }
    add(jobs.by_run_type, item.run_type.type);
    if (item.run_type.type === 'Scheduled') {
      if (item.run_type.enabled === false) jobs.scheduled.disabled++;
      else jobs.scheduled.enabled++;
    }
    jobs.last_run[lastRunOf(item) ?? 'unknown']++;
  };
  const visit = async (items: LeanDiscovery[]) => {
    await link?.(items);
    for (const item of items) countItem(item);
    return undefined;
  };
  const grouped =
    profile.discoveryFilters && recordsByGroups(filters)
      ? await groupedRecords(query, label, context)
      : undefined;
  let countedBy: string;
  let reading: Awaited<ReturnType<typeof readPages>> | undefined;
  if (grouped) {
    records = grouped;
    reading =
      filters.run_type === 'Historical'
        ? undefined
        : await readPages({ ...query, historical: false }, context, visit, MAX_COUNT_PAGES);
    countedBy = `the service's group counts for run records, and reading ${reading?.read ?? 0} jobs`;
  } else {
    reading = await readPages(query, context, visit, MAX_COUNT_PAGES);
    countedBy = `reading ${reading.read} items`;
  }
  const incomplete =
    reading && !reading.complete
      ? `Only the first ${reading.read} of ${reading.total} items were read (${MAX_COUNT_PAGES} pages): narrow with network, daemon or a filter for exact counts.`
      : undefined;
  return {
    jobs,
    run_records: records,
    place,
    ...(filtering ? { described: filtering.described } : {}),
    service: filtering?.service.applied ?? [],
    server: givenFilters(filters),
    countedBy,
    ...(incomplete ? { incomplete } : {}),
    outcomesInRecordsOnly: !profile.runRecordsNameJobs,
    notes: names.notes,
  };
}
