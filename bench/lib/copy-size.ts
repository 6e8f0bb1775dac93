// The heap one caller's kept host copy takes: read in this process from a sample service, measured between two full collections.

import { createInventoryPool } from '../../src/api/inventory/kept-inventory.js';
import type { SampleInventory } from '../../src/sample-api/inventory-data.js';
import { benchClient, heapAfterGc } from './in-process.js';
import { startInventoryApi } from './inventory.js';

/** Bytes of heap the copy holds once read (the sample's own data is allocated before the first reading). */
export async function copyBytes(version: string, inventory: SampleInventory): Promise<number> {
  const api = await startInventoryApi(version, inventory);
  const { client, close } = benchClient(api.url);
  try {
    await client.inventoryProfile();
    const kept = createInventoryPool().forCaller('bench');
    const before = heapAfterGc();
    const copy = await kept.hosts(client, { signal: new AbortController().signal, now: Date.now });
    const after = heapAfterGc();
    if (!copy) throw new Error('the copy was not kept');
    return after - before;
  } finally {
    await close();
    await api.close();
  }
}
