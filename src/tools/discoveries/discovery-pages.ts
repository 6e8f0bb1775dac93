// Collects discoveries from the API: limit 0 reads pages of 1,000 only until the result budget (views/common/result-budget.ts) is full.
import type { DiscoveryQuery } from '../../api/families/discovery-filter.js';
import { type BudgetedDiscoveries, createBudgetFiller } from '../../views/common/result-budget.js';
import { type LeanDiscovery, leanDiscovery } from '../../views/discoveries/discovery-format.js';
import type { FilterReport } from '../../views/discoveries/filter-report.js';
import type { ToolContext } from '../define-tool.js';
import {
  carriesTag,
  type DiscoveryFilters,
  disabledInWindow,
  givenFilters,
  matchesFilters,
} from './discovery-filters.js';

export const PAGE_SIZE = 1000;
/**
 * limit 0 over a service whose items are all unreadable would page without end: a call reads at
 * most this many pages, then says where to go on.
 */
export const MAX_PAGES_PER_CALL = 20;
/**
 * Items kept for a compact answer (`fields`), which the projection then cuts to the budget: a
 * row of three fields is ~80 bytes in both channels, so the budget holds about 1,200 of them.
 */
const MAX_COMPACT_ITEMS = 5_000;

/** Keeps items while there is room: the budget's own estimate, or for compact rows a count. */
function fillerOf(args: Args, context: Context) {
  if (!args.compact) return createBudgetFiller(context.maxResultBytes);
  const items: LeanDiscovery[] = [];
  return {
    items,
    add: (item: LeanDiscovery) => items.length < MAX_COMPACT_ITEMS && items.push(item) > 0,
  };
}

/** `omitted` is set when the budget (or the page bound) cut the list. */
export interface CollectedDiscoveries extends BudgetedDiscoveries {
  readonly skipped: number;
  readonly outsideFilter: number;
  readonly stoppedAfterPages?: number;
  readonly filtering?: FilterReport;
}

interface Args {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly limit: number;
  readonly offset: number;
  /** Compact rows asked (`fields`): the projection cuts to the budget, not the filler. */
  readonly compact?: boolean;
}

/** The question filters of one call: the local test, and what the service is asked to apply. */
export interface Filtering {
  readonly filters: DiscoveryFilters;
  readonly described: string;
  /** Parameters the service applies (0.17.22; empty elsewhere) and the filters they stand for. */
  readonly service: { readonly query: Partial<DiscoveryQuery>; readonly applied: string[] };
  /** Fills in what the local test needs beyond the item (a job's last outcome), page by page. */
  readonly prepare?: (items: LeanDiscovery[]) => Promise<void>;
}

type Context = Pick<ToolContext, 'api' | 'signal' | 'maxResultBytes' | 'progress'>;

/**
 * One page as the service sent it (presentWithinBudget fits it to the budget), or, for limit 0,
 * pages of 1,000 until the budget is full: 20,000 discoveries never sit in memory at once.
 */
export async function collectDiscoveries(
  args: Args,
  context: Context,
  filtering?: Filtering,
): Promise<CollectedDiscoveries> {
  if (filtering) return collectFiltered(args, filtering, context);
  const { api, signal } = context;
  const filters = { network_id: args.network_id, daemon_id: args.daemon_id };
  if (args.limit > 0) {
    const page = await api.listDiscoveries(
      { ...filters, limit: args.limit, offset: args.offset },
      signal,
    );
    // Not cut here: the common page fits whole, and presentWithinBudget measures it once.
    return {
      discoveries: page.items.map(leanDiscovery),
      pagination: page.pagination,
      skipped: page.skipped,
      outsideFilter: page.outsideFilter ?? 0,
    };
  }
  return collectAll(args, filters, context);
}

async function collectAll(
  args: Args,
  filters: Pick<Args, 'network_id' | 'daemon_id'>,
  context: Context,
): Promise<CollectedDiscoveries> {
  const filler = fillerOf(args, context);
  let offset = args.offset;
  let total = offset;
  let skipped = 0;
  let outsideFilter = 0;
  const pagination = (hasMore: boolean) =>
    ({ total_count: total, limit: 0, offset: args.offset, has_more: hasMore }) as const;
  for (let pages = 1; ; pages++) {
    const page = await context.api.listDiscoveries(
      { ...filters, limit: PAGE_SIZE, offset },
      context.signal,
    );
    total = page.pagination.total_count;
    skipped += page.skipped;
    outsideFilter += page.outsideFilter ?? 0;
    const read = page.items.length + page.skipped + (page.outsideFilter ?? 0);
    const done = offset + read - args.offset;
    await context.progress(
      done,
      Math.max(done, total - args.offset),
      `read ${done} of ${total - args.offset} discoveries`,
    );
    const kept = page.items.findIndex((item) => !filler.add(leanDiscovery(item)));
    if (kept !== -1) {
      const nextOffset = offset + kept;
      return {
        discoveries: filler.items,
        pagination: pagination(true),
        skipped,
        outsideFilter,
        omitted: { count: total - nextOffset, nextOffset },
      };
    }
    offset += read;
    if (read === 0 || offset >= total) break;
    if (pages >= MAX_PAGES_PER_CALL) {
      return {
        discoveries: filler.items,
        pagination: pagination(true),
        skipped,
        outsideFilter,
        omitted: { count: total - offset, nextOffset: offset },
        stoppedAfterPages: pages,
      };
    }
  }
  return { discoveries: filler.items, pagination: pagination(false), skipped, outsideFilter };
}

/**
 * Pages of 1,000 from the start, every item tested here (whatever the service applied). Offsets
 * count matches: the first `offset` matches are passed over, then `limit` (or, for limit 0, as many
 * as the budget holds) are kept, and the rest are counted, not kept, so both channels say how many
 * more match. At most MAX_PAGES_PER_CALL pages are read; past that the count is "at least".
 */
async function collectFiltered(
  args: Args,
  filtering: Filtering,
  context: Context,
): Promise<CollectedDiscoveries> {
  const filler = fillerOf(args, context);
  const kept: LeanDiscovery[] = [];
  let offset = 0;
  let total = 0;
  let skipped = 0;
  let outsideFilter = 0;
  let matched = 0;
  let tagged = 0;
  let disabled = 0;
  const tag = filtering.filters.tag_id;
  let full = false;
  let complete = false;
  let pages = 0;
  const query = { network_id: args.network_id, daemon_id: args.daemon_id };
  while (!complete && pages < MAX_PAGES_PER_CALL) {
    pages++;
    const page = await context.api.listDiscoveries(
      { ...query, ...filtering.service.query, limit: PAGE_SIZE, offset },
      context.signal,
    );
    total = page.pagination.total_count;
    skipped += page.skipped;
    outsideFilter += page.outsideFilter ?? 0;
    const items = page.items.map(leanDiscovery);
    await filtering.prepare?.(items);
    for (const item of items) {
      if (tag !== undefined && carriesTag(item, tag)) tagged++;
      if (!matchesFilters(item, filtering.filters)) {
        if (disabledInWindow(item, filtering.filters)) disabled++;
        continue;
      }
      matched++;
      if (full || matched <= args.offset) continue;
      full = args.limit > 0 ? kept.length >= args.limit : !filler.add(item);
      if (!full) kept.push(item);
    }
    const read = page.items.length + page.skipped + (page.outsideFilter ?? 0);
    offset += read;
    await context.progress(
      offset,
      Math.max(offset, total),
      `read ${offset} of ${total} discoveries`,
    );
    complete = read === 0 || offset >= total;
  }
  const shownTo = Math.min(matched, args.offset + kept.length);
  const filteringReport: FilterReport = {
    service: filtering.service.applied,
    server: givenFilters(filtering.filters),
    described: filtering.described,
    scanned: offset,
    matched,
    complete,
    inScope: total,
    ...(tag === undefined ? {} : { tagged }),
    ...(filtering.filters.next_run === undefined ? {} : { disabledInWindow: disabled }),
    ...nounOf(filtering.service.query.historical),
  };
  const more = matched - shownTo;
  return {
    discoveries: kept,
    pagination: {
      // Offsets and totals count matches here, not the service's items.
      total_count: matched,
      limit: args.limit,
      offset: args.offset,
      has_more: more > 0 || !complete,
    },
    skipped,
    outsideFilter,
    filtering: filteringReport,
    ...(more > 0 || !complete ? { omitted: { count: more, nextOffset: shownTo } } : {}),
    ...(!complete ? { stoppedAfterPages: pages } : {}),
  };
}

/** What a service told `historical` returns: the completeness line names it. */
const nounOf = (historical: boolean | undefined) =>
  historical === undefined ? {} : { noun: historical ? 'run records' : 'jobs' };

/**
 * Every item of a listing, page by page of 1,000, for work that keeps no items (counting, outcomes):
 * `visit` sees each page; it may return true to stop early. At most `maxPages` are read.
 */
export async function readPages(
  query: DiscoveryQuery,
  context: Pick<ToolContext, 'api' | 'signal'>,
  visit: (items: LeanDiscovery[]) => boolean | undefined | Promise<boolean | undefined>,
  maxPages: number,
): Promise<{ read: number; total: number; complete: boolean; skipped: number }> {
  let offset = 0;
  let skipped = 0;
  let total = 0;
  for (let pages = 1; ; pages++) {
    const page = await context.api.listDiscoveries(
      { ...query, limit: PAGE_SIZE, offset },
      context.signal,
    );
    total = page.pagination.total_count;
    skipped += page.skipped;
    const read = page.items.length + page.skipped + (page.outsideFilter ?? 0);
    offset += read;
    const stop = await visit(page.items.map(leanDiscovery));
    if (stop || read === 0 || offset >= total)
      return { read: offset, total, complete: true, skipped };
    if (pages >= maxPages) return { read: offset, total, complete: false, skipped };
  }
}
