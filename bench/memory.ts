// Target 7: resident memory of the server after start-up and one list_discoveries call.
import { startApiProcess } from './lib/api-process.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { rssOf } from './lib/rss.js';
import { callTool, serverEnv, startServer } from './lib/server.js';
import { mb } from './lib/stats.js';

const MAX_RSS_BYTES = 60_000_000;
/** Idle time before "at rest": V8 gives back the young generation's growth a few seconds in. */
const REST_MS = 10_000;
const SOON_MS = 500;

export async function memoryBench(): Promise<BenchResult> {
  const api = await startApiProcess(1_000);
  const server = await startServer(serverEnv(api.url));
  try {
    const afterStart = rssOf(server.pid).current;
    const result = await callTool(server, 'list_discoveries', {});
    await new Promise((resolve) => setTimeout(resolve, SOON_MS));
    const soon = rssOf(server.pid).current;
    await new Promise((resolve) => setTimeout(resolve, REST_MS - SOON_MS));
    const rss = rssOf(server.pid);
    return {
      name: '7. Memory at rest',
      figure: `RSS ${mb(rss.current)}`,
      target: `<= ${mb(MAX_RSS_BYTES)}`,
      pass: rss.current <= MAX_RSS_BYTES && result.isError !== true,
      detail: `after start-up ${mb(afterStart)}; ${SOON_MS} ms after one list_discoveries call ${mb(soon)}, ${REST_MS / 1000} s after (idle) ${mb(rss.current)}${rss.peak ? `; peak ${mb(rss.peak)}` : ''}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

await runIfMain(import.meta.url, memoryBench);
