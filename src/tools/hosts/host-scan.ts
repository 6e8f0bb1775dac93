// Answers a host question from the caller's kept host list (or, beyond its cap, page by page): tests every host locally, keeps the asked window of matches and, on request, the counts.
import type { HostQuery, InventoryProfile } from '../../api/families/inventory.js';
import {
  eachHostPage,
  HOST_PAGE,
  type OversizedHost,
  readHostPage,
} from '../../api/inventory/host-read.js';
import { type KeptHosts, MAX_COPY_HOSTS } from '../../api/inventory/kept-inventory.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import type { ToolContext } from '../define-tool.js';
import { type CredentialScope, type HostFilters, hostMatches } from './host-filters.js';
import { createHostTally, type HostTally } from './host-tally.js';
import { holdsHosts, keptHosts } from './kept-hosts.js';

/** Matches kept for one answer at most: the result budget shows far fewer full host items. */
const MAX_KEPT = 1_000;
/**
 * Matches kept at most for compact rows (`fields`): as many hosts as a copy holds, since the
 * result budget, not this cap, decides how many rows fit (a row of one short column is ~25 bytes
 * a channel: the 1,875 hosts of the bench's largest network come back in one call). The rows
 * point at hosts already held (a copy, or at most MAX_PUSHED_HOSTS matches read for the question),
 * so keeping them costs a list, not copies; beyond a copy's cap readAll keeps MAX_KEPT.
 */
export const MAX_KEPT_ROWS = MAX_COPY_HOSTS;

export interface HostScan {
  /** The matches from `offset` on, at most `limit` (or `keep` with limit 0). */
  readonly hosts: InventoryHost[];
  /** How each kept host met found_by. */
  readonly found: ReadonlyMap<string, readonly ('first' | 'last')[]>;
  /** Matches in everything read. */
  readonly matched: number;
  /** Hosts read from the service. */
  readonly scanned: number;
  /** Hosts the service listed in all (under the filters it applied). */
  readonly listed: number;
  readonly skipped: number;
  /** Hosts left out of a page-by-page read: each one's record alone was over the response cap. */
  readonly oversized?: readonly OversizedHost[];
  readonly requests: number;
  readonly complete: boolean;
  readonly tally?: HostTally;
  /** Answered from the caller's host copy: every filter was applied here, none by the service. */
  readonly copy?: KeptHosts;
}

export interface ScanRequest {
  readonly filters: HostFilters;
  /** What the service is asked to filter (its version's share of the filters). */
  readonly serviceQuery: Omit<HostQuery, 'limit' | 'offset'>;
  readonly profile: InventoryProfile;
  readonly scope: CredentialScope;
  readonly offset: number;
  /** 0 = all (within `keep`). */
  readonly limit: number;
  /** Matches kept at most: MAX_KEPT unless the answer is compact rows (MAX_KEPT_ROWS). */
  readonly keep?: number | undefined;
  /** Count every match (counts_only): by network, service, port, OS, subnet, credential. */
  readonly count: boolean;
  /** Every filter given was sent to the service: its total is the answer's, one page suffices. */
  readonly serviceFiltersAll: boolean;
  /** Read the host list anew rather than answer from the kept copy. */
  readonly refresh?: boolean | undefined;
}

/**
 * Matches read page by page for one question at most, when the service filters them all and no
 * copy is held: beyond it (more than half the hosts a copy may hold), reading the whole list once
 * and keeping it costs less than reading most of it for this question and again for the next.
 */
export const MAX_PUSHED_HOSTS = MAX_COPY_HOSTS / 2;

/**
 * With no copy held, what the service filters whole is asked of it: a window is one page or two,
 * counts or every match read page by page up to MAX_PUSHED_HOSTS (issue 31 item 3: a cold
 * question reads the matches, not the inventory). Anything else reads (or probes) the caller's
 * copy and answers from it; a service beyond the copy's cap is read page by page for this
 * question alone.
 */
export async function scanHosts(request: ScanRequest, context: ToolContext): Promise<HostScan> {
  const pushable = request.serviceFiltersAll && !request.refresh && !holdsHosts(context);
  const filtered = Object.values(request.serviceQuery).some((value) => value !== undefined);
  let asked = 0;
  if (pushable && !request.count && request.limit > 0) {
    const window = await readWindow(request, context);
    if (window) return window;
  } else if (pushable && filtered) {
    const pushed = await readMatches(request, context);
    if ('hosts' in pushed) return pushed;
    asked = pushed.requests;
  }
  const copy = await keptHosts(context, request.refresh);
  if (copy) {
    const answer = fromCopy(request, copy);
    return { ...answer, requests: answer.requests + asked };
  }
  return readAll(request, context);
}

/** The question answered from the caller's copy: the same tests as a page-by-page read. */
function fromCopy(request: ScanRequest, copy: KeptHosts): HostScan {
  const collect = collector(request);
  for (const host of copy.hosts) collect.consider(host);
  return {
    ...collect.result(),
    scanned: copy.hosts.length + copy.skipped,
    listed: copy.listed,
    skipped: copy.skipped,
    requests: copy.requests,
    complete: copy.complete,
    copy,
  };
}

/** The matches from the asked offset, how each met found_by, and the counts when asked. */
function collector(request: ScanRequest) {
  const { filters, profile, scope, offset, limit } = request;
  const most = request.keep ?? MAX_KEPT;
  const keep = limit === 0 ? most : Math.min(limit, most);
  const hosts: InventoryHost[] = [];
  const found = new Map<string, ('first' | 'last')[]>();
  const tally = request.count ? createHostTally(filters, profile, scope) : undefined;
  let matched = 0;
  return {
    consider(host: InventoryHost) {
      tally?.consider(host);
      const test = hostMatches(host, filters, profile, scope);
      if (!test.ok) return;
      if (matched >= offset && hosts.length < keep) {
        hosts.push(host);
        if (test.found) found.set(host.id, test.found);
      }
      matched++;
      tally?.add(host);
    },
    result: () => ({ hosts, found, matched, ...(tally ? { tally } : {}) }),
  };
}

/**
 * The asked window alone (a page of HOST_PAGE at a time), when the service applied every filter.
 * Undefined when a host in it fails the local test (the service ignored a filter): the caller then
 * reads everything.
 */
async function readWindow(
  request: ScanRequest,
  context: ToolContext,
): Promise<HostScan | undefined> {
  const hosts: InventoryHost[] = [];
  const found = new Map<string, ('first' | 'last')[]>();
  const wanted = Math.min(request.limit, request.keep ?? MAX_KEPT);
  let at = request.offset;
  let listed = 0;
  let skipped = 0;
  let requests = 0;
  const oversized: OversizedHost[] = [];
  for (;;) {
    const page = await readHostPage(
      context.api,
      request.serviceQuery,
      at,
      Math.min(wanted - hosts.length, HOST_PAGE),
      context.signal,
    );
    requests += page.requests;
    listed = page.pagination.total_count;
    skipped += page.skipped;
    oversized.push(...page.oversized);
    for (const host of page.items) {
      const test = hostMatches(host, request.filters, request.profile, request.scope);
      if (!test.ok) return undefined;
      if (test.found) found.set(host.id, test.found);
      hosts.push(host);
    }
    const returned = page.items.length + page.skipped + page.oversized.length;
    at += returned;
    if (hosts.length >= wanted || !page.pagination.has_more || returned === 0) break;
  }
  return {
    hosts,
    found,
    // The service counts a host left out for its size; this answer does not hold it.
    matched: listed - oversized.length,
    scanned: at - request.offset,
    listed,
    skipped,
    oversized,
    requests,
    complete: true,
  };
}

/**
 * Every match the service's filters give, page by page, tested here too: for a cold question
 * whose filters the service applies. When its first page says more than MAX_PUSHED_HOSTS match,
 * nothing more is read and the caller reads the whole list instead (the one request is counted).
 */
async function readMatches(
  request: ScanRequest,
  context: ToolContext,
): Promise<HostScan | { readonly requests: number }> {
  const first = await readHostPage(context.api, request.serviceQuery, 0, HOST_PAGE, context.signal);
  if (first.pagination.total_count > MAX_PUSHED_HOSTS) return { requests: first.requests };
  const collect = collector(request);
  for (const host of first.items) collect.consider(host);
  const returned = first.items.length + first.skipped + first.oversized.length;
  const more =
    first.pagination.has_more && returned > 0
      ? await pagesInto(collect, request, context, returned)
      : undefined;
  return {
    ...collect.result(),
    listed: more?.listed ?? first.pagination.total_count,
    scanned: more?.scanned ?? returned,
    skipped: first.skipped + (more?.skipped ?? 0),
    oversized: [...first.oversized, ...(more?.oversized ?? [])],
    complete: more?.complete ?? true,
    requests: first.requests + (more?.requests ?? 0),
  };
}

/** The service's pages under the request's filters from `from` on, each host handed to `collect`. */
function pagesInto(
  collect: ReturnType<typeof collector>,
  request: ScanRequest,
  context: ToolContext,
  from = 0,
) {
  return eachHostPage(
    context.api,
    request.serviceQuery,
    context.signal,
    (hosts) => {
      for (const host of hosts) collect.consider(host);
    },
    (done, total) => {
      context.progress(done, total).catch(() => undefined);
    },
    from,
  );
}

/**
 * Beyond a copy's cap: this question alone, page by page, the service filtering what it can. No
 * copy holds the hosts here, so compact rows keep no more than full items do (MAX_KEPT, then
 * `next_offset`): memory stays one page and the window, not a copy's worth of matches.
 */
async function readAll(request: ScanRequest, context: ToolContext): Promise<HostScan> {
  const collect = collector({ ...request, keep: Math.min(request.keep ?? MAX_KEPT, MAX_KEPT) });
  const read = await pagesInto(collect, request, context);
  return { ...collect.result(), ...read };
}
