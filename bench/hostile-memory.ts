// Issue 19 item 6: sixteen concurrent 30 MB hostile answers; peak RSS of the server and whether every call is answered.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BenchResult, runIfMain } from './lib/result.js';
import { watchPeak } from './lib/rss.js';
import { callTool, serverEnv, startServer, textOf } from './lib/server.js';
import { mb, ms, since } from './lib/stats.js';

const CALLS = 16;
const ANSWER_BYTES = 30_000_000;
const MAX_PEAK_BYTES = 300_000_000;

/** A 30 MB envelope of many small objects: costly to parse, as a hostile or broken service sends. */
function hostileBody(): Buffer {
  const item = JSON.stringify({
    id: '00000000-0000-4000-8000-000000000000',
    name: 'x'.repeat(40),
    status: 'Running',
  });
  const count = Math.floor((ANSWER_BYTES - 40) / (item.length + 1));
  return Buffer.from(`{"success":true,"data":[${Array(count).fill(item).join(',')}]}`);
}

/** A service on 127.0.0.1 answering every discovery page with the hostile body, in 64 kB writes. */
async function startHostileApi(): Promise<{ url: URL; close(): Promise<void> }> {
  const body = hostileBody();
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

async function run(label: string, extra: Record<string, string>): Promise<BenchResult> {
  const api = await startHostileApi();
  const server = await startServer(serverEnv(api.url, extra));
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
    const busy = results.filter((r) =>
      /too large to hold right now/.test(textOf(r.result ?? { content: [] })),
    ).length;
    return {
      name: `Hostile answers (${label})`,
      figure: `peak RSS ${mb(peakBytes)}, ${answered}/${CALLS} answered`,
      target: `< ${mb(MAX_PEAK_BYTES)}, all answered`,
      pass: peakBytes < MAX_PEAK_BYTES && answered === CALLS,
      detail: `${CALLS} concurrent list_discoveries, each answered with ${mb(ANSWER_BYTES)} (chunked): ${busy} refused as too large right now, all done in ${ms(elapsed, 0)}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

export async function hostileMemoryBench(): Promise<BenchResult[]> {
  return [
    await run('budget off', { NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT: '10000000000' }),
    await run('default budget', {}),
  ];
}

await runIfMain(import.meta.url, hostileMemoryBench);
