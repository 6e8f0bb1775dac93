// The heap one caller's kept host copy takes: read in this process from a sample service, measured between two full collections.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createApiClient } from '../../src/api/client.js';
import { createInventoryPool } from '../../src/api/inventory/kept-inventory.js';
import { createTransport } from '../../src/api/transport/transport.js';
import { createRedactor } from '../../src/safety/redact.js';
import type { SampleInventory } from '../../src/sample-api/inventory-data.js';
import { startInventoryApi } from './inventory.js';
import { API_KEY } from './server.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Bytes of heap the copy holds once read (the sample's own data is allocated before the first reading). */
export async function copyBytes(version: string, inventory: SampleInventory): Promise<number> {
  const api = await startInventoryApi(version, inventory);
  const sender = createTransport({ timeoutMs: 60_000, maxResponseBytes: 24_000_000 });
  try {
    const client = createApiClient({
      baseUrl: api.url,
      apiKey: API_KEY,
      userAgent: 'bench',
      sender,
      redactor: createRedactor(),
    });
    await client.inventoryProfile();
    const kept = createInventoryPool().forCaller('bench');
    const before = heapAfterGc();
    const copy = await kept.hosts(client, { signal: new AbortController().signal, now: Date.now });
    const after = heapAfterGc();
    if (!copy) throw new Error('the copy was not kept');
    return after - before;
  } finally {
    await sender.close();
    await api.close();
  }
}
