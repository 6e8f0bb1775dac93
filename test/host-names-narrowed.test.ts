// list_discoveries names its jobs' hosts by asking the host list for those ids only, on 0.14.13 and 0.17.22: one small read where the whole list was read, a host past the list's first 1,000 named, nothing asked twice; a service that ignores the filter or refuses it gives the same answer, and the filter is not sent to it again.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { ApiClient, Named } from '../src/api/client.js';
import { HttpError } from '../src/api/errors.js';
import { createNameDirectory } from '../src/api/name-directory.js';
import { MAX_NARROWED_IDS, MAX_NARROWED_NAMES } from '../src/api/narrowed-host-names.js';
import { sampleData } from '../src/sample-api/data.js';
import { buildInventory, type SampleInventory } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import type { RecordedRequest } from '../src/sample-api/server.js';
import { type Harness, textOf, useHarness } from './harness.js';
import { onePage } from './one-page.js';

const start = useHarness();
/** More hosts than the name list's one page holds, so the last ones are past it. */
const HOSTS = 1_200;

/**
 * 137 realistic discoveries whose SelfReport and Docker jobs scan hosts of the inventory: job i
 * the inventory's host i * 7 (so the first page of 50 spans the list), and the first such job a
 * host past the name list's first 1,000.
 */
function sample(version: string, inventory: SampleInventory) {
  const discoveries = realisticDiscoveries(137);
  let at = 0;
  for (const discovery of discoveries) {
    const type = discovery['discovery_type'] as { host_id?: string };
    if (type.host_id === undefined) continue;
    const index = at === 0 ? HOSTS - 3 : (at * 7) % 1_000;
    type.host_id = (inventory.hosts[index] as { id: string }).id;
    at++;
  }
  const data = { ...sampleData(version), discoveries };
  useInventory(data, inventory);
  return data;
}

const hostReads = (h: Harness, from = 0): RecordedRequest[] =>
  h.api.requests.slice(from).filter((r) => r.path === '/api/v1/hosts');

const hostIdsOf = (result: CallToolResult): string[] => {
  const ids: string[] = [];
  JSON.stringify(result.structuredContent, (key, value) => {
    if (key === 'host_id' && typeof value === 'string') ids.push(value);
    return value;
  });
  return [...new Set(ids)];
};

for (const version of ['0.14.13', '0.17.22']) {
  describe(`host names in list_discoveries on ${version}`, () => {
    const inventory = buildInventory({ hosts: HOSTS });
    const nameOf = new Map(inventory.hosts.map((host) => [host.id, host.name]));
    const run = async (idsFilter: 'honour' | 'ignore' | 'reject') => {
      const h = await start({ sample: { data: sample(version, inventory), idsFilter } });
      const first = await h.call('list_discoveries', { limit: 50 });
      expect(first.isError).toBeFalsy();
      return { h, first };
    };

    it('asks the host list for the page’s hosts only, in one read, and names each', async () => {
      const { h, first } = await run('honour');
      const ids = hostIdsOf(first);
      expect(ids.length).toBeGreaterThanOrEqual(20);
      const reads = hostReads(h);
      expect(reads).toHaveLength(1);
      expect(new Set(reads[0]?.query.getAll('ids'))).toEqual(new Set(ids));
      if (version === '0.17.22') expect(reads[0]?.query.get('include_children')).toBe('false');
      const text = textOf(first);
      // Every host is named, the one past the list's first 1,000 too (the whole list lacks it).
      for (const id of ids) expect(text).toContain(`"${nameOf.get(id)}"`);
      expect(ids).toContain(inventory.hosts[HOSTS - 3]?.id);
      // The same page again asks nothing; the next asks only for hosts not asked before.
      const before = h.api.requests.length;
      await h.call('list_discoveries', { limit: 50 });
      expect(hostReads(h, before)).toEqual([]);
      const next = await h.call('list_discoveries', { limit: 50, offset: 50 });
      const asked = hostReads(h, before).flatMap((r) => r.query.getAll('ids'));
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.filter((id) => ids.includes(id))).toEqual([]);
      for (const id of hostIdsOf(next)) expect(textOf(next)).toContain(`"${nameOf.get(id)}"`);
    });

    it('a service that ignores the filter: the same names from one read, kept as the whole list', async () => {
      const { h, first } = await run('ignore');
      expect(hostReads(h)).toHaveLength(1);
      const past = inventory.hosts[HOSTS - 3] as { id: string; name: string };
      // Past the whole list's first 1,000, that one host is shown by id, as without the filter.
      expect(textOf(first)).not.toContain(`"${past.name}"`);
      for (const id of hostIdsOf(first).filter((id) => id !== past.id)) {
        expect(textOf(first)).toContain(`"${nameOf.get(id)}"`);
      }
      expect(textOf(first)).not.toMatch(/hosts are shown by id/);
      // The page it answered is the whole list, kept: the next page reads no host list.
      const before = h.api.requests.length;
      await h.call('list_discoveries', { limit: 50, offset: 50 });
      expect(hostReads(h, before)).toEqual([]);
    });

    it('a service that refuses the filter (400): the whole list is read, and the filter never sent again', async () => {
      const { h, first } = await run('reject');
      const reads = hostReads(h);
      expect(reads.map((r) => r.query.has('ids'))).toEqual([true, false]);
      for (const id of hostIdsOf(first).filter((id) => id !== inventory.hosts[HOSTS - 3]?.id)) {
        expect(textOf(first)).toContain(`"${nameOf.get(id)}"`);
      }
      expect(textOf(first)).not.toMatch(/hosts are shown by id/);
    });

    it('a failing narrowed read leaves host ids in place with the list’s note', async () => {
      const h = await start({
        sample: {
          data: sample(version, inventory),
          intercept: (request, response) => {
            if (request.path !== '/api/v1/hosts') return false;
            response.writeHead(500, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ success: false, error: 'Internal server error' }));
            return true;
          },
        },
      });
      const first = await h.call('list_discoveries', { limit: 50 });
      expect(first.isError).toBeFalsy();
      expect(textOf(first)).toContain('hosts are shown by id: listing them failed (HTTP 500).');
      // The structured channel keeps every host id; no name is made up for any of them.
      expect(hostIdsOf(first).length).toBeGreaterThanOrEqual(20);
      for (const id of hostIdsOf(first)) expect(textOf(first)).not.toContain(`"${nameOf.get(id)}"`);
    });
  });
}

describe('the narrowed host names one caller keeps', () => {
  const ids = ['a1', 'b2', 'c3'].map((x) => `${x}000000-0000-4000-8000-000000000000`);
  const fake = (answer: (asked: readonly string[] | undefined) => Named[] | Error) => {
    const asked: (readonly string[] | undefined)[] = [];
    const api = {
      async listNamed(_kind: string, _signal?: AbortSignal, wanted?: readonly string[]) {
        asked.push(wanted);
        const items = answer(wanted);
        if (items instanceof Error) throw items;
        return onePage(items);
      },
    } as unknown as ApiClient;
    return { api, asked };
  };
  const signal = new AbortController().signal;

  it('asks again 10 s after a failure, and a minute after a name was read', async () => {
    let clock = 0;
    let failing = true;
    const { api, asked } = fake((wanted) =>
      failing
        ? new HttpError({ method: 'GET', path: '/api/v1/hosts' }, 500, {})
        : (wanted ?? []).map((id) => ({ id, name: `host ${id.slice(0, 2)}` })),
    );
    const directory = createNameDirectory(() => clock);
    // An id the service sent in another shape (here 10,000 characters) never goes into the query.
    const first = await directory.read(api, [], signal, [...ids, 'x'.repeat(10_000)]);
    expect(asked).toEqual([ids]);
    expect(first.notes).toEqual(['hosts are shown by id: listing them failed (HTTP 500).']);
    failing = false;
    await directory.read(api, [], signal, ids);
    expect(asked).toHaveLength(1);
    clock += 10_001;
    const named = await directory.read(api, [], signal, ids);
    expect(ids.map((id) => named.nameOf(id))).toEqual(['host a1', 'host b2', 'host c3']);
    expect(asked).toHaveLength(2);
    clock += 59_000;
    await directory.read(api, [], signal, ids);
    expect(asked).toHaveLength(2);
    clock += 2_000;
    await directory.read(api, [], signal, ids);
    expect(asked).toHaveLength(3);
  });

  it('past 100 hosts, or once the filter was ignored, reads the whole list', async () => {
    const many = Array.from(
      { length: MAX_NARROWED_IDS + 1 },
      (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
    );
    const whole = fake(() => many.map((id) => ({ id, name: 'h' })));
    await createNameDirectory(() => 0).read(whole.api, [], signal, many);
    expect(whole.asked).toEqual([undefined]);
    // A service answering hosts not asked for ignored the filter: that answer is the whole list.
    const ignoring = fake(() =>
      [...ids, 'd4000000-0000-4000-8000-000000000000'].map((id) => ({ id, name: 'h' })),
    );
    const directory = createNameDirectory(() => 0);
    await directory.read(ignoring.api, [], signal, ids.slice(0, 1));
    const later = await directory.read(ignoring.api, [], signal, [
      'd4000000-0000-4000-8000-000000000000',
    ]);
    expect(later.nameOf('d4000000-0000-4000-8000-000000000000')).toBe('h');
    expect(ignoring.asked).toEqual([ids.slice(0, 1)]);
  });

  it('remembers at most MAX_NARROWED_NAMES names a caller: the oldest is asked for again', async () => {
    const id = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
    const { api, asked } = fake((wanted) => (wanted ?? []).map((one) => ({ id: one, name: 'h' })));
    const directory = createNameDirectory(() => 0);
    const all = Array.from({ length: MAX_NARROWED_NAMES + 50 }, (_, i) => id(i));
    for (let at = 0; at < all.length; at += 50) {
      await directory.read(api, [], signal, all.slice(at, at + 50));
    }
    const reads = asked.length;
    await directory.read(api, [], signal, [id(MAX_NARROWED_NAMES + 49)]);
    expect(asked).toHaveLength(reads);
    const named = await directory.read(api, [], signal, [id(0)]);
    expect(asked.at(-1)).toEqual([id(0)]);
    expect(named.nameOf(id(0))).toBe('h');
  });
});
