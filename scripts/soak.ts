// npm run soak: 5,000 calls at 50 in flight over stdio against the sample API with random faults.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type RecordedRequest, startSampleApi } from '../src/sample-api/server.js';
import { updateArgs } from '../test/fixtures.js';
import { serverTransport } from '../test/stdio-client.js';

const CALLS = Number(process.env['SOAK_CALLS'] ?? 5_000);
const IN_FLIGHT = Number(process.env['SOAK_IN_FLIGHT'] ?? 50);
const FAULT_RATE = Number(process.env['SOAK_FAULT_RATE'] ?? 0.1);
const SEED = Number(process.env['SOAK_SEED'] ?? 20_261_122);
const KEY = 'scp_u_soak00000000000000000000000000';

/** mulberry32: a seeded generator, so a run can be repeated exactly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
// Two streams: the call mix repeats exactly; which request meets a fault depends on arrival order.
const callRandom = seeded(SEED);
const faultRandom = seeded(SEED + 1);
const pick = <T>(items: readonly T[]): T => items[Math.floor(faultRandom() * items.length)] as T;

type Fault = (res: ServerResponse) => void;
const FAULTS: Readonly<Record<string, Fault>> = {
  'drop connection': (res) => res.socket?.destroy(),
  '500 text': (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('database error'),
  '502 empty': (res) => res.writeHead(502).end(),
  '200 HTML': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>'),
  'invalid JSON': (res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":tru'),
  '429 Retry-After 0': (res) =>
    res
      .writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' })
      .end('{"success":false,"error":"Rate limit exceeded"}'),
  'slow answer (150 ms)': () => {},
};
const injected: Record<string, number> = {};

function intercept(_req: RecordedRequest, res: ServerResponse): boolean | Promise<boolean> {
  if (faultRandom() >= FAULT_RATE) return false;
  const kind = pick(Object.keys(FAULTS));
  injected[kind] = (injected[kind] ?? 0) + 1;
  if (kind === 'slow answer (150 ms)') {
    return new Promise((resolve) => setTimeout(() => resolve(false), 150));
  }
  FAULTS[kind]?.(res);
  return true;
}

const UPDATE = updateArgs('soak-Community-0000');

/** The mix of calls an agent makes: mostly reads, some write previews, a few bad arguments. */
const MIX: readonly (readonly [number, string, Record<string, unknown>])[] = [
  [40, 'list_discoveries', { limit: 0 }],
  [15, 'get_version', {}],
  [15, 'list_snmp_credentials', {}],
  [15, 'get_unseen_release_notes', {}],
  [10, 'update_snmp_credential', UPDATE],
  [5, 'list_discoveries', { limit: -1 }],
];
const WEIGHTS = MIX.reduce((sum, [weight]) => sum + weight, 0);

function nextCall(): readonly [string, Record<string, unknown>] {
  let roll = callRandom() * WEIGHTS;
  for (const [weight, name, args] of MIX) {
    roll -= weight;
    if (roll < 0) return [name, args];
  }
  return ['get_version', {}];
}

/** Failure kinds, read from the first words of the message a model would see. */
function kindOf(result: CallToolResult): string {
  if (!result.isError) return 'ok';
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  const kinds: readonly (readonly [RegExp, string])[] = [
    [/Input validation error/, 'invalid arguments (expected)'],
    [/rate limiting/, 'rate limited (429)'],
    [/Could not reach/, 'network'],
    [/within [\d.]+ s/, 'timeout'],
    [/does not offer/, 'not offered (HTML page)'],
    [/not what the API describes/, 'bad body'],
    [/HTTP 5\d\d/, 'service 5xx'],
    [/Internal error/, 'INTERNAL ERROR'],
  ];
  return kinds.find(([pattern]) => pattern.test(text))?.[1] ?? `other: ${text.slice(0, 60)}`;
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, from /proc. */
function memoryOf(pid: number | null): string {
  if (pid === null) return 'unknown';
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) =>
      `${(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024).toFixed(1)} MB`;
    return `${mb('VmHWM')} peak, ${mb('VmRSS')} at the end (server process)`;
  } catch {
    return 'unknown (no /proc)';
  }
}

/** stderr lines counted by kind (audit, or log level), most frequent first. */
function summarize(stderr: string): string {
  const groups: Record<string, number> = {};
  for (const line of stderr.split('\n').filter(Boolean)) {
    const level = /^\[[^\]]+\] (\w+):/.exec(line)?.[1];
    const key = line.startsWith('{"time"') ? 'audit lines' : `${level ?? 'other'} lines`;
    groups[key] = (groups[key] ?? 0) + 1;
  }
  return Object.entries(groups)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([key, count]) => `${count} ${key}`)
    .join(', ');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<number> {
  const api = await startSampleApi({ intercept });
  const transport = serverTransport({
    baseUrl: api.url,
    apiKey: KEY,
    env: {
      NETWORK_DISCOVERY_TIMEOUT_MS: '5000',
      // The quota would stretch 5,000 calls over 17 minutes; the soak is about the server.
      NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: '100000',
      NETWORK_DISCOVERY_RATE_LIMIT_BURST: '100000',
    },
  });
  let stderrBytes = 0;
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrBytes += chunk.length;
    if (stderr.length < 1_000_000) stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'soak', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid;

  const latencies: number[] = [];
  const kinds: Record<string, number> = {};
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < CALLS) {
      issued++;
      const [name, args] = nextCall();
      const t0 = performance.now();
      let kind: string;
      try {
        kind = kindOf((await client.callTool({ name, arguments: args })) as CallToolResult);
      } catch (error) {
        kind = `PROTOCOL ERROR: ${error instanceof Error ? error.message : String(error)}`;
      }
      latencies.push(performance.now() - t0);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  const memory = memoryOf(pid);
  const alive = !((await client.callTool({ name: 'get_version' })) as CallToolResult).isError;
  await client.close();
  await api.close();

  latencies.sort((a, b) => a - b);
  const failures = Object.entries(kinds)
    .filter(([kind]) => kind !== 'ok')
    .sort(([, a], [, b]) => b - a);
  console.log(
    [
      `soak: ${latencies.length} calls, ${IN_FLIGHT} in flight, fault rate ${FAULT_RATE * 100}% (seed ${SEED})`,
      `  wall time     ${seconds.toFixed(1)} s (${Math.round(latencies.length / seconds)} calls/s)`,
      `  succeeded     ${kinds['ok'] ?? 0}`,
      `  failed        ${latencies.length - (kinds['ok'] ?? 0)}`,
      ...failures.map(([kind, count]) => `    ${String(count).padStart(5)}  ${kind}`),
      `  latency       p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
      `  RSS           ${memory}`,
      `  faults sent   ${Object.entries(injected)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}`,
      `  stderr        ${stderrBytes} bytes: ${summarize(stderr)}`,
      `  afterwards    ${alive ? 'server alive, get_version answers' : 'SERVER NOT ANSWERING'}`,
    ].join('\n'),
  );
  const broken = Object.keys(kinds).some((kind) => /PROTOCOL ERROR|INTERNAL ERROR/.test(kind));
  return broken || !alive ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
