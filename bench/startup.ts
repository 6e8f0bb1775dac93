// Target 1: spawn `node dist/index.js` -> initialize response, median of 20, against `node -e 0` and the SDK v1 and v2 floors in the same run; tools/list after it is timed too.
import { spawn } from 'node:child_process';
import { type BenchResult, runIfMain } from './lib/result.js';
import { cpuMs } from './lib/rss.js';
import { sdkFloorEntry } from './lib/sdk-floor.js';
import { cleanEnv, DIST_ENTRY, INITIALIZE_PARAMS, serverEnv } from './lib/server.js';
import { loadAverage, median, ms, since } from './lib/stats.js';

const RUNS = 20;
const MAX_RATIO = 1.8;
/** No slower than the smallest SDK server bundled the same way. */
const MAX_FLOOR_RATIO = 1;
const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS })}\n`;
// What every client sends next: the server is ready to use once tools/list is answered.
const LIST_TOOLS = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`;

interface StartTimes {
  /** Spawn to the initialize response: targets 1 and 1b. */
  readonly initialize: number;
  /** Spawn to the tools/list response. */
  readonly ready: number;
  /** tools/list sent to its response. */
  readonly listTools: number;
  /**
   * CPU milliseconds (user + system, 10 ms ticks) the process had used when the initialize response
   * arrived: on a shared, loaded machine wall time moves with the neighbours, CPU far less.
   */
  readonly cpu: number;
}

/** Milliseconds from spawn to `node -e 0` exiting: the floor any Node process pays. */
function nodeFloor(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', '0'], { env: cleanEnv(), stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(since(start)));
  });
}

/** Spawn -> initialize response -> tools/list response; the process is then ended and awaited. */
function serverStart(entry: string, env: NodeJS.ProcessEnv): Promise<StartTimes> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [entry], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let initialize: number | undefined;
    let cpu = Number.NaN;
    let times: StartTimes | undefined;
    let output = '';
    child.once('error', reject);
    child.once('exit', () => (times ? resolve(times) : reject(new Error('exited'))));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const lines = output.split('\n').slice(0, -1);
      if (initialize === undefined && lines.length >= 1) {
        initialize = since(start);
        cpu = cpuMs(child.pid ?? 0);
        if (!lines[0]?.includes('"protocolVersion"')) {
          reject(new Error(`not an initialize result: ${output}`));
        }
        child.stdin.write(LIST_TOOLS);
      }
      if (initialize !== undefined && times === undefined && lines.length >= 2) {
        const ready = since(start);
        if (!lines[1]?.includes('"tools"')) reject(new Error(`not a tools/list result: ${output}`));
        times = { initialize, ready, listTools: ready - initialize, cpu };
        child.kill('SIGTERM');
      }
    });
    child.stdin.write(INITIALIZE);
  });
}

export async function startupBench(): Promise<BenchResult[]> {
  const env = serverEnv(new URL('http://127.0.0.1:9'));
  const sdkFloor = sdkFloorEntry();
  const namedZodFloor = sdkFloorEntry('named-zod');
  const v2Floor = sdkFloorEntry('v2');
  const server = () => serverStart(DIST_ENTRY, env);
  // The floor servers read no variables; they get the same environment all the same.
  const floorServer = () => serverStart(sdkFloor, env);
  const namedZodServer = () => serverStart(namedZodFloor, env);
  const v2Server = () => serverStart(v2Floor, env);
  // One of each first, so none pays for a cold file-system cache.
  const firstStart = await server();
  await floorServer();
  await namedZodServer();
  await v2Server();
  await nodeFloor();
  const floors: number[] = [];
  const sdkFloors: StartTimes[] = [];
  const starts: StartTimes[] = [];
  const namedZodStarts: StartTimes[] = [];
  const v2Starts: StartTimes[] = [];
  // Interleaved, so background load hits every side alike.
  for (let i = 0; i < RUNS; i++) {
    floors.push(await nodeFloor());
    sdkFloors.push(await floorServer());
    starts.push(await server());
    namedZodStarts.push(await namedZodServer());
    v2Starts.push(await v2Server());
  }
  const of = (runs: readonly StartTimes[], key: keyof StartTimes) =>
    median(runs.map((run) => run[key]));
  const ratio = of(starts, 'initialize') / median(floors);
  const floorRatio = of(starts, 'initialize') / of(sdkFloors, 'initialize');
  const v2Ratio = of(starts, 'initialize') / of(v2Starts, 'initialize');
  // Means, not medians: a 10 ms tick makes the median of a few hundred ms jump by whole ticks.
  const cpu = (runs: readonly StartTimes[]) =>
    runs.reduce((sum, run) => sum + run.cpu, 0) / runs.length;
  return [
    {
      name: '1. Start-up',
      figure: `${ratio.toFixed(2)}x node -e 0`,
      target: `<= ${MAX_RATIO}x`,
      pass: ratio <= MAX_RATIO,
      detail: `median of ${RUNS}: ${ms(of(starts, 'initialize'))} vs ${ms(median(floors))}; very first start ${ms(firstStart.initialize)}`,
    },
    {
      name: '1b. Start-up vs SDK',
      figure: `${floorRatio.toFixed(2)}x SDK floor`,
      target: `<= ${MAX_FLOOR_RATIO.toFixed(2)}x`,
      pass: floorRatio <= MAX_FLOOR_RATIO,
      detail: `median of ${RUNS}: ${ms(of(starts, 'initialize'))} vs ${ms(of(sdkFloors, 'initialize'))} for a one-tool McpServer over stdio bundled by scripts/build.mjs (zod imported as the SDK's examples do); with \`import { z }\`, the floor of earlier runs, ${ms(of(namedZodStarts, 'initialize'))} (${(of(starts, 'initialize') / of(namedZodStarts, 'initialize')).toFixed(2)}x). Ready (spawn to the tools/list answer): ${ms(of(starts, 'ready'))} vs ${ms(of(sdkFloors, 'ready'))} (${(of(starts, 'ready') / of(sdkFloors, 'ready')).toFixed(2)}x); tools/list alone ${ms(of(starts, 'listTools'))} for 5 tools vs ${ms(of(sdkFloors, 'listTools'))} for the floor's one; the same one-tool server on SDK v2 serving both eras ${ms(of(v2Starts, 'initialize'))} (${(of(v2Starts, 'initialize') / of(sdkFloors, 'initialize')).toFixed(2)}x the v1 floor)`,
    },
    {
      name: '1c. Start-up vs SDK v2',
      figure: `${v2Ratio.toFixed(2)}x SDK v2 floor`,
      target: `<= ${MAX_FLOOR_RATIO.toFixed(2)}x`,
      pass: v2Ratio <= MAX_FLOOR_RATIO,
      detail: `median of ${RUNS}: ${ms(of(starts, 'initialize'))} vs ${ms(of(v2Starts, 'initialize'))} for a one-tool McpServer of \`@modelcontextprotocol/server\` served in both eras by serveStdio, bundled by scripts/build.mjs; ready ${ms(of(starts, 'ready'))} vs ${ms(of(v2Starts, 'ready'))}; CPU to the initialize answer, mean: ${ms(cpu(starts))} vs ${ms(cpu(v2Starts))} (${(cpu(starts) / cpu(v2Starts)).toFixed(2)}x), the v1 floor ${ms(cpu(sdkFloors))} (the v2 floor ${(cpu(v2Starts) / cpu(sdkFloors)).toFixed(2)}x it); load average ${loadAverage()}`,
    },
  ];
}

await runIfMain(import.meta.url, startupBench);
