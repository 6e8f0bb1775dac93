// Reading a caller's whole host list (pages with their children) and the one-request probe that says whether it changed since.
import type { ApiClient } from '../client.js';
import { type Endpoint, HttpError, ResponseShapeError, ResponseTooLargeError } from '../errors.js';
import type { HostQuery } from '../families/inventory.js';
import type { InventoryHost } from '../inventory-model.js';
import type { Pagination } from '../schemas.js';

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

/**
 * A host whose record alone came to more than one answer may hold
 * (NETWORK_DISCOVERY_MAX_RESPONSE_BYTES): a switch reporting 20,000 SNMP interfaces is ~6 MB of
 * JSON. It is left out of the read; its id and name (untrusted text) come from a read of it without
 * its children where the version offers one (0.17.21+), else only its place in the list is known.
 */
export interface OversizedHost {
  /** Its offset in the service's default order. */
  readonly position: number;
  readonly id?: string | undefined;
  readonly name?: string | undefined;
}

/** The whole host list as one read saw it. */
export interface HostRead {
  readonly hosts: readonly InventoryHost[];
  /** Hosts the service listed in all. */
  readonly listed: number;
  /** Hosts left out because their shape was not understood. */
  readonly skipped: number;
  /** Hosts left out because their own record was over the response cap. */
  readonly oversized: readonly OversizedHost[];
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
  childless = false,
): Promise<HostStamp & { readonly ordered: boolean }> {
  try {
    const children = childless ? ({ children: false } as const) : {};
    const page = await api.listHosts(
      ordered
        ? { order_by: 'updated_at', order_direction: 'desc', limit: 1, offset: 0, ...children }
        : { limit: 1, offset: 0, ...children },
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
    // The newest host is the one with 20,000 interfaces: asked again without its children.
    if (error instanceof ResponseTooLargeError && !childless) {
      if ((await api.inventoryProfile(signal)).hostFilters) {
        return probeHosts(api, signal, ordered, true);
      }
    }
    throw error;
  }
}

/** One host page as read, perhaps in smaller pieces (see hostPage). */
export interface HostPageRead {
  readonly items: readonly InventoryHost[];
  readonly skipped: number;
  readonly oversized: readonly OversizedHost[];
  /** The last piece's, with the offset and limit asked. */
  readonly pagination: Pagination;
  readonly requests: number;
}

/**
 * Hosts one read leaves out at most for being over the cap alone. Each costs ~9 refused requests of
 * up to the cap in bytes on the way down from a page of 250: a service where every host is that
 * large would otherwise be downloaded many times over, host by host.
 */
export const MAX_OVERSIZED = 10;

const returnedOf = (page: Pick<HostPageRead, 'items' | 'skipped' | 'oversized'>) =>
  page.items.length + page.skipped + page.oversized.length;

/**
 * The hosts at `offset`, at most `limit`. A page over the response cap is read again as two halves,
 * down to one host; a host still over the cap alone is left out (OversizedHost) and the rest of the
 * list still answers: one switch with 20,000 interfaces failed every whole-list read (issue 40).
 * Each refused piece costs a request and at most the cap in bytes (~9 halvings from 250).
 */
async function hostPage(
  api: ApiClient,
  query: Omit<HostQuery, 'limit' | 'offset'>,
  offset: number,
  limit: number,
  signal: AbortSignal,
  left: { oversized: number },
): Promise<HostPageRead> {
  try {
    const page = await api.listHosts({ ...query, offset, limit }, signal);
    checkOffset(page, offset);
    return { ...page, oversized: [], requests: 1 };
  } catch (error) {
    if (!(error instanceof ResponseTooLargeError)) throw error;
    // Past MAX_OVERSIZED the service is not one odd switch: the read fails as it did before.
    if (limit <= 1 && left.oversized-- <= 0) throw error;
  }
  if (limit <= 1) return oversizedHost(api, query, offset, signal);
  const half = Math.ceil(limit / 2);
  const first = await hostPage(api, query, offset, half, signal, left);
  const read = returnedOf(first);
  if (!first.pagination.has_more || read < half) return { ...first, requests: first.requests + 1 };
  const rest = await hostPage(api, query, offset + read, limit - read, signal, left);
  return {
    items: [...first.items, ...rest.items],
    skipped: first.skipped + rest.skipped,
    oversized: [...first.oversized, ...rest.oversized],
    pagination: { ...rest.pagination, offset, limit },
    requests: 1 + first.requests + rest.requests,
  };
}

/** The hosts at `offset`, at most `limit`, a page over the cap read in halves (hostPage): for a question's own window. */
export const readHostPage = (
  api: ApiClient,
  query: Omit<HostQuery, 'limit' | 'offset'>,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<HostPageRead> =>
  hostPage(api, query, offset, limit, signal, { oversized: MAX_OVERSIZED });

/** The one host at `offset` that is over the cap alone: named by a read without its children where the version offers one. */
async function oversizedHost(
  api: ApiClient,
  query: Omit<HostQuery, 'limit' | 'offset'>,
  offset: number,
  signal: AbortSignal,
): Promise<HostPageRead> {
  const unknown: Pagination = { total_count: offset + 1, limit: 1, offset, has_more: true };
  if (!(await api.inventoryProfile(signal)).hostFilters) {
    return {
      items: [],
      skipped: 0,
      oversized: [{ position: offset }],
      pagination: unknown,
      requests: 1,
    };
  }
  try {
    const page = await api.listHosts({ ...query, children: false, offset, limit: 1 }, signal);
    checkOffset(page, offset);
    const host = page.items[0];
    const named = host ? { id: host.id, name: host.name } : {};
    const oversized = page.items.length + page.skipped > 0 ? [{ position: offset, ...named }] : [];
    return { items: [], skipped: 0, oversized, pagination: page.pagination, requests: 2 };
  } catch (error) {
    if (!(error instanceof ResponseTooLargeError)) throw error;
    return {
      items: [],
      skipped: 0,
      oversized: [{ position: offset }],
      pagination: unknown,
      requests: 2,
    };
  }
}

/** What paging through the host list saw, beside the hosts themselves. */
export interface PagesRead {
  /** Hosts the service listed in all (under the query's filters). */
  readonly listed: number;
  /** Hosts returned, understood or not. */
  readonly scanned: number;
  readonly skipped: number;
  readonly oversized: readonly OversizedHost[];
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
  let pages = 0;
  let at = from;
  const oversized: OversizedHost[] = [];
  const left = { oversized: MAX_OVERSIZED };
  while (pages < MAX_PAGES) {
    const page = await hostPage(api, query, at, HOST_PAGE, signal, left);
    pages++;
    requests += page.requests;
    listed = page.pagination.total_count;
    skipped += page.skipped;
    oversized.push(...page.oversized);
    visit(page.items);
    const returned = returnedOf(page);
    at += returned;
    progress(at, Math.max(listed, at));
    if (!page.pagination.has_more || returned === 0) {
      return { listed, scanned: at, skipped, oversized, complete: true, requests };
    }
  }
  return { listed, scanned: at, skipped, oversized, complete: false, requests };
}

/**
 * Every page, or the error of the first page (in offset order) that failed. Pages are parsed in
 * turns (src/api/turns.ts), so a later page may fail first: the fault named is still the first.
 */
async function inOrder<T>(reads: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(reads);
  const failed = settled.find((read) => read.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((read) => (read as PromiseFulfilledResult<T>).value);
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
  const left = { oversized: MAX_OVERSIZED };
  const first = await hostPage(api, {}, 0, HOST_PAGE, signal, left);
  const hosts: InventoryHost[] = [...first.items];
  const oversized: OversizedHost[] = [...first.oversized];
  let skipped = first.skipped;
  let listed = first.pagination.total_count;
  let pagesRead = 1;
  let requests = first.requests;
  let at = returnedOf(first);
  progress(at, Math.max(listed, at));
  let more = first.pagination.has_more && at > 0;
  while (more && pagesRead < MAX_PAGES) {
    const offsets = Array.from(
      { length: Math.min(PAGES_AT_ONCE, MAX_PAGES - pagesRead) },
      (_, i) => at + i * HOST_PAGE,
    ).filter((offset, i) => i === 0 || offset < listed);
    const pages = await inOrder(
      offsets.map((offset) => hostPage(api, {}, offset, HOST_PAGE, signal, left)),
    );
    pagesRead += pages.length;
    requests += pages.reduce((sum, page) => sum + page.requests, 0);
    for (const page of pages) {
      hosts.push(...page.items);
      if (hosts.length > maxHosts) return undefined;
      skipped += page.skipped;
      oversized.push(...page.oversized);
      listed = page.pagination.total_count;
      const returned = returnedOf(page);
      at += returned;
      more = page.pagination.has_more && returned > 0;
      progress(at, Math.max(listed, at));
      // A short page (the list shrank, or a smaller cap): the next batch starts where it ended.
      if (!more || returned < HOST_PAGE) break;
    }
  }
  return { hosts, listed, skipped, oversized, complete: !more, requests };
}
