// list_changes' work: hosts new and gone, ports and services that changed, in scope since a time or in a discovery's latest run, from the caller's kept host copy.
import { type UnknownKind, unknownRowKinds } from '../../api/changes/change-support.js';
import { eachHostPage } from '../../api/inventory/host-read.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import {
  CHANGE_FIELDS,
  type ChangeField,
  changeCompactResult,
} from '../../views/changes/change-compact-view.js';
import { type ChangeView, changeListResult } from '../../views/changes/change-list-view.js';
import { shownInstant } from '../common/date-argument.js';
import { parseFields } from '../common/fields-argument.js';
import { isUuid } from '../common/uuid-argument.js';
import type { ToolContext } from '../define-tool.js';
import { describeHostFilters, serviceSide } from '../hosts/host-filters.js';
import { readHostWorld, worldNameOf } from '../hosts/host-world.js';
import { asOfNote, keptHosts } from '../hosts/kept-hosts.js';
import { type ChangeListArguments, parseKinds } from './change-arguments.js';
import { createChangeScan } from './change-scan.js';
import { hostNamed, inFilters, scopeFilters } from './change-scope.js';
import { type ChangeWindow, runWindow, sinceOf } from './change-window.js';
import { KEPT_LINK_SOURCE } from './link-changes.js';
import type { LinkChangeSource } from './link-source.js';
import { snapshotChangesListed } from './list-changes-snapshots.js';
import { snapshotRefs } from './snapshot-window.js';
import { snapshotsOf } from './snapshots.js';

/** Without since or run: the last week, the question asked most. */
const DEFAULT_SINCE = 'P7D';

/** Everything read from the arguments alone, before any request: a bad date sends nothing. */
function checkEarly(args: ChangeListArguments, now: number) {
  const kinds = parseKinds(args.kinds);
  if (args.since !== undefined && args.run !== undefined) {
    throw new ToolMessageError(
      'Pass one of since (a date, a date-time or a duration back from now such as P7D) and run (a discovery or run record). Nothing was listed.',
    );
  }
  if (args.fields !== undefined && args.counts_only) {
    throw new ToolMessageError(
      'fields lists changes, counts_only counts them: pass one. Nothing was listed.',
    );
  }
  const fields =
    args.fields === undefined
      ? undefined
      : (parseFields(args.fields, CHANGE_FIELDS) as ChangeField[]);
  // Snapshots first: a mix with since or run is refused before since is read.
  const snapshots = snapshotRefs(args);
  const since =
    args.run !== undefined || snapshots ? undefined : sinceOf(args.since ?? DEFAULT_SINCE, now);
  return { kinds, fields, since, snapshots };
}

/**
 * Every host handed to `visit`: the caller's copy (a warm question is its probe), or beyond the
 * copy's cap every page, the service filtering the network. `host` is found in the copy; beyond
 * it an id is taken as given.
 */
async function eachHost(
  context: ToolContext,
  args: ChangeListArguments,
  query: Parameters<typeof eachHostPage>[1],
  visit: (hosts: readonly InventoryHost[], hostId: string | undefined) => void,
) {
  const copy = await keptHosts(context, undefined);
  if (copy) {
    visit(copy.hosts, args.host === undefined ? undefined : hostNamed(args.host, copy.hosts).id);
    return { copy, complete: copy.complete };
  }
  if (args.host !== undefined && !isUuid(args.host)) {
    throw new ToolMessageError(
      'This service lists more hosts than a kept copy holds: give host as an id (get_host finds it), or use network or tag. Nothing was listed.',
    );
  }
  const hostId = args.host?.toLowerCase();
  const read = await eachHostPage(
    context.api,
    query,
    context.signal,
    (hosts) => visit(hosts, hostId),
    (done, total) => {
      context.progress(done, total).catch(() => undefined);
    },
  );
  return { copy: undefined, complete: read.complete };
}

/** The list_hosts call that gives the same host numbers (one definition, api/changes/since.ts). */
function sameAs(window: ChangeWindow, scope: string | undefined): string | undefined {
  const at = new Date(window.from).toISOString().replace('.000Z', 'Z');
  const where = scope ? ` with the same scope (${scope})` : '';
  return window.seenFrom === undefined && !window.run
    ? `Hosts new = list_hosts new_since ${at}, hosts gone = list_hosts not_seen_since ${at}${where}.`
    : `Hosts new = list_hosts new_since ${at}${where}; gone = seen since the run before started, not since ${at}.`;
}

export async function changesListed(
  args: ChangeListArguments,
  context: ToolContext,
  links: LinkChangeSource = KEPT_LINK_SOURCE,
) {
  const { kinds, fields, since, snapshots } = checkEarly(args, context.now());
  if (snapshots) return snapshotChangesListed(args, snapshots, kinds, fields, context);
  const world = await readHostWorld(context, {
    discoveries: args.run !== undefined,
    subnets: false,
  });
  const window: ChangeWindow =
    since !== undefined
      ? { from: since }
      : runWindow(args.run ?? '', world.discoveries?.byId, world.discoveryNames);
  const filters = scopeFilters(args, window.networkId, world);
  const inScope = inFilters(filters, world);
  const service = await context.api.service(context.signal);
  const notKnown: UnknownKind[] = unknownRowKinds(world.profile, service.version).filter((k) =>
    kinds.has(k.kind),
  );
  const goneKnown = !window.run || window.seenFrom !== undefined;
  if (!goneKnown && kinds.has('hosts')) {
    notKnown.push({
      kind: 'hosts',
      why: `the discovery has one run record only: hosts gone (seen by the run before, not by this one) are not known`,
      would_tell: 'a second run of the discovery, or since (a date or P7D)',
    });
  }
  let hostId: string | undefined;
  const scan = createChangeScan({
    window,
    kinds,
    rowsKnown: world.profile.childDiscoveryIds,
    goneKnown,
    inScope: (host) => (hostId === undefined || host.id === hostId) && inScope(host),
  });
  const query = serviceSide(filters, world.profile).query;
  // The hosts in scope, for a link reader, when a scope narrows them.
  const scoped =
    filters.network_id !== undefined || filters.tag_id !== undefined || args.host !== undefined
      ? new Set<string>()
      : undefined;
  const read = await eachHost(context, args, query, (hosts, id) => {
    hostId = id;
    for (const host of hosts) {
      scan.consider(host);
      if (scoped && (hostId === undefined || host.id === hostId) && inScope(host))
        scoped.add(host.id);
    }
  });
  const linked = kinds.has('links')
    ? await links.changes(
        { since: window.from, seenFrom: window.seenFrom, hostIds: scoped, copy: read.copy },
        context,
      )
    : undefined;
  if (linked && 'why' in linked) notKnown.push(linked);
  const linkChanges = linked && !('why' in linked) ? linked : undefined;
  if (linkChanges?.notKnown) notKnown.push(linkChanges.notKnown);
  const result = scan.result();
  const { rows } = result;
  const counts = linkChanges
    ? {
        ...result.counts,
        ...(linkChanges.appeared === undefined ? {} : { links_appeared: linkChanges.appeared }),
        links_gone: linkChanges.gone,
      }
    : result.counts;
  const nameOf = worldNameOf(world);
  const described = describeHostFilters(filters, nameOf);
  const hostScope = hostId ? `host ${quote(args.host ?? '', 100)}` : '';
  const scope = [described, hostScope].filter((s) => s !== '').join(', ') || undefined;
  const view: ChangeView = {
    rows,
    counts,
    notKnown,
    scope,
    since: shownInstant(window.from),
    run: window.run,
    sameAs: kinds.has('hosts') ? sameAs(window, scope) : undefined,
    snapshots: await snapshotsOf(world.profile, filters.network_id, context),
    linkLines: linkChanges?.lines,
    nameOf,
    offset: args.offset,
    limit: args.limit,
    countsOnly: args.counts_only === true,
    notes: [
      ...world.notes,
      ...asOfNote(read.copy, context.now()),
      ...(read.complete ? [] : ['The host list ended early: the counts are of the hosts read.']),
      ...(linkChanges?.notes ?? []),
    ],
  };
  return fields
    ? changeCompactResult(view, fields, context.maxResultBytes)
    : changeListResult(view, context.maxResultBytes);
}
