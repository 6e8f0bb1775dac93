// Target 3: 1,000 list_discoveries calls, 50 in flight, reuse the keep-alive pool (16 per origin).
import { startApiProcess } from './lib/api-process.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { callTool, serverEnv, startServer } from './lib/server.js';
import { since } from './lib/stats.js';

const CALLS = 1_000;
const IN_FLIGHT = 50;
/** src/api/transport/http.ts: `connections ?? 16`, the undici pool size per origin. */
const POOL_SIZE = 16;

export async function connectionsBench(): Promise<BenchResult> {
  const api = await startApiProcess(200);
  const server = await startServer(serverEnv(api.url));
  try {
    const before = await api.connections();
    let started = 0;
    let failed = 0;
    const start = process.hrtime.bigint();
    const worker = async () => {
      while (started < CALLS) {
        started++;
        const result = await callTool(server, 'list_discoveries', {
          limit: 10,
          offset: started % 190,
        });
        if (result.isError) failed++;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const elapsed = since(start);
    const opened = (await api.connections()) - before;
    return {
      name: '3. Connections',
      figure: `${opened} new TCP connections`,
      target: `<= ${POOL_SIZE} (pool size)`,
      pass: opened <= POOL_SIZE && failed === 0,
      detail: `${CALLS} calls, ${IN_FLIGHT} in flight, ${failed} failed, ${(CALLS / (elapsed / 1000)).toFixed(0)} calls/s`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

await runIfMain(import.meta.url, connectionsBench);
