// Which host of a kept copy runs a service, by the service's id: one pass over the copy, nothing kept beside it.
import type { InventoryHost, InventoryService } from '../inventory-model.js';

/**
 * The service of this id in the copy and the host it runs on, or undefined when not there. A pass
 * rather than an index kept with the copy: only a virtualized host's parent asks, once a question,
 * and an index of every service held ~3 MB for the copy's life at 20,000 hosts (100,000 services).
 * A service id listed twice (a hostile or broken payload): the first host keeps it.
 */
export function serviceHostIn(
  hosts: readonly InventoryHost[],
  serviceId: string,
): { readonly host: InventoryHost; readonly service: InventoryService } | undefined {
  const key = serviceId.toLowerCase();
  for (const host of hosts) {
    for (const service of host.services) {
      if (service.id?.toLowerCase() === key) return { host, service };
    }
  }
  return undefined;
}
