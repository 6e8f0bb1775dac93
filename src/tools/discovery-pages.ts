// Collects discoveries within the result budget: limit 0 reads pages of 1,000 only until the budget is full.
import type { Pagination } from '../api/schemas.js';
import {
  discoveryLine,
  groupHeading,
  groupKey,
  type LeanDiscovery,
  leanDiscovery,
} from '../views/discovery-format.js';
import type { ToolContext } from './define-tool.js';

export const PAGE_SIZE = 1000;
/**
 * limit 0 over a service whose items are all unreadable would page without end: a call reads at
 * most this many pages, then says where to go on.
 */
export const MAX_PAGES_PER_CALL = 20;
/** Room for the summary, the footer, the warnings and the structured envelope around the items. */
const RESERVED_BYTES = 1_500;
/** What names of a new group may add (heading and the structured names map), before they are known. */
const NAMES_ALLOWANCE = 240;

export interface CollectedDiscoveries {
  readonly discoveries: LeanDiscovery[];
  readonly pagination: Pagination;
  readonly skipped: number;
  readonly outsideFilter: number;
  /** Set when the budget (or the page bound) cut the list: how many were left out, where to go on. */
  readonly omitted?: { readonly count: number; readonly nextOffset: number };
  readonly stoppedAfterPages?: number;
}

export const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

const noNames = () => undefined;

/** Adds items while their text line, group heading and JSON (twice: both channels) still fit. */
function createFiller(budget: number) {
  const items: LeanDiscovery[] = [];
  const groups = new Set<string>();
  let used = RESERVED_BYTES;
  return {
    items,
    add(item: LeanDiscovery): boolean {
      const key = groupKey(item);
      const heading = groups.has(key)
        ? 0
        : byteLength(groupHeading(item, PAGE_SIZE * 100, (id) => id)) + 1 + NAMES_ALLOWANCE;
      const cost =
        byteLength(JSON.stringify(item)) + 1 + byteLength(discoveryLine(item, noNames)) + 1;
      if (used + heading + cost > budget) return false;
      used += heading + cost;
      groups.add(key);
      items.push(item);
      return true;
    },
  };
}

/**
 * A page cut to the budget item by item, for when it does not fit whole. `offset` is where the
 * page starts; with `limit` 0 the pagination describes the whole listing.
 */
export function cutToBudget<T extends Pick<CollectedDiscoveries, 'discoveries' | 'pagination'>>(
  collected: T,
  budget: number,
): T {
  const filler = createFiller(budget);
  const kept = collected.discoveries.findIndex((item) => !filler.add(item));
  if (kept === -1) return collected;
  const nextOffset = collected.pagination.offset + kept;
  return {
    ...collected,
    discoveries: filler.items,
    pagination: { ...collected.pagination, has_more: true },
    omitted: { count: collected.pagination.total_count - nextOffset, nextOffset },
  };
}

interface Args {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

type Context = Pick<ToolContext, 'api' | 'signal' | 'maxResultBytes' | 'progress'>;

/**
 * One page as the service sent it (list-discoveries.ts fits it to the budget), or, for limit 0,
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
    // Not cut here: the common page fits whole, and list-discoveries.ts measures it once.
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
  const filler = createFiller(context.maxResultBytes);
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
