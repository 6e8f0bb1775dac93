// A/B of two builds in one run (e.g. SDK v1 against SDK v2): bundle bytes, start-up to initialize and tools/list, list_discoveries call time and CPU, and RSS after one call and at peak. Usage: tsx bench/sdk-ab.ts <baseline dist/index.js> [candidate, default dist/index.js] [--version 0.17.22] [--starts-only]
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startApiProcess } from './lib/api-process.js';
import { cpuMs, rssOf, watchPeak } from './lib/rss.js';
import {
  callTool,
  DIST_ENTRY,
  INITIALIZE_PARAMS,
  serverEnv,
  spawnServer,
  startServer,
} from './lib/server.js';
import { loadAverage, mb, median, ms, percentile, since } from './lib/stats.js';

const STARTS = Number(process.env['AB_STARTS'] ?? 20);
const WARMUP = 300;
const SAMPLES = 1_000;
const PEAK_CALLS = 500;
const LIMIT = 50;

/** Bytes a start loads or may load: the entry and its chunks, less the view's HTML (loaded on request). */
function bundleBytes(entry: string): number {
  const chunks = join(dirname(entry), 'chunks');
  const files = readdirSync(chunks).filter((name) => !name.startsWith('app-html'));
  return files.reduce((sum, name) => sum + statSync(join(chunks, name)).size, statSync(entry).size);
}

async function startTimes(entry: string, env: NodeJS.ProcessEnv) {
  const begin = process.hrtime.bigint();
  const server = spawnServer(env, entry);
  await server.request('initialize', INITIALIZE_PARAMS);
  const initialize = since(begin);
  server.notify('notifications/initialized');
  await server.request('tools/list');
  const ready = since(begin);
  // CPU the process spent to be ready: on a loaded machine its wall time mostly measures the others.
  const cpu = cpuMs(server.pid);
  await server.close();
  return { initialize, ready, cpu };
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--version');
  const version = at === -1 ? '0.14.13' : (args[at + 1] ?? '0.14.13');
  const [baselineArg, candidateArg] = args.filter(
    (arg, i) => !arg.startsWith('--') && (at === -1 || i !== at + 1),
  );
  if (!baselineArg)
    throw new Error('usage: tsx bench/sdk-ab.ts <baseline dist/index.js> [candidate]');
  const entries = { A: resolve(baselineArg), B: resolve(candidateArg ?? DIST_ENTRY) };
  const api = await startApiProcess(1_000, version);
  const env = serverEnv(api.url);
  const out: string[] = [`Scanopy ${version}; load average at start ${loadAverage()}`];
  try {
    const startsOnly = args.includes('--starts-only');
    for (const [label, entry] of Object.entries(entries)) {
      out.push(`${label} ${entry}: bundle ${(bundleBytes(entry) / 1000).toFixed(1)} kB`);
    }
    // Interleaved so both builds see the same machine load.
    type Start = { initialize: number; ready: number; cpu: number };
    const starts: Record<'A' | 'B', Start[]> = { A: [], B: [] };
    for (let i = 0; i < STARTS; i++) {
      starts.A.push(await startTimes(entries.A, env));
      starts.B.push(await startTimes(entries.B, env));
    }
    for (const label of ['A', 'B'] as const) {
      const runs = starts[label];
      out.push(
        `${label} start-up (median of ${STARTS}): initialize ${ms(median(runs.map((r) => r.initialize)))}, tools/list answered ${ms(median(runs.map((r) => r.ready)))}; CPU to tools/list ${ms(mean(runs.map((r) => r.cpu)))} (mean, /proc ticks of 10 ms)`,
      );
    }
    if (startsOnly) {
      out.push(`load average at end ${loadAverage()}`);
      process.stdout.write(`${out.join('\n')}\n`);
      return;
    }
    const servers = { A: await startServer(env, entries.A), B: await startServer(env, entries.B) };
    const timed = async (label: 'A' | 'B') => {
      const begin = process.hrtime.bigint();
      const result = await callTool(servers[label], 'list_discoveries', { limit: LIMIT });
      if (result.isError) throw new Error(`${label}: ${result.content[0]?.text}`);
      return since(begin);
    };
    await timed('A');
    await timed('B');
    await new Promise((done) => setTimeout(done, 500));
    const afterCall = { A: rssOf(servers.A.pid).current, B: rssOf(servers.B.pid).current };
    for (let i = 0; i < WARMUP; i++) {
      await timed('A');
      await timed('B');
    }
    const samples = { A: [] as number[], B: [] as number[] };
    const cpuBefore = { A: cpuMs(servers.A.pid), B: cpuMs(servers.B.pid) };
    for (let i = 0; i < SAMPLES; i++) {
      samples.A.push(await timed('A'));
      samples.B.push(await timed('B'));
    }
    const cpu = {
      A: (cpuMs(servers.A.pid) - cpuBefore.A) / SAMPLES,
      B: (cpuMs(servers.B.pid) - cpuBefore.B) / SAMPLES,
    };
    for (const label of ['A', 'B'] as const) {
      const watch = watchPeak(servers[label].pid);
      for (let i = 0; i < PEAK_CALLS; i++) await timed(label);
      const peak = Math.max(watch.stop(), rssOf(servers[label].pid).peak ?? 0);
      out.push(
        `${label} list_discoveries ${LIMIT} of 1000 (${SAMPLES} calls): median ${ms(median(samples[label]), 2)}, p95 ${ms(percentile(samples[label], 95), 2)}, CPU ${ms(cpu[label], 2)} a call; RSS 500 ms after one call ${mb(afterCall[label])}, peak over ${WARMUP + SAMPLES + PEAK_CALLS} calls ${mb(peak)}`,
      );
    }
    await Promise.all([servers.A.close(), servers.B.close()]);
  } finally {
    await api.close();
  }
  out.push(`load average at end ${loadAverage()}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
