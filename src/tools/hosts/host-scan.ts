// Reads the host list page by page, tests every host locally, keeps the asked window of matches and, on request, the counts: memory bounded by one page.
import type { HostQuery, InventoryProfile } from '../../api/families/inventory.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import type { ToolContext } from '../define-tool.js';
import { type CredentialScope, type HostFilters, hostMatches } from './host-filters.js';
import { createHostTally, type HostTally } from './host-tally.js';

/**
 * Hosts asked per request. A host comes with its children (~4-5 KB of JSON at 5 ports), and each
 * page is parsed, sanitized and normalised whole: 1,000 a page peaked at 192 MB RSS over 20,000
 * hosts, 500 at 150 MB, 250 at 128 MB (bench/inventory.ts), for 4x the requests of 1,000.
 */
export const HOST_PAGE = 250;
/** Pages read at most for one call (200,000 hosts); beyond it the answer says it is incomplete. */
const MAX_PAGES = 800;
/** Matches kept for one answer at most: the result budget shows far fewer. */
const MAX_KEPT = 1_000;

export interface HostScan {
  /** The matches from `offset` on, at most `limit` (or MAX_KEPT with limit 0). */
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
}

export interface ScanRequest {
  readonly filters: HostFilters;
  /** What the service is asked to filter (its version's share of the filters). */
  readonly serviceQuery: Omit<HostQuery, 'limit' | 'offset'>;
  readonly profile: InventoryProfile;
  readonly scope: CredentialScope;
  readonly offset: number;
  /** 0 = all (within MAX_KEPT). */
  readonly limit: number;
  /** Count every match (counts_only): by network, service, port, OS, subnet, credential. */
  readonly count: boolean;
  /** Every filter given was sent to the service: its total is the answer's, one page suffices. */
  readonly serviceFiltersAll: boolean;
}

export async function scanHosts(request: ScanRequest, context: ToolContext): Promise<HostScan> {
  if (request.serviceFiltersAll && !request.count && request.limit > 0) {
    const window = await readWindow(request, context);
    if (window) return window;
  }
  return readAll(request, context);
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
  const wanted = Math.min(request.limit, MAX_KEPT);
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

async function readAll(request: ScanRequest, context: ToolContext): Promise<HostScan> {
  const { filters, profile, scope, offset, limit } = request;
  const keep = limit === 0 ? MAX_KEPT : Math.min(limit, MAX_KEPT);
  const hosts: InventoryHost[] = [];
  const found = new Map<string, ('first' | 'last')[]>();
  const tally = request.count ? createHostTally(filters, profile, scope) : undefined;
  let matched = 0;
  let scanned = 0;
  let skipped = 0;
  let listed = 0;
  let requests = 0;
  let complete = false;
  for (let at = 0; requests < MAX_PAGES; ) {
    const page = await context.api.listHosts(
      { ...request.serviceQuery, offset: at, limit: HOST_PAGE },
      context.signal,
    );
    requests++;
    listed = page.pagination.total_count;
    skipped += page.skipped;
    for (const host of page.items) {
      tally?.consider(host);
      const test = hostMatches(host, filters, profile, scope);
      if (!test.ok) continue;
      if (matched >= offset && hosts.length < keep) {
        hosts.push(host);
        if (test.found) found.set(host.id, test.found);
      }
      matched++;
      tally?.add(host);
    }
    const returned = page.items.length + page.skipped;
    scanned += returned;
    at += returned;
    await context.progress(scanned, listed);
    if (!page.pagination.has_more || returned === 0) {
      complete = true;
      break;
    }
  }
  return {
    hosts,
    found,
    matched,
    scanned,
    listed,
    skipped,
    requests,
    complete,
    ...(tally ? { tally } : {}),
  };
}
