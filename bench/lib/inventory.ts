// The bench's inventories: the demo's hosts scaled to 300, and 20,000 hosts with 100,000 ports (5 a host), served by the sample API.
import { sampleData } from '../../src/sample-api/data.js';
import { buildInventory, type SampleInventory } from '../../src/sample-api/inventory-data.js';
import { useInventory } from '../../src/sample-api/inventory-routes.js';
import { type SampleApi, startSampleApi } from '../../src/sample-api/server.js';
import { API_KEY } from './server.js';

/** `hosts` hosts on the demo's three networks, `portsPerHost` open ports each (services bound to some). */
export function generateInventory(hosts: number, portsPerHost?: number): SampleInventory {
  return buildInventory({ hosts, ...(portsPerHost === undefined ? {} : { portsPerHost }) });
}

/** Scanopy's quota for a user: 300 requests a minute, a burst of 150. */
export const SCANOPY_QUOTA = { perMinute: 300, burst: 150 } as const;

/** The sample API playing `version`, serving `inventory`, enforcing `rateLimit` when given. */
export async function startInventoryApi(
  version: string,
  inventory: SampleInventory,
  rateLimit?: { readonly perMinute: number; readonly burst: number },
): Promise<SampleApi> {
  const data = sampleData(version);
  useInventory(data, inventory);
  return startSampleApi({ apiKey: API_KEY, data, ...(rateLimit ? { rateLimit } : {}) });
}
