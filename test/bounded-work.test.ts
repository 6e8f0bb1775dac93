// Bounded work per request: free-text arguments capped in length and words, refused before any request leaves; side lists capped in pages and stopped when the service ignores offset.
import { describe, expect, it } from 'vitest';
import { MAX_SIDE_PAGES } from '../src/api/paging.js';
import type { Intercept } from '../src/sample-api/server.js';
import { MAX_TEXT_CHARS, MAX_TEXT_WORDS } from '../src/tools/common/free-text.js';
import { JSON_TYPE, reply } from './fake-api.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

const LONG = 'a'.repeat(MAX_TEXT_CHARS + 1);
const WORDY = Array.from({ length: MAX_TEXT_WORDS + 1 }, (_, i) => `w${i}`).join(' ');

describe('free-text arguments are capped', () => {
  it.each([
    ['list_hosts', 'search', 'x '.repeat(60_000)],
    ['list_hosts', 'search', LONG],
    ['list_hosts', 'search', WORDY],
    ['list_hosts', 'network', LONG],
    ['list_hosts', 'service', WORDY],
    ['list_hosts', 'found_by', LONG],
    ['list_hosts', 'new_since', LONG],
    ['list_discoveries', 'search', LONG],
    ['list_discoveries', 'finished', WORDY],
    ['list_discoveries', 'zone', LONG],
  ])(
    '%s %s too long or too wordy is refused, and nothing is read',
    async (tool, argument, value) => {
      const h = await start();
      const before = h.api.requests.length;
      const result = await h.call(tool, { [argument]: value });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain(`at most ${MAX_TEXT_CHARS} characters and ${MAX_TEXT_WORDS} words`);
      expect(text.length).toBeLessThan(2_000);
      expect(h.api.requests.length).toBe(before);
    },
  );

  it(`a search of ${MAX_TEXT_WORDS} words within ${MAX_TEXT_CHARS} characters is read, every word tested`, async () => {
    const h = await start();
    const result = await h.call('list_hosts', { search: 'srv office srv srv srv srv srv srv' });
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});

/** A subnets route that never ends: every page full, has_more true; `echo` false ignores offset. */
function endlessSubnets(echo: boolean): Intercept {
  const items = Array.from({ length: 1000 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    cidr: `10.${i >> 8}.${i & 255}.0/24`,
    network_id: '00000000-0000-4000-8000-0000000000ff',
    name: null,
  }));
  const body = (offset: number) =>
    JSON.stringify({
      success: true,
      data: items,
      meta: { pagination: { total_count: 1e9, limit: 1000, offset, has_more: true } },
    });
  const first = body(0);
  return (req, res) => {
    if (req.path !== '/api/v1/subnets') return false;
    const offset = Number(req.query.get('offset') ?? 0);
    return reply(res, 200, echo ? body(offset) : first, JSON_TYPE);
  };
}

describe('side lists are bounded', () => {
  const subnetReads = (h: Awaited<ReturnType<typeof start>>) =>
    h.api.requests.filter((r) => r.path === '/api/v1/subnets').length;

  it('a service that ignores offset is read twice, not forever: list_hosts answers and says why subnets are missing', async () => {
    const h = await start({ sample: { intercept: endlessSubnets(false) } });
    const result = await h.call('list_hosts', { limit: 5 });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(/Subnets.*ignores offset/);
    expect(subnetReads(h)).toBe(2);
  });

  it(`a list that never ends stops at ${MAX_SIDE_PAGES} pages, and the answer says so`, async () => {
    const h = await start({ sample: { intercept: endlessSubnets(true) } });
    const result = await h.call('list_hosts', { limit: 5 });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(new RegExp(`Subnets.*at most ${MAX_SIDE_PAGES} pages`));
    expect(subnetReads(h)).toBe(MAX_SIDE_PAGES);
  });

  it('a side list counts its pages against the response cap: pages of 125 kB under a 1 MB cap stop after 8, the hosts still answer', async () => {
    const h = await start({
      sample: { intercept: endlessSubnets(true) },
      maxResponseBytes: 1_000_000,
    });
    const result = await h.call('list_hosts', { limit: 5 });
    expect(result.isError, textOf(result)).toBeFalsy();
    // Each page is ~125 kB: the eighth page takes the list past 1 MB (100 pages before).
    expect(subnetReads(h)).toBeGreaterThanOrEqual(7);
    expect(subnetReads(h)).toBeLessThanOrEqual(11);
    expect(textOf(result)).toMatch(
      /Subnets could not be listed \(its pages come to more than 1000000 bytes/,
    );
    expect(result.structuredContent).toMatchObject({ summary: 'Hosts 1-5 of 240.' });
  });
});
