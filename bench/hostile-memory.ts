// Issue 19 item 6: sixteen concurrent 30 MB hostile answers; peak RSS of the server and whether every call is answered.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { realisticHosts } from './lib/realistic-hosts.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { watchPeak } from './lib/rss.js';
import { callTool, serverEnv, startServer, textOf } from './lib/server.js';
import { mb, ms, since } from './lib/stats.js';

const CALLS = 16;
const ANSWER_BYTES = 30_000_000;
const MAX_PEAK_BYTES = 300_000_000;
/** config.ts: NETWORK_DISCOVERY_MAX_RESPONSE_BYTES' default. */
const DEFAULT_MAX_RESPONSE_BYTES = 24_000_000;

type Shape = 'small objects' | 'large strings';

/**
 * An envelope of `bytes`: ~400,000 small objects (costly to parse, as a hostile or broken service
 * sends), or thirty 1 MB string fields (cheap to parse, long to sanitize).
 */
function hostileBody(bytes: number, shape: Shape): Buffer {
  const item = JSON.stringify({
    id: '00000000-0000-4000-8000-000000000000',
    name: 'x'.repeat(shape === 'small objects' ? 40 : 1_000_000),
    status: 'Running',
  });
  const count = Math.floor((bytes - 40) / (item.length + 1));
  return Buffer.from(`{"success":true,"data":[${Array(count).fill(item).join(',')}]}`);
}

/** A service on 127.0.0.1 answering every list (discoveries and names) with the body, in 64 kB writes. */
async function startHostileApi(body: Buffer): Promise<{ url: URL; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/version')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: true, data: { api_version: 1, server_version: '0.14.13' } }),
      );
      return;
    }
    // Chunked, no Content-Length: the size cap cannot refuse it up front.
    res.writeHead(200, { 'content-type': 'application/json' });
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const more = res.write(body.subarray(at, at + 65_536));
        at += 65_536;
        if (!more) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Run {
  readonly label: string;
  readonly env: Record<string, string>;
  readonly bytes: number;
  readonly shape: Shape;
}

async function run({ label, env, bytes, shape }: Run): Promise<BenchResult> {
  const api = await startHostileApi(hostileBody(bytes, shape));
  const server = await startServer(serverEnv(api.url, env));
  try {
    const peak = watchPeak(server.pid);
    const start = process.hrtime.bigint();
    const results = await Promise.all(
      Array.from({ length: CALLS }, () =>
        callTool(server, 'list_discoveries', { limit: 50 }).then(
          (result) => ({ answered: true, result }),
          () => ({ answered: false, result: undefined }),
        ),
      ),
    );
    const elapsed = since(start);
    const peakBytes = peak.stop();
    const answered = results.filter((r) => r.answered).length;
    const count = (pattern: RegExp) =>
      results.filter((r) => pattern.test(textOf(r.result ?? { content: [] }))).length;
    const busy = count(/too large to hold right now/);
    const tooLarge = count(/was larger than .* MB and was not read/);
    return {
      name: `Hostile answers (${label})`,
      figure: `peak RSS ${mb(peakBytes)}, ${answered}/${CALLS} answered`,
      target: `< ${mb(MAX_PEAK_BYTES)}, all answered`,
      pass: peakBytes < MAX_PEAK_BYTES && answered === CALLS,
      detail: `${CALLS} concurrent list_discoveries, every list answered with ${mb(bytes)} of ${shape} (chunked): ${tooLarge} refused as too large, ${busy} as too large right now, all done in ${ms(elapsed, 0)}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

/** What legitimate answers weigh, against which the default cap is chosen. */
function legitSizes(): BenchResult {
  const envelope = (data: unknown[]) => Buffer.byteLength(JSON.stringify({ success: true, data }));
  const discoveries = envelope(realisticDiscoveries(1_000));
  // The name directory asks for one page of 1,000 hosts (the service caps pages at 1,000).
  const hostPage = envelope(realisticHosts(1_000));
  const allHosts = envelope(realisticHosts(20_000));
  return {
    name: 'Legitimate answers',
    figure: `largest page ${mb(Math.max(discoveries, hostPage))}`,
    target: `< ${mb(DEFAULT_MAX_RESPONSE_BYTES)} (the default cap)`,
    pass: Math.max(discoveries, hostPage) < DEFAULT_MAX_RESPONSE_BYTES,
    detail: `1,000 realistic discoveries ${mb(discoveries)}; a page of 1,000 hosts with their children ${mb(hostPage)}; all 20,000 hosts in one answer (never asked for) ${mb(allHosts)}`,
  };
}

export async function hostileMemoryBench(): Promise<BenchResult[]> {
  const budgetOff = { NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT: '10000000000' };
  const capRaised = { NETWORK_DISCOVERY_MAX_RESPONSE_BYTES: '32000000' };
  const small: Shape = 'small objects';
  return [
    legitSizes(),
    await run({ label: 'defaults', env: {}, bytes: ANSWER_BYTES, shape: small }),
    await run({ label: 'defaults', env: {}, bytes: ANSWER_BYTES, shape: 'large strings' }),
    // Below the cap nothing is refused up front: the worst the defaults let through.
    await run({
      label: 'defaults, just under the cap',
      env: {},
      bytes: DEFAULT_MAX_RESPONSE_BYTES - 100_000,
      shape: small,
    }),
    // Before this change the cap was 32 MB: 30 MB answers were read and parsed whole.
    await run({ label: 'cap 32 MB', env: capRaised, bytes: ANSWER_BYTES, shape: small }),
    await run({
      label: 'cap 32 MB, budget off',
      env: { ...capRaised, ...budgetOff },
      bytes: ANSWER_BYTES,
      shape: small,
    }),
  ];
}

await runIfMain(import.meta.url, hostileMemoryBench);
