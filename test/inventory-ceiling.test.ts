// Issue 40 item 4: one host ceiling for kept copies plus reads in flight; past it a caller is read page by page, and keys taking turns do not re-read.
import { afterEach, expect, it } from 'vitest';
import { createInventoryPool } from '../src/api/inventory/kept-inventory.js';
import { createTransport } from '../src/api/transport/transport.js';
import { type SampleApi, startFakeApi, testApiClient } from './fake-api.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sample(): Promise<{ api: SampleApi; client: ReturnType<typeof testApiClient> }> {
  const api = await startFakeApi({});
  cleanups.push(() => api.close());
  const sender = createTransport({ timeoutMs: 5_000, maxResponseBytes: 24_000_000 });
  cleanups.push(() => sender.close());
  const client = testApiClient(api.url, sender);
  return { api, client };
}

let clock = 1_000_000;
const options = () => ({ signal: new AbortController().signal, now: () => clock });

it('eight keys taking turns keep their copies: the second round sends the probe alone', async () => {
  const { client } = await sample();
  const pool = createInventoryPool();
  const keys = Array.from({ length: 8 }, (_, i) => `key ${i}`);
  for (const key of keys) {
    const first = await pool.forCaller(key).hosts(client, options());
    expect(first?.kept).toBe(false);
  }
  for (const key of keys) {
    const again = await pool.forCaller(key).hosts(client, options());
    // Four copies were kept before: the fifth key evicted the first, and so on round after round.
    expect(again?.kept, key).toBe(true);
    expect(again?.requests).toBe(1);
  }
});

it('past the ceiling a caller is read page by page; fresh copies stay, an aged one makes room', async () => {
  const { client } = await sample();
  const one = await createInventoryPool().forCaller('probe').hosts(client, options());
  const hosts = one?.hosts.length ?? 0;
  expect(hosts).toBeGreaterThan(0);
  // Room for two copies, not three.
  const pool = createInventoryPool({ maxHosts: 2 * hosts + hosts / 2 });
  expect((await pool.forCaller('a').hosts(client, options()))?.kept).toBe(false);
  expect((await pool.forCaller('b').hosts(client, options()))?.kept).toBe(false);
  expect(await pool.forCaller('c').hosts(client, options())).toBeUndefined();
  // A and B were not evicted for C.
  expect((await pool.forCaller('a').hosts(client, options()))?.kept).toBe(true);
  expect((await pool.forCaller('b').hosts(client, options()))?.kept).toBe(true);
  // A minute on, the aged copies would be read again anyway: they make room for C.
  clock += 60_000;
  expect((await pool.forCaller('c').hosts(client, options()))?.kept).toBe(false);
});
