// A first host read that outlasts a question's patience: the question says the read goes on (never a timeout), the read is not aborted, and the same question asked again is answered from the copy it left.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../src/api/client.js';
import type { HostQuery } from '../src/api/families/inventory.js';
import { createInventoryPool, StillReadingError } from '../src/api/inventory/kept-inventory.js';
import { emptyHost, type InventoryHost } from '../src/api/inventory-model.js';
import type { Page } from '../src/api/request.js';

const TOTAL = 1_000;
const PAGE_MS = 40;

const host = (n: number): InventoryHost => emptyHost(`host-${n}`, `host-${n}`);

/** A host list served a page at a time, each page after PAGE_MS; every request counted and its signal kept. */
function slowHosts() {
  const asked: { query: HostQuery; signal: AbortSignal | undefined }[] = [];
  const listHosts = async (
    query: HostQuery,
    signal?: AbortSignal,
  ): Promise<Page<InventoryHost>> => {
    asked.push({ query, signal });
    await new Promise((resolve) => setTimeout(resolve, PAGE_MS));
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 250;
    const items = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) =>
      host(offset + i),
    );
    return {
      items,
      skipped: 0,
      pagination: { total_count: TOTAL, limit, offset, has_more: offset + items.length < TOTAL },
    };
  };
  return { api: { listHosts } as unknown as ApiClient, asked };
}

describe('a question out of patience with a first host read', () => {
  it('says the read goes on, leaves it running, and the next question is answered from its copy', async () => {
    const { api, asked } = slowHosts();
    const kept = createInventoryPool().forCaller('operator');
    const question = () => ({ signal: new AbortController().signal, now: Date.now });
    const first = kept.hosts(api, { ...question(), patienceMs: PAGE_MS * 2 });
    await expect(first).rejects.toBeInstanceOf(StillReadingError);
    const error = (await first.catch((e: unknown) => e)) as StillReadingError;
    // How far the read got depends on the machine: none of it, or some pages of the 1,000.
    expect(error.message).toMatch(
      /^Still reading the host list: [\d,]+ of (1,000|all) hosts after \d+ s .* ask the same question again/,
    );
    // The read goes on with no one waiting: it keeps its copy, every page asked, none aborted.
    for (let waited = 0; !kept.holds(Date.now()) && waited < 10_000; waited += PAGE_MS) {
      await new Promise((resolve) => setTimeout(resolve, PAGE_MS));
    }
    const pages = asked.filter((a) => a.query.limit === 250);
    expect(pages.map((a) => a.query.offset)).toEqual([0, 250, 500, 750]);
    expect(asked.some((a) => a.signal?.aborted)).toBe(false);
    // The same question again: the copy, checked by the probe alone.
    const before = asked.length;
    const again = await kept.hosts(api, { ...question(), patienceMs: PAGE_MS * 2 });
    expect(again?.kept).toBe(true);
    expect(again?.hosts).toHaveLength(TOTAL);
    expect(asked.slice(before).map((a) => a.query.limit)).toEqual([1]);
  });

  it('waits as long as the read takes when no patience is given', async () => {
    const { api } = slowHosts();
    const kept = createInventoryPool().forCaller('operator');
    const copy = await kept.hosts(api, { signal: new AbortController().signal, now: Date.now });
    expect(copy?.hosts).toHaveLength(TOTAL);
    expect(copy?.kept).toBe(false);
  });
});
