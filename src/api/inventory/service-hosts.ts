// Which host of a kept copy runs a service, by the service's id: indexed on first use, once per copy, and let go with the copy.
import type { InventoryHost, InventoryService } from '../inventory-model.js';

/**
 * Keyed by the copy's hosts array, which every answer from one copy shares: only a question that
 * needs a service by id (a virtualized host's parent) pays for the index, once, and it is collected
 * with the copy it indexes.
 */
const indexes = new WeakMap<readonly InventoryHost[], Map<string, InventoryHost>>();

function indexOf(hosts: readonly InventoryHost[]): Map<string, InventoryHost> {
  let index = indexes.get(hosts);
  if (index) return index;
  index = new Map();
  for (const host of hosts) {
    for (const service of host.services) {
      const key = service.id?.toLowerCase();
      // A service id listed twice (a hostile or broken payload): the first host keeps it.
      if (key !== undefined && !index.has(key)) index.set(key, host);
    }
  }
  indexes.set(hosts, index);
  return index;
}

/** The service of this id in the copy and the host it runs on, or undefined when not there. */
export function serviceHostIn(
  hosts: readonly InventoryHost[],
  serviceId: string,
): { readonly host: InventoryHost; readonly service: InventoryService } | undefined {
  const key = serviceId.toLowerCase();
  const host = indexOf(hosts).get(key);
  const service = host?.services.find((s) => s.id?.toLowerCase() === key);
  return host && service ? { host, service } : undefined;
}
