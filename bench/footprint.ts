// Target 8: resident memory right after start-up and one call, and the peak over 1,000 list calls of 50 items, beside SDK v1 and v2 floors that echo and that make the same GET.
import { startApiProcess } from './lib/api-process.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { rssOf, watchPeak } from './lib/rss.js';
import { sdkFloorEntry } from './lib/sdk-floor.js';
import { callTool, type StdioServer, serverEnv, startServer } from './lib/server.js';
import { loadAverage, mb } from './lib/stats.js';

const MAX_AFTER_CALL_BYTES = 60_000_000;
const MAX_PEAK_BYTES = 75_000_000;
const CALLS = 1_000;
const LIMIT = 50;
/** What a client sees "soon after": the call's garbage is not yet collected. */
const SOON_MS = 500;

interface Footprint {
  readonly afterCall: number;
  readonly peak: number;
  readonly failed: number;
}

/** RSS 500 ms after the first call, then the peak over `CALLS` more, one at a time. */
async function measure(server: StdioServer, call: () => Promise<boolean>): Promise<Footprint> {
  let failed = (await call()) ? 0 : 1;
  await new Promise((resolve) => setTimeout(resolve, SOON_MS));
  const afterCall = rssOf(server.pid).current;
  const watch = watchPeak(server.pid);
  for (let i = 0; i < CALLS; i++) if (!(await call())) failed++;
  const peak = Math.max(watch.stop(), rssOf(server.pid).peak ?? 0);
  return { afterCall, peak, failed };
}

async function floorFootprint(
  env: NodeJS.ProcessEnv,
  variant: 'sdk' | 'v2' | 'list' | 'v2-list' | 'v2-list-http' = 'sdk',
): Promise<Footprint> {
  const server = await startServer(env, sdkFloorEntry(variant));
  try {
    // The list floors make the same GET as ours and return the body as text: the memory any
    // server pays to read 1,000 discoveries. The echo floors read nothing.
    if (variant === 'list' || variant === 'v2-list' || variant === 'v2-list-http') {
      return await measure(server, async () => {
        const result = await callTool(server, 'list_discoveries', { limit: LIMIT });
        return result.isError !== true;
      });
    }
    const text = 'x'.repeat(6_800); // about the size of a 50-item list_discoveries text
    return await measure(server, async () => {
      const result = await callTool(server, 'echo', { text });
      return result.isError !== true;
    });
  } finally {
    await server.close();
  }
}

export async function footprintBench(): Promise<BenchResult[]> {
  const api = await startApiProcess(1_000);
  const env = serverEnv(api.url);
  try {
    const server = await startServer(env);
    let ours: Footprint;
    try {
      ours = await measure(server, async () => {
        const result = await callTool(server, 'list_discoveries', { limit: LIMIT });
        return result.isError !== true;
      });
    } finally {
      await server.close();
    }
    const floor = await floorFootprint(env);
    const v2Floor = await floorFootprint(env, 'v2');
    const listFloor = await floorFootprint(env, 'list');
    const v2ListFloor = await floorFootprint(env, 'v2-list');
    const v2HttpFloor = await floorFootprint(env, 'v2-list-http');
    const load = loadAverage();
    return [
      {
        name: '8. RSS after a call',
        figure: `RSS ${mb(ours.afterCall)}`,
        target: `<= ${mb(MAX_AFTER_CALL_BYTES)}`,
        pass: ours.afterCall <= MAX_AFTER_CALL_BYTES && ours.failed === 0,
        detail: `${SOON_MS} ms after start-up and one list_discoveries call; SDK floor (one-tool McpServer, one echo call) ${mb(floor.afterCall)}, on SDK v2 in both eras ${mb(v2Floor.afterCall)}; a floor making the same GET with fetch and returning the body as text ${mb(listFloor.afterCall)}, on SDK v2 ${mb(v2ListFloor.afterCall)}, on SDK v2 with node:http as ours ${mb(v2HttpFloor.afterCall)}; load average ${load}`,
      },
      {
        name: '9. Peak RSS',
        figure: `peak ${mb(ours.peak)}`,
        target: `<= ${mb(MAX_PEAK_BYTES)}`,
        pass: ours.peak <= MAX_PEAK_BYTES && ours.failed === 0,
        detail: `${CALLS} list_discoveries calls of ${LIMIT}, one at a time (${ours.failed} failed); SDK floor over ${CALLS} echo calls of the same text size ${mb(floor.peak)}, on SDK v2 ${mb(v2Floor.peak)}; over ${CALLS} of the same GET with fetch returned as text ${mb(listFloor.peak)}, on SDK v2 ${mb(v2ListFloor.peak)}, on SDK v2 with node:http ${mb(v2HttpFloor.peak)}`,
      },
    ];
  } finally {
    await api.close();
  }
}

await runIfMain(import.meta.url, footprintBench);
