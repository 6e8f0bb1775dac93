// Target 1: spawn `node dist/index.js` -> initialize response, median of 20, against `node -e 0` and the SDK floor in the same run.
import { spawn } from 'node:child_process';
import { type BenchResult, runIfMain } from './lib/result.js';
import { sdkFloorEntry } from './lib/sdk-floor.js';
import { cleanEnv, DIST_ENTRY, INITIALIZE_PARAMS, serverEnv } from './lib/server.js';
import { median, ms, since } from './lib/stats.js';

const RUNS = 20;
const MAX_RATIO = 1.8;
/** No slower than the smallest SDK server bundled the same way. */
const MAX_FLOOR_RATIO = 1;
const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS })}\n`;

/** Milliseconds from spawn to `node -e 0` exiting: the floor any Node process pays. */
function nodeFloor(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', '0'], { env: cleanEnv(), stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(since(start)));
  });
}

/** Milliseconds from spawn to the initialize response; the process is then ended and awaited. */
function serverStart(entry: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [entry], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let elapsed: number | undefined;
    let output = '';
    child.once('error', reject);
    child.once('exit', () =>
      elapsed === undefined ? reject(new Error('exited')) : resolve(elapsed),
    );
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (elapsed !== undefined || !output.includes('\n')) return;
      elapsed = since(start);
      if (!output.includes('"protocolVersion"'))
        reject(new Error(`not an initialize result: ${output}`));
      child.kill('SIGTERM');
    });
    child.stdin.write(INITIALIZE);
  });
}

export async function startupBench(): Promise<BenchResult[]> {
  const env = serverEnv(new URL('http://127.0.0.1:9'));
  const sdkFloor = sdkFloorEntry();
  const namedZodFloor = sdkFloorEntry('named-zod');
  const server = () => serverStart(DIST_ENTRY, env);
  // The floor servers read no variables; they get the same environment all the same.
  const floorServer = () => serverStart(sdkFloor, env);
  const namedZodServer = () => serverStart(namedZodFloor, env);
  // One of each first, so none pays for a cold file-system cache.
  const firstStart = await server();
  await floorServer();
  await namedZodServer();
  await nodeFloor();
  const floors: number[] = [];
  const sdkFloors: number[] = [];
  const starts: number[] = [];
  const namedZodStarts: number[] = [];
  // Interleaved, so background load hits every side alike.
  for (let i = 0; i < RUNS; i++) {
    floors.push(await nodeFloor());
    sdkFloors.push(await floorServer());
    starts.push(await server());
    namedZodStarts.push(await namedZodServer());
  }
  const ratio = median(starts) / median(floors);
  const floorRatio = median(starts) / median(sdkFloors);
  return [
    {
      name: '1. Start-up',
      figure: `${ratio.toFixed(2)}x node -e 0`,
      target: `<= ${MAX_RATIO}x`,
      pass: ratio <= MAX_RATIO,
      detail: `median of ${RUNS}: ${ms(median(starts))} vs ${ms(median(floors))}; very first start ${ms(firstStart)}`,
    },
    {
      name: '1b. Start-up vs SDK',
      figure: `${floorRatio.toFixed(2)}x SDK floor`,
      target: `<= ${MAX_FLOOR_RATIO.toFixed(2)}x`,
      pass: floorRatio <= MAX_FLOOR_RATIO,
      detail: `median of ${RUNS}: ${ms(median(starts))} vs ${ms(median(sdkFloors))} for a one-tool McpServer over stdio bundled by scripts/build.mjs (zod imported as the SDK's examples do); with \`import { z }\`, the floor of earlier runs, ${ms(median(namedZodStarts))} (${(median(starts) / median(namedZodStarts)).toFixed(2)}x)`,
    },
  ];
}

await runIfMain(import.meta.url, startupBench);
