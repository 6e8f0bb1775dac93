// Topology snapshots (0.17.0+) beside the changes: how many the service keeps and the newest two, or why there are none; reused per caller for a minute like the side lists.
import { keepsSnapshots } from '../../api/changes/change-support.js';
import { CancelledError, HttpError } from '../../api/errors.js';
import type { InventoryProfile } from '../../api/families/inventory.js';
import type { InventorySnapshot } from '../../api/families/snapshots.js';
import { capped, idText } from '../../views/hosts/host-item.js';
import type { ToolContext } from '../define-tool.js';

export interface SnapshotsAnswer {
  readonly count?: number;
  readonly newest?: { id: string; at?: string }[];
  readonly note: string;
}

const ROWS_SAY =
  'The changes here come from each row\u2019s own sightings; this server only reads and never takes a snapshot.';

/** A snapshot's time as an ISO instant, or nothing when the service's text is not one. */
function instantOf(text: string | undefined): { at?: string } {
  const at = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isNaN(at) ? {} : { at: new Date(at).toISOString().replace('.000Z', 'Z') };
}

/** The snapshots as the answer says them: none, or how many and the newest two. */
function said(snapshots: readonly InventorySnapshot[], total: number): SnapshotsAnswer {
  if (total === 0) {
    return {
      count: 0,
      note: `Snapshots: none taken here, so Scanopy has none to compare (a snapshot is taken in Scanopy, a plan feature). ${ROWS_SAY}`,
    };
  }
  const newest = [...snapshots]
    .sort((a, b) => Date.parse(b.taken_at ?? '') - Date.parse(a.taken_at ?? ''))
    .slice(0, 2)
    .map((s) => ({ id: capped(s.id, 64), ...instantOf(s.taken_at) }));
  const shown = newest.map((s) => `${s.at ?? 'time not given'} (id ${idText(s.id)})`).join(', ');
  return {
    count: total,
    newest,
    note: `Snapshots: ${total} kept, newest ${shown}; from_snapshot (an id or a time) compares two of them, rows matched by lineage_id. ${ROWS_SAY}`,
  };
}

/** Undefined before 0.17 (no snapshots there); otherwise what the service says of them. */
export async function snapshotsOf(
  profile: InventoryProfile,
  networkId: string | undefined,
  context: ToolContext,
): Promise<SnapshotsAnswer | undefined> {
  if (!keepsSnapshots(profile)) return undefined;
  try {
    const page = await context.names.reuse('changes:snapshots', () =>
      context.api.listSnapshots(context.signal),
    );
    if (networkId === undefined) return said(page.items, page.pagination.total_count);
    const mine = page.items.filter((s) => s.network_id === networkId);
    return said(mine, mine.length);
  } catch (error) {
    if (context.signal.aborted || error instanceof CancelledError) throw error;
    if (error instanceof HttpError && error.status === 402) {
      return {
        note: `Snapshots: the service's plan does not include them (402), so there are none to compare. ${ROWS_SAY}`,
      };
    }
    const why = error instanceof HttpError ? ` (HTTP ${error.status})` : '';
    return { note: `Snapshots could not be listed${why}. ${ROWS_SAY}` };
  }
}
