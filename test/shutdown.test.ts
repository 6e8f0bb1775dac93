// Clean shutdown: stdin closing or SIGTERM ends the built server, even mid-request, tearing the request down (asserted on events, not time).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './build-dist.js';
import { outputOf } from './child-output.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type RawServer, spawnRaw } from './raw-stdio.js';

let api: SampleApi;
let running: RawServer | undefined;
let arrived: () => void = () => {};
let requestArrived: Promise<void>;
let upstreamClosed: Promise<void>;

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

afterEach(async () => {
  running?.child.kill('SIGKILL');
  running = undefined;
  await api?.close();
});

/** A fake whose discovery list never answers, and a server with a call to it in flight. */
async function startWithRequestInFlight(): Promise<RawServer> {
  let closed: () => void = () => {};
  upstreamClosed = new Promise((resolve) => {
    closed = resolve;
  });
  requestArrived = new Promise((resolve) => {
    arrived = resolve;
  });
  api = await startFakeApi({
    intercept: (req, res) => {
      if (req.path !== '/api/v1/discovery') return false;
      res.on('close', closed);
      arrived();
      return true;
    },
  });
  const server = spawnRaw({
    NETWORK_DISCOVERY_BASE_URL: api.url.href,
    NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    NETWORK_DISCOVERY_TIMEOUT_MS: '600000',
  });
  running = server;
  await server.initialize();
  void server.request('tools/call', { name: 'list_discoveries', arguments: {} });
  await requestArrived;
  return server;
}

function expectCleanStreams(server: RawServer) {
  const stdout = server.stdoutBytes().toString('utf8');
  for (const line of stdout.split('\n').filter(Boolean)) {
    expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  }
  const stderr = server.stderrText();
  expect(stderr).not.toMatch(/unhandled|uncaught|Error:|at .+:\d+:\d+/i);
  expect(stderr).not.toContain(TEST_API_KEY);
}

describe('the built server with a request in flight against a fake that never answers', () => {
  it('ends within a second when stdin closes, aborting the request', async () => {
    const server = await startWithRequestInFlight();
    server.child.stdin.end();
    // Events, not a stopwatch: the request to the fake is torn down and the process exits 0.
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    await upstreamClosed;
    expectCleanStreams(server);
  });

  it('ends within a second on SIGTERM, aborting the request', async () => {
    const server = await startWithRequestInFlight();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    await upstreamClosed;
    expectCleanStreams(server);
  });
});

describe('process guards', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ndm-guards-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs a small script with the guards installed, through tsx, and collects its output. */
  async function guarded(body: string) {
    const script = join(dir, `guard-${Math.random().toString(36).slice(2)}.ts`);
    writeFileSync(
      script,
      [
        `import { installProcessGuards } from ${JSON.stringify(join(ROOT, 'src/cli/process-guards.ts'))};`,
        `import { createLogger } from ${JSON.stringify(join(ROOT, 'src/log.ts'))};`,
        `import { createRedactor } from ${JSON.stringify(join(ROOT, 'src/safety/redact.ts'))};`,
        `installProcessGuards(createLogger(createRedactor([${JSON.stringify(TEST_API_KEY)}])));`,
        body,
      ].join('\n'),
    );
    return outputOf(spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT }));
  }

  it('logs an unhandled rejection redacted, on stderr only, and keeps the process alive', async () => {
    const out = await guarded(
      [
        `Promise.reject(new Error('request with Authorization: Bearer ${TEST_API_KEY} failed'));`,
        `setTimeout(() => { process.stdout.write('still alive\\n'); }, 50);`,
      ].join('\n'),
    );
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('still alive\n');
    expect(out.stderr).toContain('unhandled rejection');
    expect(out.stderr).toContain('[redacted]');
    expect(out.stderr).not.toContain(TEST_API_KEY);
  });

  it('keeps serving after the client closes its stderr (EPIPE on every later log line)', async () => {
    api = await startFakeApi();
    const server = spawnRaw({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      // A preview without a form or an app is the token path, an opt-in.
      NETWORK_DISCOVERY_CONFIRM: 'token',
    });
    running = server;
    await server.initialize();
    server.child.stderr.destroy();
    // A write preview logs an audit line to stderr, now a broken pipe.
    for (const community of ['closed-stderr-1', 'closed-stderr-2']) {
      const preview = await server.request('tools/call', {
        name: 'update_snmp_credential',
        arguments: updateArgs(community),
      });
      expect(preview['result']).toMatchObject({ structuredContent: { status: 'preview' } });
    }
    // Still serving after the broken pipe: a call answered after every failed write, no exit.
    const version = await server.request('tools/call', { name: 'get_version', arguments: {} });
    expect(version['result']).toMatchObject({ structuredContent: { api_version: 1 } });
    expect(server.child.exitCode).toBeNull();
  });

  it('logs an uncaught exception redacted and exits with 1', async () => {
    const out = await guarded(
      `setTimeout(() => { throw new Error('boom with ${TEST_API_KEY}'); }, 0);`,
    );
    expect(out.status).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('uncaught exception');
    expect(out.stderr).not.toContain(TEST_API_KEY);
  });
});
