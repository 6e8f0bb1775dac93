// Target 2: a list_discoveries tools/call over stdio vs the same HTTP request made directly with undici.
import { Agent } from 'undici';
import { startApiProcess } from './lib/api-process.js';
import { API_HEADERS } from './lib/fake-api.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { callTool, serverEnv, startServer } from './lib/server.js';
import { median, ms, percentile, since } from './lib/stats.js';

const WARMUP = 1_000;
const SAMPLES = 1_000;
const LIMIT = 50;
const MAX_MEDIAN_MS = 1;
const MAX_P95_MS = 3;

export async function overheadBench(): Promise<BenchResult> {
  const api = await startApiProcess(1_000);
  const server = await startServer(serverEnv(api.url));
  const agent = new Agent({ connections: 16 });
  const path = `/api/v1/discovery?limit=${LIMIT}&offset=0`;
  const direct = async () => {
    const start = process.hrtime.bigint();
    const response = await agent.request({
      origin: api.url.origin,
      path,
      method: 'GET',
      headers: API_HEADERS,
    });
    await response.body.json();
    return since(start);
  };
  const viaMcp = async () => {
    const start = process.hrtime.bigint();
    const result = await callTool(server, 'list_discoveries', { limit: LIMIT });
    if (result.isError) throw new Error(`list_discoveries failed: ${result.content[0]?.text}`);
    return since(start);
  };
  try {
    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await viaMcp();
    }
    const directTimes: number[] = [];
    const mcpTimes: number[] = [];
    // Interleaved, so both see the same machine load.
    for (let i = 0; i < SAMPLES; i++) {
      directTimes.push(await direct());
      mcpTimes.push(await viaMcp());
    }
    const addedMedian = median(mcpTimes) - median(directTimes);
    const addedP95 = percentile(mcpTimes, 95) - percentile(directTimes, 95);
    return {
      name: '2. Overhead per call',
      figure: `+${ms(addedMedian, 2)} median, +${ms(addedP95, 2)} p95`,
      target: `<= +${MAX_MEDIAN_MS} ms median, <= +${MAX_P95_MS} ms p95`,
      pass: addedMedian <= MAX_MEDIAN_MS && addedP95 <= MAX_P95_MS,
      detail: `${SAMPLES} calls of limit ${LIMIT} after ${WARMUP} warm-up pairs: MCP ${ms(median(mcpTimes), 2)} / ${ms(percentile(mcpTimes, 95), 2)} p95, direct undici ${ms(median(directTimes), 2)} / ${ms(percentile(directTimes, 95), 2)} p95`,
    };
  } finally {
    await server.close();
    await agent.close();
    await api.close();
  }
}

await runIfMain(import.meta.url, overheadBench);
