// Facts about a host that take more than one field: the SNMP credentials that apply to it, when it was last seen.
import type { InventoryHost } from './inventory-model.js';

/** What the tests need beyond the host: which credentials are SNMP ones, and what networks pass on. */
export interface CredentialScope {
  /** SNMP credential ids; undefined when they could not be listed (every credential then counts). */
  readonly snmpIds: ReadonlySet<string> | undefined;
  /** Credentials each network (site) gives all its hosts. */
  readonly byNetwork: ReadonlyMap<string, readonly string[]>;
}

export interface HostCredential {
  readonly id: string;
  readonly from: 'host' | 'network';
}

/** Whether a credential id counts as SNMP: every one does when the SNMP list could not be read. */
const isSnmpIn = (scope: CredentialScope, id: string) =>
  scope.snmpIds === undefined || scope.snmpIds.has(id);

/** The credentials a host's network gives all its hosts, of any type. */
const networkCredentials = (host: InventoryHost, scope: CredentialScope) =>
  scope.byNetwork.get(host.network_id ?? '') ?? [];

/** The SNMP credentials that apply to a host: its own, then its network's. */
export function snmpCredentialsOf(host: InventoryHost, scope: CredentialScope): HostCredential[] {
  const isSnmp = (id: string) => isSnmpIn(scope, id);
  const own = host.credential_ids.filter(isSnmp).map((id) => ({ id, from: 'host' as const }));
  const inherited = networkCredentials(host, scope)
    .filter((id) => isSnmp(id) && !host.credential_ids.includes(id))
    .map((id) => ({ id, from: 'network' as const }));
  return [...own, ...inherited];
}

/**
 * Whether the host has an SNMP credential (`id` when given), its own or its network's: the test
 * snmpCredentialsOf answers, without building the list (run on every host of a kept copy).
 */
export function hasSnmpCredential(host: InventoryHost, scope: CredentialScope, id?: string) {
  const counts = (candidate: string) =>
    (id === undefined || candidate === id) && isSnmpIn(scope, candidate);
  return host.credential_ids.some(counts) || networkCredentials(host, scope).some(counts);
}

/** When a discovery last saw the host: 0.17's last_seen_at, else its newest dated entry, else its last update. */
export function lastSeenOf(host: InventoryHost): string | undefined {
  if (host.last_seen_at) return host.last_seen_at;
  let newest: string | undefined;
  for (const sighting of host.sightings) {
    if (newest === undefined || sighting.date > newest) newest = sighting.date;
  }
  return newest ?? host.updated_at;
}
