// Where a warm list_discoveries call's time goes, against the floors: before the HTTP request, the exchange (to the response's headers), after it (the body, parse, views, the SDK's checks and write). Usage: tsx bench/call-phases.ts [--version 0.14.13] [entry, default dist/index.js]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiProcess } from './lib/api-process.js';
import { type FloorVariant, sdkFloorEntry } from './lib/sdk-floor.js';
import { callTool, DIST_ENTRY, type StdioServer, serverEnv, startServer } from './lib/server.js';
import { loadAverage, median, since } from './lib/stats.js';

const WARMUP = 300;
const SAMPLES = Number(process.env['PHASE_CALLS'] ?? 1_000);
const LIMIT = 50;
const PRELOAD = fileURLToPath(new URL('./lib/call-phases-preload.mjs', import.meta.url));

interface Phases {
  readonly before: number;
  readonly exchange: number;
  readonly after: number;
  readonly beforeCpu: number;
  readonly afterCpu: number;
}

interface Row {
  readonly label: string;
  readonly roundTrip: number;
  readonly before: number;
  readonly exchange: number;
  readonly after: number;
  readonly beforeCpu: number;
  readonly afterCpu: number;
}

const FLOORS: readonly [string, FloorVariant][] = [
  ['v1 floor (fetch)', 'list'],
  ['v2 floor (fetch)', 'v2-list'],
  ['v2 floor (node:http)', 'v2-list-http'],
];

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function measure(version: string, entry: string): Promise<Row[]> {
  const api = await startApiProcess(1_000, version);
  const dir = mkdtempSync(join(tmpdir(), 'ndm-call-phases-'));
  const targets: { label: string; server: StdioServer; out: string }[] = [];
  const roundTrips: number[][] = [];
  try {
    try {
      const files = [
        ['ours', entry] as const,
        ...FLOORS.map(([l, v]) => [l, sdkFloorEntry(v)] as const),
      ];
      for (const [label, file] of files) {
        const out = join(dir, `${targets.length}.json`);
        const env = { ...serverEnv(api.url), CALL_PHASES_OUT: out };
        targets.push({ label, server: await startServer(env, file, ['--import', PRELOAD]), out });
        roundTrips.push([]);
      }
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        // Interleaved, so every server sees the same machine.
        for (const [at, { label, server }] of targets.entries()) {
          const begin = process.hrtime.bigint();
          const result = await callTool(server, 'list_discoveries', { limit: LIMIT });
          if (result.isError) throw new Error(`${label}: ${result.content[0]?.text}`);
          if (i >= WARMUP) roundTrips[at]?.push(since(begin));
        }
      }
    } finally {
      // Each preload writes its phases as its process exits.
      await Promise.all(targets.map(({ server }) => server.close()));
      await api.close();
    }
    return targets.map(({ label, out }, at) => {
      const phases = (JSON.parse(readFileSync(out, 'utf8')) as Phases[]).slice(-SAMPLES);
      const of = (key: keyof Phases) => phases.map((p) => p[key]);
      return {
        label,
        roundTrip: median(roundTrips[at] ?? []),
        before: median(of('before')),
        exchange: median(of('exchange')),
        after: median(of('after')),
        beforeCpu: mean(of('beforeCpu')),
        afterCpu: mean(of('afterCpu')),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const versionAt = args.indexOf('--version');
const versions = versionAt === -1 ? ['0.14.13', '0.17.22'] : [args[versionAt + 1] ?? '0.14.13'];
const entryArg = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--version');
const entry = entryArg ? resolve(entryArg) : DIST_ENTRY;
const f = (value: number) => value.toFixed(2).padStart(6);
console.log(
  `${SAMPLES} warm list_discoveries of ${LIMIT} each after ${WARMUP}, interleaved; medians in ms (CPU: means of this process's user + system in that phase)`,
);
for (const version of versions) {
  const rows = await measure(version, entry);
  console.log(`\nScanopy ${version}, load average ${loadAverage()}`);
  console.log('                       round trip  before  exchange  after | CPU before  after');
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(22)} ${f(r.roundTrip)}     ${f(r.before)}  ${f(r.exchange)}   ${f(r.after)} |   ${f(r.beforeCpu)} ${f(r.afterCpu)}`,
    );
  }
  const ours = rows[0];
  const http = rows.find((r) => r.label.includes('node:http'));
  if (ours && http) {
    console.log(
      `ours - node:http floor  ${f(ours.roundTrip - http.roundTrip)}     ${f(ours.before - http.before)}  ${f(ours.exchange - http.exchange)}   ${f(ours.after - http.after)} |   ${f(ours.beforeCpu - http.beforeCpu)} ${f(ours.afterCpu - http.afterCpu)}`,
    );
  }
}
