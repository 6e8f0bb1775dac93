// counts_only's tallies over the matching hosts: by network, service, port, OS family and subnet, without SNMP credential, new / not seen since.

import { isGoneSince, isNewSince } from '../../api/changes/since.js';
import type { InventoryProfile } from '../../api/families/inventory.js';
import { type CredentialScope, hasSnmpCredential } from '../../api/inventory-facts.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import { type HostFilters, hostMatches } from './host-filters.js';

/** Counts by a key; Maps, so no name a host carries can touch an object's prototype. */
export type Counts = Map<string, number>;

export interface HostTally {
  /** Every host read: the base for new_since / not_seen_since (all other filters met). */
  consider(host: InventoryHost): void;
  /** Every host that met all the filters. */
  add(host: InventoryHost): void;
  readonly byNetwork: Counts;
  readonly byService: Counts;
  readonly byPort: Counts;
  readonly byOs: Counts;
  readonly bySubnet: Counts;
  readonly withoutSnmp: { count: number };
  /** Of the hosts meeting every other filter: how many are new since, not seen since, the dates given. */
  readonly dated: { newSince?: number; notSeenSince?: number };
}

const bump = (counts: Counts, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Counts each distinct key of a host's children once (undefined: not counted). A host has a handful of children,
 * so an earlier-duplicate scan beats a Set built per host (every host of a kept copy is counted).
 */
function bumpEach<T>(
  counts: Counts,
  children: readonly T[],
  keyOf: (child: T) => string | undefined,
) {
  const seen: string[] = [];
  for (const child of children) {
    const key = keyOf(child);
    if (key === undefined || seen.includes(key)) continue;
    seen.push(key);
    bump(counts, key);
  }
}

export function createHostTally(
  filters: HostFilters,
  profile: InventoryProfile,
  scope: CredentialScope,
): HostTally {
  const { new_since: since, not_seen_since: unseen, ...others } = filters;
  const dated: HostTally['dated'] = {
    ...(since === undefined ? {} : { newSince: 0 }),
    ...(unseen === undefined ? {} : { notSeenSince: 0 }),
  };
  const tally: HostTally = {
    byNetwork: new Map(),
    byService: new Map(),
    byPort: new Map(),
    byOs: new Map(),
    bySubnet: new Map(),
    withoutSnmp: { count: 0 },
    dated,
    consider(host) {
      if (since === undefined && unseen === undefined) return;
      if (!hostMatches(host, others, profile, scope).ok) return;
      if (since !== undefined && isNewSince(host, since)) {
        dated.newSince = (dated.newSince ?? 0) + 1;
      }
      if (unseen !== undefined && isGoneSince(host, unseen)) {
        dated.notSeenSince = (dated.notSeenSince ?? 0) + 1;
      }
    },
    add(host) {
      bump(tally.byNetwork, host.network_id ?? '');
      bumpEach(tally.byService, host.services, (s) => s.name);
      bumpEach(tally.byPort, host.ports, (p) => `${p.number}/${p.protocol}`);
      if (host.os_family !== undefined) bump(tally.byOs, host.os_family);
      bumpEach(tally.bySubnet, host.addresses, (a) => a.subnet_id || undefined);
      if (!hasSnmpCredential(host, scope)) tally.withoutSnmp.count++;
    },
  };
  return tally;
}
