// Target 2: a list_discoveries tools/call against the floor (a minimal SDK server whose one tool does the same GET of the same 50 items; v1 held to, v2 beside it, with fetch and with node:http as ours), on 0.14.13 and 0.17.22, with CPU per call.
import { startApiProcess } from './lib/api-process.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { cpuMs } from './lib/rss.js';
import { sdkFloorEntry } from './lib/sdk-floor.js';
import { callTool, serverEnv, startServer } from './lib/server.js';
import { loadAverage, median, ms, percentile, since } from './lib/stats.js';

const WARMUP = 500;
const SAMPLES = 1_000;
const LIMIT = 50;
const MAX_MEDIAN_MS = 1;
const MAX_P95_MS = 3;
export const OVERHEAD_VERSIONS = ['0.14.13', '0.17.22'] as const;

async function overheadOn(version: string): Promise<BenchResult> {
  const api = await startApiProcess(1_000, version);
  const env = serverEnv(api.url);
  const server = await startServer(env);
  const floor = await startServer(env, sdkFloorEntry('list'));
  const v2Floor = await startServer(env, sdkFloorEntry('v2-list'));
  // fetch (the floors above) and node:http (ours) differ in cost per request: shown beside.
  const httpFloor = await startServer(env, sdkFloorEntry('v2-list-http'));
  const timed = (target: typeof server) => async () => {
    const start = process.hrtime.bigint();
    const result = await callTool(target, 'list_discoveries', { limit: LIMIT });
    if (result.isError) throw new Error(`list_discoveries failed: ${result.content[0]?.text}`);
    return since(start);
  };
  const viaServer = timed(server);
  const viaFloor = timed(floor);
  const viaV2 = timed(v2Floor);
  const viaHttp = timed(httpFloor);
  try {
    for (let i = 0; i < WARMUP; i++) {
      await viaFloor();
      await viaV2();
      await viaHttp();
      await viaServer();
    }
    const floorTimes: number[] = [];
    const v2Times: number[] = [];
    const httpTimes: number[] = [];
    const serverTimes: number[] = [];
    const load = loadAverage();
    const cpuBefore = [server, floor, v2Floor].map((s) => cpuMs(s.pid));
    // Interleaved, so all see the same machine load.
    for (let i = 0; i < SAMPLES; i++) {
      floorTimes.push(await viaFloor());
      v2Times.push(await viaV2());
      httpTimes.push(await viaHttp());
      serverTimes.push(await viaServer());
    }
    const [cpu = 0, floorCpu = 0, v2Cpu = 0] = [server, floor, v2Floor].map(
      (s, i) => (cpuMs(s.pid) - (cpuBefore[i] ?? 0)) / SAMPLES,
    );
    const addedMedian = median(serverTimes) - median(floorTimes);
    const addedP95 = percentile(serverTimes, 95) - percentile(floorTimes, 95);
    return {
      name: `2. Overhead per call (${version})`,
      figure: `+${ms(addedMedian, 2)} median, +${ms(addedP95, 2)} p95`,
      target: `<= +${MAX_MEDIAN_MS} ms median, <= +${MAX_P95_MS} ms p95 over the floor`,
      pass: addedMedian <= MAX_MEDIAN_MS && addedP95 <= MAX_P95_MS,
      detail: `${SAMPLES} calls of limit ${LIMIT} after ${WARMUP} warm-up pairs: ours ${ms(median(serverTimes), 2)} / ${ms(percentile(serverTimes, 95), 2)} p95, the floor (one SDK tool, the same GET, the body as text) ${ms(median(floorTimes), 2)} / ${ms(percentile(floorTimes, 95), 2)} p95; the same on SDK v2 in both eras ${ms(median(v2Times), 2)} / ${ms(percentile(v2Times, 95), 2)} p95 (ours +${ms(median(serverTimes) - median(v2Times), 2)} over it), on SDK v2 with node:http as ours ${ms(median(httpTimes), 2)} / ${ms(percentile(httpTimes, 95), 2)} p95 (ours +${ms(median(serverTimes) - median(httpTimes), 2)} over it); CPU a call ${ms(cpu, 2)}, v1 floor ${ms(floorCpu, 2)} (${(cpu / floorCpu).toFixed(1)}x), v2 floor ${ms(v2Cpu, 2)}; load average ${load}`,
    };
  } finally {
    await server.close();
    await floor.close();
    await v2Floor.close();
    await httpFloor.close();
    await api.close();
  }
}

export async function overheadBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const version of OVERHEAD_VERSIONS) results.push(await overheadOn(version));
  return results;
}

await runIfMain(import.meta.url, overheadBench);
