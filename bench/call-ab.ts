// A/B of two builds' warm list_discoveries calls against the SDK v2 floor, all three interleaved in one run: CPU a call and median over the floor, per round. Usage: tsx bench/call-ab.ts <baseline dist/index.js> [candidate, default dist/index.js] [--version 0.17.22] [--rounds 3]
import { resolve } from 'node:path';
import { startApiProcess } from './lib/api-process.js';
import { cpuMs } from './lib/rss.js';
import { sdkFloorEntry } from './lib/sdk-floor.js';
import { callTool, DIST_ENTRY, type StdioServer, serverEnv, startServer } from './lib/server.js';
import { loadAverage, median, since } from './lib/stats.js';

const WARMUP = 300;
const SAMPLES = Number(process.env['AB_CALLS'] ?? 1_000);
const LIMIT = 50;

type Label = 'A' | 'B' | 'floor';

async function round(entries: Record<'A' | 'B', string>, version: string, order: Label[]) {
  const api = await startApiProcess(1_000, version);
  const env = serverEnv(api.url);
  const servers: Record<Label, StdioServer> = {
    A: await startServer(env, entries.A),
    B: await startServer(env, entries.B),
    floor: await startServer(env, sdkFloorEntry('v2-list')),
  };
  const timed = async (label: Label) => {
    const begin = process.hrtime.bigint();
    const result = await callTool(servers[label], 'list_discoveries', { limit: LIMIT });
    if (result.isError) throw new Error(`${label}: ${result.content[0]?.text}`);
    return since(begin);
  };
  try {
    for (let i = 0; i < WARMUP; i++) for (const label of order) await timed(label);
    const times: Record<Label, number[]> = { A: [], B: [], floor: [] };
    const before = Object.fromEntries(order.map((l) => [l, cpuMs(servers[l].pid)]));
    // Interleaved, so all three see the same machine load.
    for (let i = 0; i < SAMPLES; i++)
      for (const label of order) times[label].push(await timed(label));
    const cpu = (l: Label) => (cpuMs(servers[l].pid) - (before[l] ?? 0)) / SAMPLES;
    const floorMedian = median(times.floor);
    const row = (l: 'A' | 'B') =>
      `${l} CPU ${cpu(l).toFixed(2)} ms a call (${(cpu(l) / cpu('floor')).toFixed(2)}x the floor), median +${(median(times[l]) - floorMedian).toFixed(2)} ms over it`;
    return `${version}, order ${order.join(' ')}: ${row('A')}; ${row('B')}; B/A CPU ${(cpu('B') / cpu('A')).toFixed(3)}; floor CPU ${cpu('floor').toFixed(2)} ms, median ${floorMedian.toFixed(2)} ms; load ${loadAverage()}`;
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.close()));
    await api.close();
  }
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const positional = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
const [baseline, candidate] = positional;
if (!baseline) throw new Error('usage: tsx bench/call-ab.ts <baseline dist/index.js> [candidate]');
const entries = { A: resolve(baseline), B: resolve(candidate ?? DIST_ENTRY) };
const versions = option('--version') ? [option('--version') as string] : ['0.14.13', '0.17.22'];
const rounds = Number(option('--rounds') ?? 2);
console.log(`A ${entries.A}\nB ${entries.B}\n${SAMPLES} calls each after ${WARMUP} warm-up rounds`);
for (let r = 0; r < rounds; r++) {
  // The builds' order swaps each round: whoever goes first in a round meets the machine first.
  const order: Label[] = r % 2 === 0 ? ['A', 'B', 'floor'] : ['B', 'A', 'floor'];
  for (const version of versions) console.log(await round(entries, version, order));
}
