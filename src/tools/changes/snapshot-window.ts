// Which two snapshots list_changes compares: from_snapshot and to_snapshot, each an id or a time ("the newest taken at or before it"), read before any request and resolved against the service's list.
import type { InventorySnapshot } from '../../api/families/snapshots.js';
import { ToolMessageError } from '../../errors.js';
import { capped, idText } from '../../views/hosts/host-item.js';
import { instantOf, shownInstant } from '../common/date-argument.js';
import { isUuid } from '../common/uuid-argument.js';

/** A snapshot as a caller named it: by id, or by an instant. */
export type SnapshotRef = { readonly id: string } | { readonly at: number };

export interface ComparedSnapshot {
  readonly id: string;
  readonly at?: string | undefined;
}

export interface SnapshotPair {
  readonly network_id: string;
  readonly from: ComparedSnapshot;
  readonly to: ComparedSnapshot;
}

const NOTHING = 'Nothing was compared.';
/** What answers a change question without snapshots. */
export const INSTEAD =
  'since (a date or P7D) or run (a discovery) answer from each row\u2019s own sightings';

/** The refs from the arguments alone: a bad time or a mix with since/run sends nothing. */
export function snapshotRefs(args: {
  readonly from_snapshot?: string | undefined;
  readonly to_snapshot?: string | undefined;
  readonly since?: string | undefined;
  readonly run?: string | undefined;
  readonly tag?: string | undefined;
}): { from: SnapshotRef; to: SnapshotRef | undefined } | undefined {
  if (args.from_snapshot === undefined && args.to_snapshot === undefined) return undefined;
  if (args.since !== undefined || args.run !== undefined) {
    throw new ToolMessageError(
      `Pass either since/run or from_snapshot/to_snapshot: one compares rows' sightings, the other two snapshots. ${NOTHING}`,
    );
  }
  if (args.tag !== undefined) {
    throw new ToolMessageError(
      `tag is not read between snapshots (a snapshot keeps its own tag rows): pass network or host instead. ${NOTHING}`,
    );
  }
  if (args.from_snapshot === undefined) {
    throw new ToolMessageError(
      `to_snapshot needs from_snapshot (the earlier snapshot: an id, or a time meaning the newest taken at or before it). ${NOTHING}`,
    );
  }
  const ref = (name: string, text: string): SnapshotRef =>
    isUuid(text.trim()) ? { id: text.trim().toLowerCase() } : { at: instantOf(name, text) };
  return {
    from: ref('from_snapshot', args.from_snapshot),
    to: args.to_snapshot === undefined ? undefined : ref('to_snapshot', args.to_snapshot),
  };
}

const timeOf = (s: InventorySnapshot) => {
  const at = Date.parse(s.taken_at ?? '');
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
};
const compared = (s: InventorySnapshot): ComparedSnapshot => {
  const at = timeOf(s);
  return {
    id: capped(s.id, 64),
    ...(Number.isFinite(at) ? { at: new Date(at).toISOString().replace('.000Z', 'Z') } : {}),
  };
};
const listed = (list: readonly InventorySnapshot[]) =>
  list
    .slice(-3)
    .map((s) => `${compared(s).at ?? 'time not given'} (id ${idText(s.id)})`)
    .join(', ');

/**
 * The two snapshots of one network to compare, oldest first in `list` order. The network is the
 * one an id names, else `networkId`, else the only network with snapshots.
 */
export function snapshotPair(
  refs: { from: SnapshotRef; to: SnapshotRef | undefined },
  all: readonly InventorySnapshot[],
  networkId: string | undefined,
): SnapshotPair {
  const byId = (ref: SnapshotRef | undefined) => {
    if (!ref || !('id' in ref)) return undefined;
    const found = all.find((s) => s.id.toLowerCase() === ref.id);
    if (!found) {
      throw new ToolMessageError(
        `No snapshot ${ref.id} among the ${all.length} this key sees${all.length > 0 ? ` (the newest: ${listed([...all].sort((a, b) => timeOf(a) - timeOf(b)))})` : ''}: pass one of those ids, or a time. ${NOTHING}`,
      );
    }
    return found;
  };
  const named = byId(refs.from) ?? byId(refs.to);
  if (named && networkId !== undefined && named.network_id !== networkId) {
    throw new ToolMessageError(
      `Snapshot ${idText(named.id)} is of another network than the one asked: leave network out, or pass a snapshot of that network. ${NOTHING}`,
    );
  }
  const networks = [...new Set(all.map((s) => s.network_id ?? ''))];
  const network =
    named?.network_id ?? networkId ?? (networks.length === 1 ? networks[0] : undefined);
  if (all.length > 0 && network === undefined) {
    throw new ToolMessageError(
      `Snapshots of ${networks.length} networks are kept: pass network (a name or id) to say which, or snapshot ids. ${NOTHING}`,
    );
  }
  const list = all.filter((s) => s.network_id === network).sort((a, b) => timeOf(a) - timeOf(b));
  if (list.length === 0) {
    throw new ToolMessageError(
      `No snapshots are kept${networkId !== undefined ? ' of this network' : ''}, so there are none to compare. A snapshot is taken in Scanopy (a plan feature; this server only reads). Meanwhile ${INSTEAD}. ${NOTHING}`,
    );
  }
  if (list.length === 1) {
    throw new ToolMessageError(
      `One snapshot only is kept of this network (${listed(list)}): there is no second to compare it with. Take another in Scanopy (this server only reads), or use ${INSTEAD}. ${NOTHING}`,
    );
  }
  const pick = (name: string, ref: SnapshotRef | undefined) => {
    if (ref === undefined) return list.at(-1) as InventorySnapshot;
    if ('id' in ref) {
      const found = byId(ref) as InventorySnapshot;
      if (found.network_id !== network) {
        throw new ToolMessageError(
          `from_snapshot and to_snapshot are snapshots of two networks: pass two of one network (kept of this one: ${listed(list)}). ${NOTHING}`,
        );
      }
      return found;
    }
    const before = list.filter((s) => timeOf(s) <= ref.at).at(-1);
    if (!before) {
      throw new ToolMessageError(
        `${name}: no snapshot of this network was taken at or before ${shownInstant(ref.at)}; the oldest is ${listed(list.slice(0, 1))}. ${NOTHING}`,
      );
    }
    return before;
  };
  const from = pick('from_snapshot', refs.from);
  const to = pick('to_snapshot', refs.to);
  if (from.id === to.id) {
    throw new ToolMessageError(
      `from_snapshot and to_snapshot are the same snapshot (${listed([from])}): give an earlier from_snapshot. Kept: ${listed(list)}. ${NOTHING}`,
    );
  }
  if (timeOf(from) > timeOf(to)) {
    throw new ToolMessageError(
      `from_snapshot (${listed([from])}) was taken after to_snapshot (${listed([to])}): swap them. ${NOTHING}`,
    );
  }
  return { network_id: network ?? '', from: compared(from), to: compared(to) };
}
