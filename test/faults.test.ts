// The fault matrix: each way the service or the network can fail, through a real MCP client, then recovery.

import type { ServerResponse } from 'node:http';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_ORGANIZATION_ID } from '../src/sample-api/data.js';
import type { RecordedRequest } from '../src/sample-api/server.js';
import { envelopeError, JSON_TYPE, reply, type SampleApi, startFakeApi } from './fake-api.js';
import { type Harness, type HarnessOptions, startHarness, textOf } from './harness.js';

const DISCOVERY = '/api/v1/discovery';
const CREDENTIAL = `/api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harnessWith(options: HarnessOptions = {}): Promise<Harness> {
  const harness = await startHarness({ elicit: 'accept', ...options });
  cleanups.push(() => harness.close());
  return harness;
}

const list = (h: Harness) => h.call('list_discoveries', { limit: 2 });
const update = (h: Harness) =>
  h.call('update_snmp_credential', {
    id: SAMPLE_CREDENTIAL_ID,
    organization_id: SAMPLE_ORGANIZATION_ID,
    name: 'Office switches',
    community: 'fault-Matrix-Community-1',
    tags: [],
  });

type Fault = (request: RecordedRequest, res: ServerResponse) => unknown;

/** Answers matching requests with the fault: the first `times` of them, then the real routes. */
function inject(h: Harness, method: string, path: string, fault: Fault, times = 1): void {
  let left = times;
  h.api.setIntercept(async (request, res) => {
    if (request.method !== method || request.path !== path || left <= 0) return false;
    left--;
    await fault(request, res);
    return true;
  });
}

const sent = (h: Harness, method: string, path: string) =>
  h.api.requests.filter((r) => r.method === method && r.path === path);

/** The process is still up and the same server answers the next call normally. */
async function expectRecovered(h: Harness): Promise<void> {
  h.api.setIntercept(undefined);
  const next = await list(h);
  expect(next.isError, textOf(next)).toBeFalsy();
  expect(textOf(next)).toContain('# Discoveries');
}

function expectError(result: CallToolResult, ...fragments: (string | RegExp)[]): void {
  expect(result.isError).toBe(true);
  for (const fragment of fragments) expect(textOf(result)).toMatch(fragment);
}

/** A loopback port with nothing listening (closed at once, so connecting is refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real service coming back on a port the harness was pointed at. */
async function serviceOn(port: number): Promise<SampleApi> {
  const api = await startFakeApi({ port });
  cleanups.push(() => api.close());
  return api;
}

/**
 * A listening socket whose accept queue is full, so a new connection's SYN is dropped and the
 * connect hangs: a true connect timeout on loopback. Linux completes handshakes for backlog+1
 * connections without the program accepting them; the listener lives in a worker whose event
 * loop is blocked, so it never accepts, and the filler sockets occupy the queue.
 */
async function unacceptingPort(): Promise<{ port: number; release(): Promise<void> }> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const server = require('node:net').createServer();
     server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       Atomics.wait(workerData, 0, 0);
     });`,
    { eval: true, workerData: gate },
  );
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  const fillers: Socket[] = [];
  // Fill the queue until a connection hangs (setup, not an assertion: 300 ms is ample on loopback).
  for (let i = 0; i < 16; i++) {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.on('error', () => {});
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 300);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!connected) break;
  }
  return {
    port,
    async release() {
      for (const socket of fillers) socket.destroy();
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      await worker.terminate();
    },
  };
}

/** Streams `total` bytes of JSON-looking text, honouring backpressure; resolves with bytes written. */
function stream(res: ServerResponse, total: number, headers: Record<string, string>) {
  return new Promise<number>((resolve) => {
    res.writeHead(200, { ...JSON_TYPE, ...headers });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      resolve(written);
    });
    const pump = () => {
      while (!closed && written < total) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end(() => resolve(written));
    };
    pump();
  });
}

describe('network faults', () => {
  it('connection refused: names the address; the next call works once the service is up', async () => {
    const port = await closedPort();
    const h = await harnessWith({ baseUrl: new URL(`http://127.0.0.1:${port}`) });
    expectError(
      await list(h),
      `Could not reach the service at http://127.0.0.1:${port}`,
      'ECONNREFUSED',
    );
    await serviceOn(port);
    await expectRecovered(h);
  });

  it('connect timeout: a listener that never accepts; not retried; recovers', async () => {
    const blocked = await unacceptingPort();
    cleanups.push(() => blocked.release());
    const h = await harnessWith({
      baseUrl: new URL(`http://127.0.0.1:${blocked.port}`),
      connectTimeoutMs: 500,
    });
    expectError(
      await list(h),
      'GET /api/v1/discovery got no answer within 0.5 s: the connection was never accepted, so nothing was sent',
      'check the host and port in NETWORK_DISCOVERY_BASE_URL',
    );
    expect(h.logs.filter((line) => line.includes('attempt 2'))).toEqual([]);
    await blocked.release();
    await serviceOn(blocked.port);
    await expectRecovered(h);
  });

  it('headers never sent: times out once, is not retried, and the next call works', async () => {
    const h = await harnessWith({ headersTimeoutMs: 500 });
    inject(h, 'GET', DISCOVERY, () => {});
    expectError(
      await list(h),
      'got no answer within 0.5 s. Silence for that long usually means the wrong port',
      'check the port in NETWORK_DISCOVERY_BASE_URL',
      'Raise NETWORK_DISCOVERY_TIMEOUT_MS only if the service is known to be slow',
    );
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('body stalls midway: times out on the body, is not retried', async () => {
    const h = await harnessWith({ bodyTimeoutMs: 500 });
    inject(h, 'GET', DISCOVERY, (_req, res) => {
      res.writeHead(200, { ...JSON_TYPE, 'content-length': '4000' });
      res.write('{"success":true,"data":[');
    });
    // Headers came, so the port is right: the service is slow, not silent.
    const result = await list(h);
    expectError(result, 'got no complete answer within 0.5 s: the answer started, then stalled');
    expectError(result, 'The service may be overloaded', 'NETWORK_DISCOVERY_TIMEOUT_MS');
    expect(textOf(result)).not.toContain('wrong port');
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('the connection drops mid-body on a read: retried, and the retry succeeds', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) => {
      res.writeHead(200, { ...JSON_TYPE, 'content-length': '4000' });
      res.write('{"success":true,"data":[', () => res.socket?.destroy());
    });
    const result = await list(h);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(2);
    await expectRecovered(h);
  });

  it('the connection drops after a write is sent: the PUT is sent exactly once', async () => {
    const h = await harnessWith();
    inject(h, 'PUT', CREDENTIAL, (_req, res) => res.socket?.destroy());
    expectError(await update(h), 'may or may not have been applied', 'read the credential back');
    expect(sent(h, 'PUT', CREDENTIAL)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('cancelling the MCP request aborts the HTTP request at once', async () => {
    // A minute-long limit: only the cancellation can end this request within the test.
    const h = await harnessWith({ timeoutMs: 60_000 });
    let closed: Promise<void> = new Promise(() => {});
    const arrived = new Promise<void>((resolve) => {
      inject(h, 'GET', DISCOVERY, (_req, res) => {
        closed = new Promise<void>((done) => res.on('close', () => done()));
        resolve();
      });
    });
    const controller = new AbortController();
    const call = h.client
      .callTool({ name: 'list_discoveries', arguments: {} }, undefined, {
        signal: controller.signal,
      })
      .catch((error: unknown) => error);
    await arrived;
    controller.abort();
    await closed;
    expect(await call).toBeInstanceOf(Error);
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });
});

describe('odd answers from the service', () => {
  it('500 with an HTML page: the status, never the page; not retried', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) =>
      reply(res, 500, '<!doctype html><html><body><h1>Internal Server Error</h1></body></html>', {
        'content-type': 'text/html',
      }),
    );
    const result = await list(h);
    expectError(result, 'failed with HTTP 500', 'Try again later');
    expect(textOf(result)).not.toContain('<');
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('502 with an empty body on a read: retried, and the retry succeeds', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) => reply(res, 502, ''));
    const result = await list(h);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(2);
    await expectRecovered(h);
  });

  it('502 on every read: a few attempts, then the 502', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) => reply(res, 502, ''), Number.POSITIVE_INFINITY);
    expectError(await list(h), 'failed with HTTP 502');
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(3);
    await expectRecovered(h);
  });

  it('502 on a write: the PUT is sent exactly once', async () => {
    const h = await harnessWith();
    inject(h, 'PUT', CREDENTIAL, (_req, res) => reply(res, 502, ''));
    expectError(await update(h), 'PUT /api/v1/snmp-credentials/', 'HTTP 502');
    expect(sent(h, 'PUT', CREDENTIAL)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('invalid JSON with status 200', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) => reply(res, 200, '{success: yes', JSON_TYPE));
    expectError(await list(h), 'the body is not valid JSON', 'NETWORK_DISCOVERY_BASE_URL');
    await expectRecovered(h);
  });

  it('truncated JSON with status 200', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) =>
      reply(res, 200, '{"success":true,"data":[{"id":"7f1c', JSON_TYPE),
    );
    expectError(await list(h), 'the body is not valid JSON');
    await expectRecovered(h);
  });

  it('an HTML page with status 200: the route is not offered here', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) =>
      reply(res, 200, '<!doctype html><html><body><div id="app"></div></body></html>', {
        'content-type': 'text/html',
      }),
    );
    expectError(await list(h), 'does not offer GET /api/v1/discovery');
    await expectRecovered(h);
  });

  it('an envelope with success:false and status 200', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) =>
      reply(res, 200, envelopeError('Discovery index is rebuilding'), JSON_TYPE),
    );
    expectError(await list(h), 'HTTP 200', 'Discovery index is rebuilding', 'reported a failure');
    await expectRecovered(h);
  });

  it.each([
    [400, 'Failed to deserialize query string: invalid digit found in string'],
    [415, 'Expected request with `Content-Type: application/json`'],
    [422, 'Failed to deserialize the JSON body into the target type: missing field `community`'],
  ])('plain-text %i: the status and the text, as a fixable request', async (status, body) => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) =>
      reply(res, status, body, { 'content-type': 'text/plain; charset=utf-8' }),
    );
    expectError(await list(h), `HTTP ${status}`, body, 'rejected the request as invalid');
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('402 with an object error and no meta', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, (_req, res) =>
      reply(
        res,
        402,
        JSON.stringify({
          success: false,
          error: { message: 'API access is not included in your plan', plan: 'Community' },
        }),
        JSON_TYPE,
      ),
    );
    expectError(
      await list(h),
      'HTTP 402',
      'API access is not included in your plan',
      'Retrying will not help',
    );
    await expectRecovered(h);
  });

  it.each([301, 302, 307, 308])(
    '%i redirect: not followed, credentials stay home, the Location is named',
    async (status) => {
      const elsewhere = await startFakeApi();
      cleanups.push(() => elsewhere.close());
      const location = new URL('/api/v1/discovery?stolen=1', elsewhere.url).href;
      const h = await harnessWith();
      inject(h, 'GET', DISCOVERY, (_req, res) => reply(res, status, '', { location }));
      expectError(await list(h), `HTTP ${status}`, `redirected to "${location}"`);
      expect(elsewhere.requests).toHaveLength(0);
      expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
      await expectRecovered(h);
    },
  );

  it('a 50 MB body streamed without a length: cut at the cap, never buffered whole', async () => {
    const h = await harnessWith();
    let written: Promise<number> = Promise.resolve(0);
    inject(h, 'GET', DISCOVERY, (_req, res) => {
      written = stream(res, 50_000_000, {});
    });
    expectError(await list(h), 'larger than 24 MB', 'was not read');
    // The client stopped reading at the cap, so the server could not write the rest.
    expect(await written).toBeLessThan(50_000_000);
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('a 50 MB body announced by Content-Length: refused before reading', async () => {
    const h = await harnessWith();
    let written: Promise<number> = Promise.resolve(0);
    inject(h, 'GET', DISCOVERY, (_req, res) => {
      written = stream(res, 50_000_000, { 'content-length': '50000000' });
    });
    expectError(await list(h), 'larger than 24 MB');
    expect(await written).toBeLessThan(50_000_000);
    await expectRecovered(h);
  });
});

describe('429 from the service', () => {
  const tooMany = (retryAfter?: string) => (_req: RecordedRequest, res: ServerResponse) =>
    reply(
      res,
      429,
      JSON.stringify({ success: false, error: 'Rate limit exceeded', meta: { api_version: 1 } }),
      { ...JSON_TYPE, ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) },
    );

  it('Retry-After: 0 is a short jittered pause, not "at once"; the retry succeeds', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, tooMany('0'));
    const result = await list(h);
    expect(result.isError, textOf(result)).toBeFalsy();
    const [first, second] = sent(h, 'GET', DISCOVERY);
    // A lower bound only: the backoff is at least 75% of its 300 ms base.
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(200);
    await expectRecovered(h);
  });

  it('a 429 without Retry-After is treated like Retry-After: 0', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, tooMany());
    const result = await list(h);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(2);
  });

  it('Retry-After: 2 is honoured, then the retry succeeds', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, tooMany('2'));
    const result = await list(h);
    expect(result.isError, textOf(result)).toBeFalsy();
    const [first, second] = sent(h, 'GET', DISCOVERY);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
    await expectRecovered(h);
  });

  it('429 forever: a few attempts within a bounded wait, then when to try again', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, tooMany('0'), Number.POSITIVE_INFINITY);
    expectError(await list(h), 'HTTP 429', 'Wait a few seconds and try again');
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(4);
    await expectRecovered(h);
  });

  it('a Retry-After beyond the wait budget is reported at once with the wait', async () => {
    const h = await harnessWith();
    inject(h, 'GET', DISCOVERY, tooMany('45'), Number.POSITIVE_INFINITY);
    expectError(await list(h), 'HTTP 429', 'Wait 45 seconds');
    expect(sent(h, 'GET', DISCOVERY)).toHaveLength(1);
    await expectRecovered(h);
  });

  it('a 429 on a write is retried: the service did not process it', async () => {
    const h = await harnessWith();
    inject(h, 'PUT', CREDENTIAL, tooMany('0'));
    const result = await update(h);
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(sent(h, 'PUT', CREDENTIAL)).toHaveLength(2);
    await expectRecovered(h);
  });
});
