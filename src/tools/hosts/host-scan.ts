// Answers a host question from the caller's kept host list (or, beyond its cap, page by page): tests every host locally, keeps the asked window of matches and, on request, the counts.
import type { HostQuery, InventoryProfile } from '../../api/families/inventory.js';
import { eachHostPage, HOST_PAGE } from '../../api/inventory/host-read.js';
import { type KeptHosts, MAX_COPY_HOSTS } from '../../api/inventory/kept-inventory.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import type { ToolContext } from '../define-tool.js';
import { type CredentialScope, type HostFilters, hostMatches } from './host-filters.js';
import { createHostTally, type HostTally } from './host-tally.js';
import { holdsHosts, keptHosts } from './kept-hosts.js';

export { HOST_PAGE };

/** Matches kept for one answer at most: the result budget shows far fewer full host items. */
const MAX_KEPT = 1_000;
/**
 * Matches kept at most for compact rows (`fields`): as many hosts as a copy holds, since the
 * result budget, not this cap, decides how many rows fit (a row of one short column is ~25 bytes
 * a channel: the 1,875 hosts of the bench's largest network come back in one call). The rows
 * point at hosts already held, so keeping them costs a list, not copies.
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
 * With no copy held, a window the service filters whole is one page or two; anything else reads
 * (or probes) the caller's copy and answers from it; a service beyond the copy's cap is read page
 * by page for this question alone.
 */
export async function scanHosts(request: ScanRequest, context: ToolContext): Promise<HostScan> {
  const cheap = request.serviceFiltersAll && !request.count && request.limit > 0;
  if (cheap && !request.refresh && !holdsHosts(context)) {
    const window = await readWindow(request, context);
    if (window) return window;
  }
  const copy = await keptHosts(context, request.refresh);
  if (copy) return fromCopy(request, copy);
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
  for (;;) {
    const page = await context.api.listHosts(
      { ...request.serviceQuery, offset: at, limit: Math.min(wanted - hosts.length, HOST_PAGE) },
      context.signal,
    );
    requests++;
    listed = page.pagination.total_count;
    skipped += page.skipped;
    for (const host of page.items) {
      const test = hostMatches(host, request.filters, request.profile, request.scope);
      if (!test.ok) return undefined;
      if (test.found) found.set(host.id, test.found);
      hosts.push(host);
    }
    const returned = page.items.length + page.skipped;
    at += returned;
    if (hosts.length >= wanted || !page.pagination.has_more || returned === 0) break;
  }
  return {
    hosts,
    found,
    matched: listed,
    scanned: at - request.offset,
    listed,
    skipped,
    requests,
    complete: true,
  };
}

/** Beyond a copy's cap: this question alone, page by page, the service filtering what it can. */
async function readAll(request: ScanRequest, context: ToolContext): Promise<HostScan> {
  const collect = collector(request);
  const read = await eachHostPage(
    context.api,
    request.serviceQuery,
    context.signal,
    (hosts) => {
      for (const host of hosts) collect.consider(host);
    },
    (done, total) => {
      context.progress(done, total).catch(() => undefined);
    },
  );
  return { ...collect.result(), ...read };
}
