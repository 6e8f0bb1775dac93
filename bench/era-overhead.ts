// Target 14, target 2 in the 2026-07-28 era: list_discoveries through the SDK v2 client pinned to that era, against the SDK v2 floor (one tool, the same GET of 50), with CPU per call; the v1 floor cannot speak this era.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startApiProcess } from './lib/api-process.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { cpuMs } from './lib/rss.js';
import { sdkFloorEntry } from './lib/sdk-floor.js';
import { DIST_ENTRY, serverEnv } from './lib/server.js';
import { loadAverage, median, ms, percentile, since } from './lib/stats.js';

const WARMUP = 300;
const SAMPLES = 1_000;
const LIMIT = 50;
const MAX_MEDIAN_MS = 1;
const MAX_P95_MS = 3;
const ERA = '2026-07-28';

interface Connected {
  readonly client: Client;
  readonly pid: number;
}

async function connect(entry: string, env: NodeJS.ProcessEnv): Promise<Connected> {
  const client = new Client(
    { name: 'network-discovery-mcp-bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: ERA } } },
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry],
    env: env as Record<string, string>,
    stderr: 'ignore',
  });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error(`${entry} did not start`);
  return { client, pid };
}

async function eraOverheadOn(version: string): Promise<BenchResult> {
  const api = await startApiProcess(1_000, version);
  const env = serverEnv(api.url);
  const server = await connect(DIST_ENTRY, env);
  const floor = await connect(sdkFloorEntry('v2-list'), env);
  const timed = (target: Connected) => async () => {
    const start = process.hrtime.bigint();
    const result = await target.client.callTool({
      name: 'list_discoveries',
      arguments: { limit: LIMIT },
    });
    if (result.isError) throw new Error('list_discoveries failed');
    return since(start);
  };
  const viaServer = timed(server);
  const viaFloor = timed(floor);
  try {
    for (let i = 0; i < WARMUP; i++) {
      await viaFloor();
      await viaServer();
    }
    const load = loadAverage();
    const cpuBefore = [cpuMs(server.pid), cpuMs(floor.pid)];
    const floorTimes: number[] = [];
    const serverTimes: number[] = [];
    // Interleaved, so both see the same machine load.
    for (let i = 0; i < SAMPLES; i++) {
      floorTimes.push(await viaFloor());
      serverTimes.push(await viaServer());
    }
    const cpu = (cpuMs(server.pid) - (cpuBefore[0] ?? 0)) / SAMPLES;
    const floorCpu = (cpuMs(floor.pid) - (cpuBefore[1] ?? 0)) / SAMPLES;
    const addedMedian = median(serverTimes) - median(floorTimes);
    const addedP95 = percentile(serverTimes, 95) - percentile(floorTimes, 95);
    return {
      name: `14. Overhead per call, ${ERA} (${version})`,
      figure: `+${ms(addedMedian, 2)} median, +${ms(addedP95, 2)} p95`,
      target: `<= +${MAX_MEDIAN_MS} ms median, <= +${MAX_P95_MS} ms p95 over the SDK v2 floor`,
      pass: addedMedian <= MAX_MEDIAN_MS && addedP95 <= MAX_P95_MS,
      detail: `${SAMPLES} calls of limit ${LIMIT} after ${WARMUP} warm-up pairs through the SDK v2 client pinned to ${ERA}: ours ${ms(median(serverTimes), 2)} / ${ms(percentile(serverTimes, 95), 2)} p95, the SDK v2 floor (one tool, the same GET, the body as text) ${ms(median(floorTimes), 2)} / ${ms(percentile(floorTimes, 95), 2)} p95; CPU a call ${ms(cpu, 2)} vs ${ms(floorCpu, 2)} (${(cpu / floorCpu).toFixed(1)}x); load average ${load}`,
    };
  } finally {
    await server.client.close();
    await floor.client.close();
    await api.close();
  }
}

export async function eraOverheadBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const version of ['0.14.13', '0.17.22']) results.push(await eraOverheadOn(version));
  return results;
}

await runIfMain(import.meta.url, eraOverheadBench);
