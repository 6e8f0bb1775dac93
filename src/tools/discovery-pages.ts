// Collects discoveries within the result budget: limit 0 reads pages of 1,000 only until the budget is full.
import type { Discovery, Pagination } from '../api/schemas.js';
import {
  discoveryLine,
  groupHeading,
  groupKey,
  withoutCommunities,
} from '../views/discovery-format.js';
import type { ToolContext } from './define-tool.js';

export const PAGE_SIZE = 1000;
/** Room for the summary, the footer and the structured envelope around the items. */
const RESERVED_BYTES = 700;

export interface CollectedDiscoveries {
  readonly discoveries: Discovery[];
  readonly pagination: Pagination;
  readonly skipped: number;
  /** Set when the budget cut the list: how many were left out and where the next call starts. */
  readonly omitted?: { readonly count: number; readonly nextOffset: number };
}

export const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** Adds items while their text line, group heading and JSON still fit the budget. */
function createFiller(budget: number) {
  const items: Discovery[] = [];
  const groups = new Set<string>();
  let used = RESERVED_BYTES;
  return {
    items,
    add(raw: Discovery): boolean {
      let json = JSON.stringify(raw);
      let item = raw;
      // The copy without communities is only made when there is one to drop.
      if (json.includes('"community"')) {
        item = withoutCommunities(raw);
        json = JSON.stringify(item);
      }
      const key = groupKey(item);
      const heading = groups.has(key) ? 0 : byteLength(groupHeading(item, PAGE_SIZE * 100)) + 1;
      const cost = byteLength(json) + 1 + byteLength(discoveryLine(item)) + 1;
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
export function cutToBudget(
  page: { readonly items: Discovery[]; readonly skipped: number; readonly pagination: Pagination },
  budget: number,
): CollectedDiscoveries {
  const filler = createFiller(budget);
  const kept = page.items.findIndex((item) => !filler.add(item));
  if (kept === -1) {
    return { discoveries: filler.items, pagination: page.pagination, skipped: page.skipped };
  }
  const nextOffset = page.pagination.offset + kept;
  return {
    discoveries: filler.items,
    pagination: { ...page.pagination, has_more: true },
    skipped: page.skipped,
    omitted: { count: page.pagination.total_count - nextOffset, nextOffset },
  };
}

interface Args {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

/**
 * One page as the service sent it (list-discoveries.ts fits it to the budget), or, for limit 0,
 * pages of 1,000 until the budget is full: 20,000 discoveries never sit in memory at once.
 */
export async function collectDiscoveries(
  args: Args,
  context: Pick<ToolContext, 'api' | 'signal' | 'maxResultBytes' | 'progress'>,
): Promise<CollectedDiscoveries> {
  const { api, signal } = context;
  const filters = { network_id: args.network_id, daemon_id: args.daemon_id };
  if (args.limit > 0) {
    const page = await api.listDiscoveries(
      { ...filters, limit: args.limit, offset: args.offset },
      signal,
    );
    return { discoveries: page.items, pagination: page.pagination, skipped: page.skipped };
  }
  const filler = createFiller(context.maxResultBytes);
  let offset = args.offset;
  let total = offset;
  let skipped = 0;
  for (;;) {
    const page = await api.listDiscoveries({ ...filters, limit: PAGE_SIZE, offset }, signal);
    total = page.pagination.total_count;
    skipped += page.skipped;
    const read = page.items.length + page.skipped;
    const done = offset + read - args.offset;
    await context.progress(
      done,
      Math.max(done, total - args.offset),
      `read ${done} of ${total - args.offset} discoveries`,
    );
    const kept = page.items.findIndex((item) => !filler.add(item));
    if (kept !== -1) {
      const nextOffset = offset + kept;
      return {
        discoveries: filler.items,
        pagination: { total_count: total, limit: 0, offset: args.offset, has_more: true },
        skipped,
        omitted: { count: total - nextOffset, nextOffset },
      };
    }
    offset += read;
    if (read === 0 || offset >= total) break;
  }
  return {
    discoveries: filler.items,
    pagination: { total_count: total, limit: 0, offset: args.offset, has_more: false },
    skipped,
  };
}
