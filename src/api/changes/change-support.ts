// What each Scanopy version can tell of changes, kind by kind, and what would tell the rest: said in both channels instead of an empty list.
import type { InventoryProfile } from '../families/inventory.js';
import type { LinksProfile } from '../families/links.js';

import type { ChangeKind } from './change-kinds.js';

export { CHANGE_KINDS, type ChangeKind } from './change-kinds.js';

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

/**
 * What a version can tell of link changes. Before 0.17.15 a neighbour is a field of its interface
 * row with no time at all. From 0.17.15 each neighbour row carries `neighbor_seen_at`, when a scan
 * last carried its evidence, so links gone can be told; the topology data sends no first sighting
 * (the row's created_at and first_discovery_id stay in the database), so links that appeared
 * cannot. `whole` when nothing can be told, `appeared` for the half that cannot.
 */
export function linkChangeSupport(
  profile: LinksProfile,
  version: string | undefined,
): { readonly whole?: UnknownKind; readonly appeared?: UnknownKind } {
  const on = `Scanopy ${version ?? 'before 0.17.15'}`;
  if (!profile.seenAt) {
    return {
      whole: {
        kind: 'links',
        why: `${on} keeps no link sightings (a neighbour is a field of its interface row, with no time): links that appeared or went away are not known on this version`,
        would_tell:
          'Scanopy 0.17.15 or later (it keeps when each link was last seen, which tells links gone); meanwhile Scanopy\u2019s topology view shows the links as they are now',
      },
    };
  }
  return {
    appeared: {
      kind: 'links',
      why: `${on} sends when a link was last seen (neighbor_seen_at), not when it was first seen: links that appeared are not known (links gone are counted)`,
      would_tell:
        'a Scanopy whose topology data sends each link\u2019s first sighting (0.17.15-0.17.22 keep it on the link row but do not send it); meanwhile Scanopy\u2019s topology view shows the links as they are now',
    },
  };
}
