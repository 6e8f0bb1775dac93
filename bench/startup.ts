// Target 1: spawn `node dist/index.js` -> initialize response, median of 20, against `node -e 0` in the same run.
import { spawn } from 'node:child_process';
import { type BenchResult, runIfMain } from './lib/result.js';
import { DIST_ENTRY, INITIALIZE_PARAMS, serverEnv } from './lib/server.js';
import { median, ms, since } from './lib/stats.js';

const RUNS = 20;
const MAX_RATIO = 1.8;
const INITIALIZE = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE_PARAMS })}\n`;

/** Milliseconds from spawn to `node -e 0` exiting: the floor any Node process pays. */
function nodeFloor(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(since(start)));
  });
}

/** Milliseconds from spawn to the initialize response; the process is then ended and awaited. */
function serverStart(env: NodeJS.ProcessEnv, lingerMs = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [DIST_ENTRY], { env, stdio: ['pipe', 'pipe', 'ignore'] });
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
      setTimeout(() => child.kill('SIGTERM'), lingerMs);
    });
    child.stdin.write(INITIALIZE);
  });
}

export async function startupBench(): Promise<BenchResult> {
  const env = serverEnv(new URL('http://127.0.0.1:9'));
  const cold = serverEnv(new URL('http://127.0.0.1:9'), { NODE_DISABLE_COMPILE_CACHE: '1' });
  // The first start writes the V8 code cache (after ~1 s); every later start reads it.
  const firstStart = await serverStart(env, 1_500);
  await nodeFloor();
  const floors: number[] = [];
  const starts: number[] = [];
  const colds: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floors.push(await nodeFloor());
    starts.push(await serverStart(env));
    if (i % 4 === 0) colds.push(await serverStart(cold));
  }
  const ratio = median(starts) / median(floors);
  const coldRatio = median(colds) / median(floors);
  return {
    name: '1. Start-up',
    figure: `${ratio.toFixed(2)}x node -e 0`,
    target: `<= ${MAX_RATIO}x`,
    pass: ratio <= MAX_RATIO,
    detail: `median of ${RUNS}: ${ms(median(starts))} vs ${ms(median(floors))}; without code cache ${coldRatio.toFixed(2)}x (${ms(median(colds))}); very first start ${ms(firstStart)}`,
  };
}

await runIfMain(import.meta.url, startupBench);
