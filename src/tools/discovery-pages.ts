// Collects discoveries from the API: limit 0 reads pages of 1,000 only until the result budget (views/result-budget.ts) is full.
import { leanDiscovery } from '../views/discovery-format.js';
import { type BudgetedDiscoveries, createBudgetFiller } from '../views/result-budget.js';
import type { ToolContext } from './define-tool.js';

export const PAGE_SIZE = 1000;
/**
 * limit 0 over a service whose items are all unreadable would page without end: a call reads at
 * most this many pages, then says where to go on.
 */
export const MAX_PAGES_PER_CALL = 20;

/** `omitted` is set when the budget (or the page bound) cut the list. */
export interface CollectedDiscoveries extends BudgetedDiscoveries {
  readonly skipped: number;
  readonly outsideFilter: number;
  readonly stoppedAfterPages?: number;
}

interface Args {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

type Context = Pick<ToolContext, 'api' | 'signal' | 'maxResultBytes' | 'progress'>;

/**
 * One page as the service sent it (presentWithinBudget fits it to the budget), or, for limit 0,
 * pages of 1,000 until the budget is full: 20,000 discoveries never sit in memory at once.
 */
export async function collectDiscoveries(
  args: Args,
  context: Context,
): Promise<CollectedDiscoveries> {
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
  const filler = createBudgetFiller(context.maxResultBytes);
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
