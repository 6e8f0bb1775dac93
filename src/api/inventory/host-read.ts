// Reading a caller's whole host list (pages with their children) and the one-request probe that says whether it changed since.
import type { ApiClient } from '../client.js';
import { type Endpoint, HttpError, ResponseShapeError } from '../errors.js';
import type { HostQuery } from '../families/inventory.js';
import type { InventoryHost } from '../inventory-model.js';

/**
 * Hosts asked per request. A host comes with its children (~4-5 KB of JSON at 5 ports), and each
 * page is parsed, sanitized and normalised whole: 1,000 a page peaked at 192 MB RSS over 20,000
 * hosts, 500 at 150 MB, 250 at 128 MB (bench/inventory.ts), for 4x the requests of 1,000.
 */
export const HOST_PAGE = 250;
const HOSTS: Endpoint = { method: 'GET', path: '/api/v1/hosts' };

/**
 * A host page must be the one asked for: a service that ignores `offset` sends the first page
 * again and again, and a read of it would end only at MAX_PAGES with every host counted many times
 * (the side lists' readEveryPage refuses it the same way).
 */
function checkOffset(page: { readonly pagination: { readonly offset: number } }, asked: number) {
  if (page.pagination.offset !== asked) {
    throw new ResponseShapeError(
      HOSTS,
      200,
      `asked for the host page at offset ${asked}, it answered the page at ${page.pagination.offset} (it ignores offset); stopped there`,
    );
  }
}

/** Pages read at most for one list (200,000 hosts); beyond it the read says it is incomplete. */
export const MAX_PAGES = 800;

/** What the probe saw: the host total and the most recently updated host. */
export interface HostStamp {
  readonly total: number;
  /** `id@updated_at` of the newest host, or '' when the service would not order by it. */
  readonly newest: string;
}

/** The whole host list as one read saw it. */
export interface HostRead {
  readonly hosts: readonly InventoryHost[];
  /** Hosts the service listed in all. */
  readonly listed: number;
  /** Hosts left out because their shape was not understood. */
  readonly skipped: number;
  /** False when MAX_PAGES ended the read before the last page. */
  readonly complete: boolean;
  readonly requests: number;
}

export type ReadProgress = (done: number, total: number) => void;

/**
 * The host total and the newest host by updated_at, in one request of one host. A service that
 * refuses the ordering (400/422) is asked for the total alone: adds and deletes still show.
 */
export async function probeHosts(
  api: ApiClient,
  signal: AbortSignal,
  ordered = true,
): Promise<HostStamp & { readonly ordered: boolean }> {
  try {
    const page = await api.listHosts(
      ordered
        ? { order_by: 'updated_at', order_direction: 'desc', limit: 1, offset: 0 }
        : { limit: 1, offset: 0 },
      signal,
    );
    const first = page.items[0];
    return {
      total: page.pagination.total_count,
      newest: ordered && first ? `${first.id}@${first.updated_at ?? ''}` : '',
      ordered,
    };
  } catch (error) {
    if (ordered && error instanceof HttpError && (error.status === 400 || error.status === 422)) {
      return probeHosts(api, signal, false);
    }
    throw error;
  }
}

/** What paging through the host list saw, beside the hosts themselves. */
export interface PagesRead {
  /** Hosts the service listed in all (under the query's filters). */
  readonly listed: number;
  /** Hosts returned, understood or not. */
  readonly scanned: number;
  readonly skipped: number;
  readonly complete: boolean;
  readonly requests: number;
}

/**
 * Every host page of `query` in turn from `from` on, as the service orders them by default, each
 * handed to `visit`; progress after each page. Memory: one page at a time.
 */
export async function eachHostPage(
  api: ApiClient,
  query: Omit<HostQuery, 'limit' | 'offset'>,
  signal: AbortSignal,
  visit: (hosts: readonly InventoryHost[]) => void,
  progress: ReadProgress,
  from = 0,
): Promise<PagesRead> {
  let skipped = 0;
  let listed = 0;
  let requests = 0;
  let at = from;
  while (requests < MAX_PAGES) {
    const page = await api.listHosts({ ...query, offset: at, limit: HOST_PAGE }, signal);
    checkOffset(page, at);
    requests++;
    listed = page.pagination.total_count;
    skipped += page.skipped;
    visit(page.items);
    const returned = page.items.length + page.skipped;
    at += returned;
    progress(at, Math.max(listed, at));
    if (!page.pagination.has_more || returned === 0) {
      return { listed, scanned: at, skipped, complete: true, requests };
    }
  }
  return { listed, scanned: at, skipped, complete: false, requests };
}

/** Pages of the copy's read in flight at once: the wall time of a cold read, not its requests. */
const PAGES_AT_ONCE = 4;

/**
 * The whole host list, every page kept: the first page gives the total, the rest are asked
 * PAGES_AT_ONCE at a time by offset and kept in order; after a short page the next batch starts
 * where it ended. Undefined once more than `maxHosts` came back, whatever the probe's total said
 * (a service that ignores the offset, or keeps adding): the caller then reads page by page.
 */
export async function readHosts(
  api: ApiClient,
  signal: AbortSignal,
  progress: ReadProgress,
  maxHosts: number,
): Promise<HostRead | undefined> {
  const first = await api.listHosts({ offset: 0, limit: HOST_PAGE }, signal);
  const hosts: InventoryHost[] = [...first.items];
  let skipped = first.skipped;
  let listed = first.pagination.total_count;
  let requests = 1;
  let at = first.items.length + first.skipped;
  progress(at, Math.max(listed, at));
  let more = first.pagination.has_more && at > 0;
  while (more && requests < MAX_PAGES) {
    const offsets = Array.from(
      { length: Math.min(PAGES_AT_ONCE, MAX_PAGES - requests) },
      (_, i) => at + i * HOST_PAGE,
    ).filter((offset, i) => i === 0 || offset < listed);
    const pages = await Promise.all(
      offsets.map((offset) => api.listHosts({ offset, limit: HOST_PAGE }, signal)),
    );
    requests += pages.length;
    for (const [i, page] of pages.entries()) {
      checkOffset(page, offsets[i] as number);
      hosts.push(...page.items);
      if (hosts.length > maxHosts) return undefined;
      skipped += page.skipped;
      listed = page.pagination.total_count;
      const returned = page.items.length + page.skipped;
      at += returned;
      more = page.pagination.has_more && returned > 0;
      progress(at, Math.max(listed, at));
      // A short page (the list shrank, or a smaller cap): the next batch starts where it ended.
      if (!more || returned < HOST_PAGE) break;
    }
  }
  return { hosts, listed, skipped, complete: !more, requests };
}
