// Issue 40 item 4: one host ceiling for kept copies plus reads in flight plus kept topology bundles; past it a caller is read page by page (a bundle read anew), and keys taking turns do not re-read.
import { afterEach, expect, it } from 'vitest';
import { createInventoryPool } from '../src/api/inventory/kept-inventory.js';
import { bundleWeight, ROWS_PER_HOST } from '../src/api/inventory/kept-links.js';
import { createTransport } from '../src/api/transport/transport.js';
import { SAMPLE_NETWORKS } from '../src/sample-api/data.js';
import { type SampleApi, startFakeApi, testApiClient } from './fake-api.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sample(
  scanopyVersion?: string,
): Promise<{ api: SampleApi; client: ReturnType<typeof testApiClient> }> {
  const api = await startFakeApi({ scanopyVersion });
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

/** On 0.17.22 (links in the topology bundle): one host copy's size and the office bundle's weight. */
async function withBundle() {
  const { client } = await sample('0.17.22');
  const hosts = (await createInventoryPool().forCaller('probe').hosts(client, options()))?.hosts
    .length;
  const bundle = await client.readTopologyLinks(SAMPLE_NETWORKS.office);
  // Enough rows that the weight is more than the floor of one host.
  expect(bundle.neighbours.length).toBeGreaterThan(ROWS_PER_HOST);
  return { client, hosts: hosts ?? 0, weight: bundleWeight(bundle) };
}
const linkOptions = () => ({ ...options(), hostsReadAt: undefined });

it('a kept topology bundle weighs in the ceiling: with no room beside a host copy it is read again', async () => {
  const { client, hosts, weight } = await withBundle();
  // Room for the host copy and not for the bundle beside it.
  const pool = createInventoryPool({ maxHosts: hosts + weight - 1 });
  const a = pool.forCaller('a');
  expect((await a.hosts(client, options()))?.kept).toBe(false);
  const first = await a.links.networks(client, [SAMPLE_NETWORKS.office], linkOptions());
  expect(first.requests).toBe(1);
  const again = await a.links.networks(client, [SAMPLE_NETWORKS.office], linkOptions());
  // Answered all the same, and not kept: the ceiling holds (kept, it sent nothing).
  expect(again.bundles).toEqual(first.bundles);
  expect(again.requests).toBe(1);
  // The host copy was not evicted for it.
  expect((await a.hosts(client, options()))?.kept).toBe(true);
  // With room for both, the bundle is kept.
  const roomy = createInventoryPool({ maxHosts: hosts + weight }).forCaller('a');
  await roomy.hosts(client, options());
  await roomy.links.networks(client, [SAMPLE_NETWORKS.office], linkOptions());
  expect(
    (await roomy.links.networks(client, [SAMPLE_NETWORKS.office], linkOptions())).requests,
  ).toBe(0);
});

it("kept bundles leave another caller's host copy no room until they age", async () => {
  const { client, hosts, weight } = await withBundle();
  const pool = createInventoryPool({ maxHosts: hosts + weight - 1 });
  await pool.forCaller('a').links.networks(client, [SAMPLE_NETWORKS.office], linkOptions());
  // A's bundle holds `weight` of the ceiling: B's copy does not fit beside it and is read page by page.
  expect(await pool.forCaller('b').hosts(client, options())).toBeUndefined();
  clock += 60_000;
  expect((await pool.forCaller('b').hosts(client, options()))?.kept).toBe(false);
});
