// list_hosts' work: the hosts the key can see, grouped by network (site), filtered and counted, within the result budget.
import { lastSeenOf, snmpCredentialsOf } from '../../api/inventory-facts.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { HOST_FIELDS, type HostField } from '../../views/hosts/host-columns.js';
import { hostCompactResult } from '../../views/hosts/host-compact-view.js';
import { hostCountsResult } from '../../views/hosts/host-counts-view.js';
import type { HostLookups, HostRow } from '../../views/hosts/host-item.js';
import {
  foundBySentence,
  type HostFilterReport,
  type HostListView,
} from '../../views/hosts/host-list-view.js';
import { oversizedNotes } from '../../views/hosts/oversized-note.js';
import { instantOf, shownInstant } from '../common/date-argument.js';
import { parseFields } from '../common/fields-argument.js';
import type { ToolContext } from '../define-tool.js';
import type { HostListArguments } from './host-arguments.js';
import { linksOf } from './host-discovery-links.js';
import { resolveHostFilters } from './host-filter-arguments.js';
import {
  describeHostFilters,
  givenFilters,
  type HostFilters,
  serviceSide,
} from './host-filters.js';
import { hostListInTurns } from './host-list-in-turns.js';
import { type HostScan, MAX_KEPT_ROWS, scanHosts } from './host-scan.js';
import { type HostWorld, readHostWorld, worldNameOf } from './host-world.js';
import { ipTest } from './ip-range.js';
import { asOfNote } from './kept-hosts.js';

/** Arguments read strictly before anything is asked of the service: a bad date sends nothing. */
function checkEarly(args: HostListArguments): HostField[] | undefined {
  if (args.ip !== undefined) ipTest(args.ip);
  if (args.new_since !== undefined) instantOf('new_since', args.new_since);
  if (args.not_seen_since !== undefined) instantOf('not_seen_since', args.not_seen_since);
  if (args.fields === undefined) return undefined;
  if (args.counts_only) {
    throw new ToolMessageError(
      'fields lists hosts, counts_only counts them: pass one. Nothing was listed.',
    );
  }
  return parseFields(args.fields, HOST_FIELDS) as HostField[];
}

/**
 * found_by a run record: how many hosts the record itself says it found. Where the version keeps
 * no such count for what found_by named (0.14 records; a job before 0.16.2, whose records do not
 * name it), that is said instead.
 */
function recordFoundOf(
  filters: HostFilters,
  world: HostWorld,
): { recordFound?: number; runCountNotRecorded?: boolean } {
  const id = filters.found_by?.id;
  if (id === undefined) return {};
  const found = world.discoveries?.byId.get(id);
  const results =
    found?.run_type.type === 'Historical'
      ? (found.run_type['results'] as Record<string, unknown> | undefined)
      : undefined;
  const hosts = results?.['hosts_discovered'];
  if (typeof hosts === 'number') return { recordFound: hosts };
  return world.profile.runRecordsNameJobs ? {} : { runCountNotRecorded: true };
}

/** Names and subnets for the views. */
export function lookupsOf(world: HostWorld): HostLookups {
  return { nameOf: worldNameOf(world), subnets: world.subnets };
}

/** A host with what the tool worked out about it: credentials, last seen, discovery links. */
export function rowOf(
  host: InventoryHost,
  world: HostWorld,
  found?: readonly ('first' | 'last')[],
): HostRow {
  const links = world.discoveries ? linksOf(host, world.profile, world.discoveries) : {};
  return {
    host,
    credentials: snmpCredentialsOf(host, world.scope),
    lastSeen: lastSeenOf(host),
    ...links,
    ...(found ? { found } : {}),
  };
}

function countsOf(
  scan: HostScan,
  world: HostWorld,
  filters: HostFilters,
  report: HostFilterReport | undefined,
  notes: readonly string[],
) {
  const tally = scan.tally;
  if (!tally) throw new Error('counts_only read without a tally');
  const bySubnet = new Map<string, number>();
  for (const [id, n] of tally.bySubnet) {
    const key = world.subnets.get(id)?.cidr ?? id;
    bySubnet.set(key, (bySubnet.get(key) ?? 0) + n);
  }
  const nameOf = worldNameOf(world);
  const networks =
    world.networks.length > 0
      ? world.networks.map((n) => ({ id: n.id, name: n.name }))
      : (world.names.list('networks') ?? []).map((n) => ({ id: n.id, name: nameOf(n.id) }));
  const dated = (at: number | undefined, count: number | undefined) =>
    at === undefined ? undefined : { at: shownInstant(at), count: count ?? 0 };
  return hostCountsResult({
    hosts: scan.matched,
    networks: filters.network_id ? networks.filter((n) => n.id === filters.network_id) : networks,
    byNetwork: tally.byNetwork,
    byService: tally.byService,
    byPort: tally.byPort,
    byOs: tally.byOs,
    bySubnet,
    withoutSnmp: tally.withoutSnmp.count,
    newSince: dated(filters.new_since, tally.dated.newSince),
    notSeenSince: dated(filters.not_seen_since, tally.dated.notSeenSince),
    place: world.place,
    described: report?.described,
    service: report?.service ?? [],
    server: report?.server ?? [],
    scanned: scan.scanned,
    complete: scan.complete,
    notes,
    osUnknown: world.profile.datedSightings,
    foundBy:
      report && foundBySentence(report, `${scan.matched}${scan.complete ? '' : '+'}`, scan.matched),
  });
}

export async function listed(args: HostListArguments, context: ToolContext) {
  const fields = checkEarly(args);
  const world = await readHostWorld(context, {
    discoveries: !args.counts_only || args.found_by !== undefined,
    subnets: true,
  });
  const filters = resolveHostFilters(args, world);
  const given = givenFilters(filters);
  const side = serviceSide(filters, world.profile);
  const scan = await scanHosts(
    {
      filters,
      serviceQuery: side.query,
      profile: world.profile,
      scope: world.scope,
      offset: args.counts_only ? 0 : args.offset,
      limit: args.counts_only ? 0 : args.limit,
      ...(fields ? { keep: MAX_KEPT_ROWS } : {}),
      count: args.counts_only === true,
      serviceFiltersAll: given.every((argument) => side.applied.includes(argument)),
      refresh: args.refresh,
    },
    context,
  );
  const notes = [
    ...world.notes,
    // From the copy the note comes with its "as of" line; a page-by-page read says it here.
    ...(scan.copy ? asOfNote(scan.copy, context.now()) : oversizedNotes(scan.oversized)),
  ];
  const report: HostFilterReport | undefined =
    given.length > 0
      ? {
          // From the caller's copy every filter was applied here.
          service: scan.copy ? [] : side.applied,
          server: given,
          described: describeHostFilters(filters, worldNameOf(world)),
          ...(filters.found_by && world.profile.datedSightings ? { approximate: true } : {}),
          ...recordFoundOf(filters, world),
        }
      : undefined;
  if (args.counts_only) return countsOf(scan, world, filters, report, notes);
  const view: HostListView = {
    rows: scan.hosts.map((host) => rowOf(host, world, scan.found.get(host.id))),
    lookups: lookupsOf(world),
    place: world.place,
    offset: args.offset,
    limit: args.limit,
    matched: scan.matched,
    scanned: scan.scanned,
    complete: scan.complete,
    skipped: scan.skipped,
    filters: report,
    notes,
  };
  return fields
    ? hostCompactResult(view, fields, context.maxResultBytes)
    : hostListInTurns(view, context.maxResultBytes);
}
