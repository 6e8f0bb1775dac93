// list_changes between two snapshots (0.17.x): the snapshots listed, both bundles read (two requests), compared by lineage; no snapshots, a plan without them, one only or an unknown id said plainly.
import { type ChangeKind, keepsSnapshots } from '../../api/changes/change-support.js';
import { EndpointNotOfferedError, HttpError } from '../../api/errors.js';
import type { SnapshotBundle } from '../../api/families/topology-snapshot.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { type ChangeField, changeCompactResult } from '../../views/changes/change-compact-view.js';
import { type ChangeView, changeListResult } from '../../views/changes/change-list-view.js';
import { idText, said } from '../../views/hosts/host-item.js';
import { shownInstant } from '../common/date-argument.js';
import type { ToolContext } from '../define-tool.js';
import { resolveAmong } from '../hosts/host-filter-arguments.js';
import type { ChangeListArguments } from './change-arguments.js';
import { hostNamed } from './change-scope.js';
import { compareSnapshots, hostOfBundle } from './snapshot-compare.js';
import { INSTEAD, type SnapshotPair, type SnapshotRef, snapshotPair } from './snapshot-window.js';

const NOTHING = 'Nothing was compared.';

const COMPARED =
  'Compared by lineage_id (the live row each snapshot copy captured): unlike rows\u2019 own sightings, two snapshots also tell links that appeared. This server only reads and never takes a snapshot.';

/** The snapshots this key sees, reused per caller for a minute (the same list as the snapshot count). */
async function snapshotsListed(context: ToolContext) {
  try {
    return await context.names.reuse('changes:snapshots', () =>
      context.api.listSnapshots(context.signal),
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 402) {
      throw new ToolMessageError(
        `The service's plan does not include snapshots (Scanopy answered 402 to GET /api/v1/snapshots), so there are none to compare. Meanwhile ${INSTEAD}. ${NOTHING}`,
      );
    }
    throw error;
  }
}

/** One snapshot's bundle; a snapshot or route the service does not find said plainly. */
async function bundleOf(
  context: ToolContext,
  pair: SnapshotPair,
  id: string,
): Promise<SnapshotBundle> {
  try {
    return await context.api.readSnapshotBundle(pair.network_id, id, context.signal);
  } catch (error) {
    if (error instanceof EndpointNotOfferedError) {
      throw new ToolMessageError(
        `This Scanopy does not serve the topology data (GET /api/v1/topology/data) that a snapshot is read through, so its snapshots cannot be compared here; Scanopy's own topology view shows them. Meanwhile ${INSTEAD}. ${NOTHING}`,
      );
    }
    if (error instanceof HttpError && error.status === 404) {
      throw new ToolMessageError(
        `Scanopy did not find snapshot ${idText(id)}'s data (404): it may have been deleted since it was listed. Call again to list the snapshots anew. ${NOTHING}`,
      );
    }
    throw error;
  }
}

export async function snapshotChangesListed(
  args: ChangeListArguments,
  refs: { from: SnapshotRef; to: SnapshotRef | undefined },
  kinds: ReadonlySet<ChangeKind>,
  fields: ChangeField[] | undefined,
  context: ToolContext,
) {
  const { api, signal } = context;
  const profile = await api.inventoryProfile(signal);
  if (!keepsSnapshots(profile)) {
    const version = (await api.service(signal)).version;
    throw new ToolMessageError(
      `Scanopy ${version ?? 'before 0.17'} keeps no snapshots (they came with 0.17.0), so there are none to compare. What would tell it: Scanopy 0.17.0 or later, with a plan that includes snapshots. Meanwhile ${INSTEAD}. ${NOTHING}`,
    );
  }
  const names = await context.names.read(api, ['networks'], signal);
  const networkId =
    args.network === undefined
      ? undefined
      : resolveAmong(names.list('networks'), 'network', args.network, {
          one: 'network',
          many: 'networks',
        });
  const page = await snapshotsListed(context);
  const pair = snapshotPair(refs, page.items, networkId);
  // One at a time: a large site's bundle is megabytes (as list_links reads them).
  const before = await bundleOf(context, pair, pair.from.id);
  const after = await bundleOf(context, pair, pair.to.id);
  const hostKey =
    args.host === undefined
      ? undefined
      : hostNamed(args.host, [
          ...new Map(
            [...before.hosts, ...after.hosts].map((h) => [h.key, hostOfBundle(h)]),
          ).values(),
        ]).id;
  const changes = compareSnapshots(
    before,
    after,
    kinds,
    (key) => hostKey === undefined || key === hostKey,
  );
  const network = names.nameOf(pair.network_id);
  const scope = [
    `network ${network === undefined ? pair.network_id : said(network)}`,
    ...(args.host === undefined ? [] : [`host ${quote(args.host, 100)}`]),
  ].join(', ');
  const kept = page.items.filter((s) => s.network_id === pair.network_id).length;
  const view: ChangeView = {
    rows: changes.rows,
    counts: changes.counts,
    notKnown: [],
    scope,
    since: pair.from.at ? shownInstant(Date.parse(pair.from.at)) : 'time not given',
    compared: pair,
    snapshots: { count: kept, note: `Snapshots: ${kept} kept of this network. ${COMPARED}` },
    linkLines: kinds.has('links') ? changes.linkLines : undefined,
    nameOf: names.nameOf,
    offset: args.offset,
    limit: args.limit,
    countsOnly: args.counts_only === true,
    notes: [...names.notes],
  };
  return fields
    ? changeCompactResult(view, fields, context.maxResultBytes)
    : changeListResult(view, context.maxResultBytes);
}
