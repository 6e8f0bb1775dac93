// How big service answers are held: only the page asked for is read, bodies survive being held in blocks, refusals say what to do.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpSender } from '../src/api/transport/http.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { discoveriesOf, textOf, useHarness } from './harness.js';
import { serveLocally } from './local-service.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A service on 127.0.0.1 whose every answer but /api/version is written by `answer`. */
function serviceAnswering(answer: (res: ServerResponse) => void): Promise<URL> {
  return serveLocally((req, res) => {
    if (req.url?.startsWith('/api/version')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"data":{"api_version":1,"server_version":"0.14.13"}}');
      return;
    }
    answer(res);
  }, cleanups);
}

/** One GET of the service's answer straight through the transport, as the request core sends it. */
async function readOnce(baseUrl: URL) {
  const sender = createHttpSender({ timeoutMs: 10_000, maxResponseBytes: 10_000_000 });
  cleanups.push(() => sender.close());
  return sender.send({
    endpoint: { method: 'GET', path: '/api/v1/discovery' },
    url: new URL('/api/v1/discovery', baseUrl),
    headers: {},
  });
}

describe('a service that ignores the limit', () => {
  const start = useHarness();

  it('sends 3,000 discoveries for limit 5: the 5 asked for are shown, the rest is the next page', async () => {
    const all = realisticDiscoveries(3_000);
    const baseUrl = await serviceAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: all }));
    });
    const h = await start({ baseUrl });
    const result = await h.call('list_discoveries', { limit: 5 });
    expect(result.isError, textOf(result)).toBeFalsy();
    // Items come grouped by network and daemon: the same five, maybe in another order.
    const shown = discoveriesOf(result);
    expect(shown.map((d) => d.id).sort()).toEqual(
      all
        .slice(0, 5)
        .map((d) => String(d['id']))
        .sort(),
    );
    expect(textOf(result)).toMatch(/offset 5\b/);
    expect(textOf(result)).not.toMatch(/could not be read/);
  });
});

describe('a body held in blocks as it arrives', () => {
  it('multi-byte characters split across chunks and blocks come back whole', async () => {
    // ~3 MB of 2-, 3- and 4-byte characters, written in pieces that cut through them.
    const text = `{"pad":"${'aé€😀'.repeat(300_000)}"}`;
    const body = Buffer.from(text);
    const baseUrl = await serviceAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let at = 0; at < body.length; at += 7_777) res.write(body.subarray(at, at + 7_777));
      res.end();
    });
    const response = await readOnce(baseUrl);
    expect(response.text.length).toBe(text.length);
    expect(response.text === text).toBe(true);
  });

  it.each([
    ['with its length declared', true],
    ['chunked', false],
  ])(
    'a large body %s comes back whole, and a declared one is never copied twice',
    async (_, declared) => {
      const text = `{"pad":"${'aé€😀'.repeat(100_000)}"}`;
      const body = Buffer.from(text);
      const baseUrl = await serviceAnswering((res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(body.length) } : {}),
        });
        for (let at = 0; at < body.length; at += 7_777) res.write(body.subarray(at, at + 7_777));
        res.end();
      });
      // Each block's bytes gathered into one buffer at the end held the body twice (a 6.9 MB
      // topology bundle at 20,000 hosts): a declared length is one block of that size from the start.
      const concat = vi.spyOn(Buffer, 'concat');
      const response = await readOnce(baseUrl);
      const gathered = concat.mock.calls.filter(([, size]) => size === body.length).length;
      concat.mockRestore();
      expect(response.bytes?.equals(body)).toBe(true);
      expect(response.text === text).toBe(true);
      expect(gathered).toBe(declared ? 0 : 1);
    },
  );
});

describe('a large body frees the socket reads it was copied from', () => {
  it.each([
    [3_500_000, 3],
    [60_000, 0],
  ])(
    'a body of %i bytes brings %i young-generation collections, one a megabyte',
    async (size, collections) => {
      // Each socket read is an allocation only a collection frees, and reading a body brings none on:
      // a 7 MB bundle left ~13 MB of reads waiting beside its bytes (bench/body-read.ts).
      const gc = vi.fn();
      vi.stubGlobal('gc', gc);
      const body = Buffer.alloc(size, 0x61);
      body.write('{"success":true,"data":"', 0);
      body.write('"}', size - 2);
      const baseUrl = await serviceAnswering((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let at = 0; at < body.length; at += 65_536) res.write(body.subarray(at, at + 65_536));
        res.end();
      });
      const response = await readOnce(baseUrl);
      expect(response.text.length).toBe(size);
      expect(gc).toHaveBeenCalledTimes(collections);
      for (const call of gc.mock.calls) expect(call).toEqual([{ type: 'minor' }]);
    },
  );

  it("collects without giving the server's own global a gc function", async () => {
    const size = 2_200_000;
    const body = Buffer.alloc(size, 0x61);
    body.write('{"success":true,"data":"', 0);
    body.write('"}', size - 2);
    const baseUrl = await serviceAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(size) });
      res.end(body);
    });
    const response = await readOnce(baseUrl);
    expect(response.bytes?.equals(body)).toBe(true);
    expect('gc' in globalThis).toBe(false);
  });
});

describe('an answer over the size cap', () => {
  const start = useHarness();

  it('is refused saying how to ask for less and which setting raises the cap', async () => {
    const baseUrl = await serviceAnswering((res) => {
      // Chunked, no Content-Length: refused once the cap is crossed, not up front.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: realisticDiscoveries(200) }));
    });
    const h = await start({ baseUrl, maxResponseBytes: 50_000 });
    const result = await h.call('list_discoveries', { limit: 200 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /larger than 0\.1 MB and was not read.*smaller limit.*NETWORK_DISCOVERY_MAX_RESPONSE_BYTES/,
    );
  });
});
