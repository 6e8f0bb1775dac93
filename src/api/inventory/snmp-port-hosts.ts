// Which hosts of a kept copy hold some SNMP interfaces, by the interfaces' ids: one pass over the copy, nothing kept.
import type { InventoryHost, InventorySnmpInterface } from '../inventory-model.js';

/** A port of the copy and the host it is on. */
export interface KeptPort {
  readonly host: InventoryHost;
  readonly port: InventorySnmpInterface;
}

/**
 * The SNMP interfaces of these ids found in the copy, with their hosts, keyed by lower-case id.
 * A pass rather than an index kept beside the copy: a question asks for a switch's few far ports,
 * and an index of every port would hold megabytes at 20,000 hosts for them.
 */
export function keptPortsOf(
  hosts: readonly InventoryHost[],
  interfaceIds: readonly string[],
): Map<string, KeptPort> {
  const wanted = new Set(interfaceIds.map((id) => id.toLowerCase()));
  const found = new Map<string, KeptPort>();
  if (wanted.size === 0) return found;
  for (const host of hosts) {
    for (const port of host.snmp_interfaces) {
      const key = port.id?.toLowerCase();
      // An interface id listed twice (a hostile or broken payload): the first host keeps it.
      if (key === undefined || !wanted.has(key) || found.has(key)) continue;
      found.set(key, { host, port });
      if (found.size === wanted.size) return found;
    }
  }
  return found;
}
