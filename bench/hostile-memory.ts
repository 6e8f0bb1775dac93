// Hostile answers (issue 19 item 6) and one hostile --http client (issue 25): peak RSS of the server, and whether other callers are answered.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { startSampleApi } from '../src/sample-api/server.js';
import { httpBursts, postToolCall } from './http-bursts.js';
import { realisticHosts } from './lib/realistic-hosts.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { watchPeak } from './lib/rss.js';
import { API_KEY, callTool, DIST_ENTRY, serverEnv, startServer, textOf } from './lib/server.js';
import { mb, median, ms, since } from './lib/stats.js';

const CALLS = 16;
const ANSWER_BYTES = 30_000_000;
const MAX_PEAK_BYTES = 300_000_000;
/** config.ts: NETWORK_DISCOVERY_MAX_RESPONSE_BYTES' default. */
const DEFAULT_MAX_RESPONSE_BYTES = 24_000_000;

type Shape = 'small objects' | 'large strings';

/**
 * An envelope of `bytes`: ~400,000 small objects (costly to parse, as a hostile or broken service
 * sends), or thirty 1 MB string fields (cheap to parse, long to sanitize).
 */
function hostileBody(bytes: number, shape: Shape): Buffer {
  const item = JSON.stringify({
    id: '00000000-0000-4000-8000-000000000000',
    name: 'x'.repeat(shape === 'small objects' ? 40 : 1_000_000),
    status: 'Running',
  });
  const count = Math.floor((bytes - 40) / (item.length + 1));
  return Buffer.from(`{"success":true,"data":[${Array(count).fill(item).join(',')}]}`);
}

/** A service on 127.0.0.1 answering every list (discoveries and names) with the body, in 64 kB writes. */
async function startHostileApi(body: Buffer): Promise<{ url: URL; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/version')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: true, data: { api_version: 1, server_version: '0.14.13' } }),
      );
      return;
    }
    // Chunked, no Content-Length: the size cap cannot refuse it up front.
    res.writeHead(200, { 'content-type': 'application/json' });
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const more = res.write(body.subarray(at, at + 65_536));
        at += 65_536;
        if (!more) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Run {
  readonly label: string;
  readonly env: Record<string, string>;
  readonly bytes: number;
  readonly shape: Shape;
}

async function run({ label, env, bytes, shape }: Run): Promise<BenchResult> {
  const api = await startHostileApi(hostileBody(bytes, shape));
  const server = await startServer(serverEnv(api.url, env));
  try {
    const peak = watchPeak(server.pid);
    const start = process.hrtime.bigint();
    const results = await Promise.all(
      Array.from({ length: CALLS }, () =>
        callTool(server, 'list_discoveries', { limit: 50 }).then(
          (result) => ({ answered: true, result }),
          () => ({ answered: false, result: undefined }),
        ),
      ),
    );
    const elapsed = since(start);
    const peakBytes = peak.stop();
    const answered = results.filter((r) => r.answered).length;
    const count = (pattern: RegExp) =>
      results.filter((r) => pattern.test(textOf(r.result ?? { content: [] }))).length;
    const busy = count(/too large to hold right now/);
    const tooLarge = count(/was larger than .* MB and was not read/);
    return {
      name: `Hostile answers (${label})`,
      figure: `peak RSS ${mb(peakBytes)}, ${answered}/${CALLS} answered`,
      target: `< ${mb(MAX_PEAK_BYTES)}, all answered`,
      pass: peakBytes < MAX_PEAK_BYTES && answered === CALLS,
      detail: `${CALLS} concurrent list_discoveries, every list answered with ${mb(bytes)} of ${shape} (chunked): ${tooLarge} refused as too large, ${busy} as too large right now, all done in ${ms(elapsed, 0)}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

/** What legitimate answers weigh, against which the default cap is chosen. */
function legitSizes(): BenchResult {
  const envelope = (data: unknown[]) => Buffer.byteLength(JSON.stringify({ success: true, data }));
  const discoveries = envelope(realisticDiscoveries(1_000));
  // The name directory asks for one page of 1,000 hosts (the service caps pages at 1,000).
  const hostPage = envelope(realisticHosts(1_000));
  const allHosts = envelope(realisticHosts(20_000));
  return {
    name: 'Legitimate answers',
    figure: `largest page ${mb(Math.max(discoveries, hostPage))}`,
    target: `< ${mb(DEFAULT_MAX_RESPONSE_BYTES)} (the default cap)`,
    pass: Math.max(discoveries, hostPage) < DEFAULT_MAX_RESPONSE_BYTES,
    detail: `1,000 realistic discoveries ${mb(discoveries)}; a page of 1,000 hosts with their children ${mb(hostPage)}; all 20,000 hosts in one answer (never asked for) ${mb(allHosts)}`,
  };
}

/** The built server in --http mode on a free port of 127.0.0.1; resolves once it listens. */
async function startHttpServer(baseUrl: URL) {
  const child = spawn(process.execPath, [DIST_ENTRY, '--http', '--port', '0'], {
    env: serverEnv(baseUrl),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const found = /at (http:\/\/\S+\/mcp)/.exec(stderr);
      if (found?.[1]) resolve(new URL(found[1]));
    });
    child.once('exit', () => reject(new Error(`--http did not start: ${stderr}`)));
  });
  return {
    url,
    pid: child.pid as number,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One get_version call from 127.0.0.1 on a connection of its own: its status and time taken. */
async function victimCall(url: URL): Promise<{ status: number; ms: number }> {
  const start = process.hrtime.bigint();
  const status = await postToolCall(url, 'get_version');
  return { status, ms: since(start) };
}

type Attack = (url: URL, opened: Socket[]) => void;

/** `count` sockets from the hostile client's address (127.0.0.2), each set up by `use`. */
const fromHostile =
  (count: number, use: (socket: Socket) => void): Attack =>
  (url, opened) => {
    for (let i = 0; i < count; i++) {
      const socket = connect({
        port: Number(url.port),
        host: url.hostname,
        localAddress: '127.0.0.2',
      });
      socket.on('error', () => {});
      use(socket);
      opened.push(socket);
    }
  };

/** From 127.0.0.2: `count` POSTs each announcing and sending `bytes` of nested empty arrays. */
const hugeBodies = (count: number, bytes: number): Attack => {
  const body = Buffer.from('[]'.repeat(bytes / 2));
  return fromHostile(count, (socket) => {
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
  });
};

/** From 127.0.0.2: `count` sockets sending a whole head, then the body one byte every 200 ms. */
const drippingBodies = (count: number): Attack =>
  fromHostile(count, (socket) => {
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => socket.write('['), 200);
    socket.on('close', () => clearInterval(drip));
  });

/** From 127.0.0.2: `count` connections opened and left idle. */
const idleConnections = (count: number): Attack => fromHostile(count, () => {});

/** One hostile client (127.0.0.2) against --http while another (127.0.0.1) makes 20 calls, one at a time. */
async function httpAttack(label: string, attack: Attack): Promise<BenchResult> {
  const api = await startSampleApi({ apiKey: API_KEY });
  const server = await startHttpServer(api.url);
  const opened: Socket[] = [];
  try {
    const before = (await victimCall(server.url)).ms;
    const peak = watchPeak(server.pid);
    attack(server.url, opened);
    const calls: { status: number; ms: number }[] = [];
    for (let i = 0; i < 20; i++) calls.push(await victimCall(server.url));
    const peakBytes = peak.stop();
    const answered = calls.filter((call) => call.status === 200).length;
    return {
      name: `Hostile --http client (${label})`,
      figure: `${answered}/20 answered, median ${ms(median(calls.map((c) => c.ms)))}, peak RSS ${mb(peakBytes)}`,
      target: `all answered, < ${mb(MAX_PEAK_BYTES)}`,
      pass: answered === calls.length && peakBytes < MAX_PEAK_BYTES,
      detail: `another client's get_version calls during the attack (${ms(before)} before it); slowest ${ms(Math.max(...calls.map((c) => c.ms)))}`,
    };
  } finally {
    for (const socket of opened) socket.destroy();
    await server.close();
    await api.close();
  }
}

export async function hostileMemoryBench(): Promise<BenchResult[]> {
  const budgetOff = { NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT: '10000000000' };
  const capRaised = { NETWORK_DISCOVERY_MAX_RESPONSE_BYTES: '32000000' };
  const small: Shape = 'small objects';
  return [
    await httpAttack('64 bodies of 4 MB of empty arrays', hugeBodies(64, 4_000_000)),
    await httpAttack('64 bodies dripped a byte at a time', drippingBodies(64)),
    await httpAttack('200 idle connections', idleConnections(200)),
    await httpBursts(startHttpServer),
    legitSizes(),
    await run({ label: 'defaults', env: {}, bytes: ANSWER_BYTES, shape: small }),
    await run({ label: 'defaults', env: {}, bytes: ANSWER_BYTES, shape: 'large strings' }),
    // Below the cap nothing is refused up front: the worst the defaults let through.
    await run({
      label: 'defaults, just under the cap',
      env: {},
      bytes: DEFAULT_MAX_RESPONSE_BYTES - 100_000,
      shape: small,
    }),
    // Before this change the cap was 32 MB: 30 MB answers were read and parsed whole.
    await run({ label: 'cap 32 MB', env: capRaised, bytes: ANSWER_BYTES, shape: small }),
    await run({
      label: 'cap 32 MB, budget off',
      env: { ...capRaised, ...budgetOff },
      bytes: ANSWER_BYTES,
      shape: small,
    }),
  ];
}

await runIfMain(import.meta.url, hostileMemoryBench);
