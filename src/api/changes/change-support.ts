// What each Scanopy version can tell of changes, kind by kind, and what would tell the rest: said in both channels instead of an empty list.
import type { InventoryProfile } from '../families/inventory.js';

/** The kinds of change the change report covers. */
export const CHANGE_KINDS = ['hosts', 'ports', 'services', 'links'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A kind this version (or this build) cannot tell: why, and what would tell it. */
export interface UnknownKind {
  readonly kind: ChangeKind;
  readonly why: string;
  readonly would_tell: string;
}

/**
 * The row kinds (ports, services) the version cannot tell. Hosts are known on every version:
 * created_at, and last seen (0.14-0.16 dated entries of source.metadata, 0.17 last_seen_at).
 * Ports and services carry their own last_seen_at (and discovery ids) from 0.17.0 on; before,
 * a port or service row keeps no sighting after its creation, so a closed one cannot be told
 * from one still open, nor a new one on a host from one the host always had.
 */
export function unknownRowKinds(
  profile: InventoryProfile,
  version: string | undefined,
): UnknownKind[] {
  if (profile.childDiscoveryIds) return [];
  const on = `Scanopy ${version ?? 'before 0.17'}`;
  const wouldTell =
    'Scanopy 0.17.0 or later (it keeps each row\u2019s last_seen_at and discovery ids)';
  return [
    {
      kind: 'ports',
      why: `${on} keeps no per-port sightings: ports opened or closed are not known on this version`,
      would_tell: wouldTell,
    },
    {
      kind: 'services',
      why: `${on} keeps no per-service sightings: services that appeared or disappeared are not known on this version`,
      would_tell: wouldTell,
    },
  ];
}

/** Whether the version keeps topology snapshots (GET /api/v1/snapshots, 0.17.0+). */
export const keepsSnapshots = (profile: InventoryProfile) => profile.childDiscoveryIds;
