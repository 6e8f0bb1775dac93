// The heap a kept topology bundle's neighbour rows take (0.17.15+): every network's bundle read in this process from a sample service, measured between two full collections.
import type { TopologyLinks } from '../../src/api/families/links.js';
import type { SampleInventory } from '../../src/sample-api/inventory-data.js';
import { benchClient, heapAfterGc } from './in-process.js';
import { startInventoryApi } from './inventory.js';

const ROUNDS = 20;

export interface RowSize {
  readonly rows: number;
  /** Rows carrying the LLDP or CDP text their evidence advertised. */
  readonly advertised: number;
  readonly bytesPerRow: number;
}

/** Heap per neighbour row once every network's bundle is parsed and held (src/api/inventory/kept-links.ts weighs them). */
export async function neighbourRowBytes(
  version: string,
  inventory: SampleInventory,
): Promise<RowSize> {
  const api = await startInventoryApi(version, inventory);
  const { client, close } = benchClient(api.url);
  try {
    const networks = await client.listNetworks();
    // One bundle read first, so the parser's schema and the client's own state are not counted.
    await client.readTopologyLinks(networks[0]?.id ?? '');
    const before = heapAfterGc();
    const held: TopologyLinks[] = [];
    // Read ROUNDS times over, each a copy of its own: enough rows that the heap's own drift
    // between two collections (a few hundred kB) is a small share of what is measured.
    for (let round = 0; round < ROUNDS; round++) {
      for (const network of networks) held.push(await client.readTopologyLinks(network.id));
    }
    const after = heapAfterGc();
    const rows = held.reduce((sum, links) => sum + links.neighbours.length, 0);
    const advertised = held.reduce(
      (sum, links) => sum + links.neighbours.filter((row) => row.advertised).length,
      0,
    );
    return { rows, advertised, bytesPerRow: rows === 0 ? 0 : (after - before) / rows };
  } finally {
    await close();
    await api.close();
  }
}
