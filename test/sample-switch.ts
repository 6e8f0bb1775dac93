// The large-host tests share this: a sample of one version whose one picked host is changed (thousands of interfaces, ports) before the routes serve it.
import { type SampleData, sampleData } from '../src/sample-api/data.js';
import { buildInventory, type SampleHost } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';

/** Scanopy `version`'s sample with `pick`'s host changed by `change`; the routes serve the result. */
export function sampleWithHost(
  version: string,
  pick: (hosts: readonly SampleHost[]) => SampleHost,
  change: (host: SampleHost) => void,
): { data: SampleData; host: SampleHost; position: number; total: number } {
  const data = sampleData(version);
  const inventory = buildInventory();
  const host = pick(inventory.hosts);
  change(host);
  useInventory(data, inventory);
  return { data, host, position: inventory.hosts.indexOf(host), total: inventory.hosts.length };
}
