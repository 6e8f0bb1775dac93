// Issue 25's attacks of one hostile client on --http: slow and huge bodies, many connections, made-up keys, slow huge answers.
import type { Socket } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallerQueues } from '../src/api/transport/caller-queues.js';
import type { RawRequest } from '../src/api/transport/http.js';
import { createResponseBudget } from '../src/api/transport/response-budget.js';
import { createTransport } from '../src/api/transport/transport.js';
import type { HttpOptions } from '../src/cli/http.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';
import { serveLocally } from './local-service.js';
import {
  ATTACKER_ADDRESS,
  answerOn,
  dripBodies,
  openSocket,
  postHead,
  postRaw,
  toolCallBody,
} from './raw-http.js';

const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';
const KEY_NEWCOMER = 'scp_u_NEWCOMER0123456789abcdefABCDE';
const KEY_MALLORY = 'scp_u_MALLORY0123456789abcdefABCDEF';

const cleanups: (() => Promise<void> | void)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fakeApi(): Promise<SampleApi> {
  const api = await startFakeApi({ apiKeys: [KEY_ALICE, KEY_NEWCOMER] });
  cleanups.push(() => api.close());
  return api;
}

async function instance(
  api: SampleApi,
  env: Record<string, string> = {},
  options: Partial<HttpOptions> = {},
): Promise<HttpInstance> {
  const started = await startHttpInstance(api.url, env, { http: options });
  cleanups.push(() => started.close());
  return started;
}

async function client(url: URL, apiKey: string): Promise<Client> {
  const clients: Client[] = [];
  cleanups.push(() => Promise.all(clients.map((c) => c.close())).then(() => {}));
  return connectHttp(clients, url, { apiKey, name: 'caller' });
}

const listOne = async (caller: Client) =>
  (await caller.callTool({ name: 'list_discoveries', arguments: { limit: 1 } })) as CallToolResult;

/** Waits for `event` to have happened, looking each turn of the event loop (no time limit of its own). */
async function until(event: () => boolean): Promise<void> {
  while (!event()) await new Promise((resolve) => setImmediate(resolve));
}

describe('request bodies', () => {
  it('64 sockets dripping a body a byte at a time lock no caller out: every call of another client is answered', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api);
    const drip = dripBodies(handle.url, 64);
    cleanups.push(() => drip.stop());
    const alice = await client(handle.url, KEY_ALICE);
    // The drip has taken what it can: the server has dropped some of its sockets to make room.
    await until(() => drip.dropped() > 0);
    for (let i = 0; i < 10; i++) {
      const result = await listOne(alice);
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    }
  }, 30_000);

  it('a body announced larger than the cap is answered 413 without being read', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api, { NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES: '65536' });
    const socket = await openSocket(handle.url, sockets);
    const answer = answerOn(socket);
    // 4 MB of nested empty arrays announced, none of it sent.
    socket.write(postHead(4_000_000, KEY_ALICE));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('limited to 65536 bytes (NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES)');
  });

  it('a chunked body that grows past the cap is answered 413 and its connection closed', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api, { NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES: '65536' });
    const socket = await openSocket(handle.url, sockets);
    const answer = answerOn(socket);
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = '[]'.repeat(8_192);
    // Written until the server closes the connection: at most a few chunks past the cap.
    let written = 0;
    while (!socket.destroyed && written < 4_000_000) {
      const ok = socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      written += chunk.length;
      if (!ok) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = await answer;
    expect(written).toBeLessThan(4_000_000);
    // The 413 is written first; a reset may still beat it to the client when bytes were in flight.
    if (text !== '') expect(text).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('a body that does not arrive within the deadline is answered 408', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api, { NETWORK_DISCOVERY_HTTP_BODY_TIMEOUT_MS: '300' });
    const socket = await openSocket(handle.url, sockets);
    const answer = answerOn(socket);
    socket.write(`${postHead(1_000, KEY_ALICE)}{"jsonrpc":`);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('did not arrive within 300 ms');
  });

  it('requests still receiving a body are capped apart: beyond the cap the oldest is dropped, the newer kept', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api, { NETWORK_DISCOVERY_HTTP_MAX_BODY_SOCKETS: '2' });
    const held: Socket[] = [];
    const ends: Promise<string>[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = await openSocket(handle.url, sockets);
      ends.push(answerOn(socket));
      socket.write(`${postHead(100, KEY_ALICE)}{`);
      held.push(socket);
      // A whole request answered after this head: the server has read the head before it.
      expect(
        (await postRaw(handle.url, toolCallBody('get_version'), { apiKey: KEY_ALICE })).status,
      ).toBe(200);
    }
    // The oldest is dropped without an answer; the two newer still wait for their bodies.
    expect(await ends[0]).toBe('');
    expect(held.map((socket) => socket.destroyed)).toEqual([true, false, false]);
  });
});

describe('connections of one client address', () => {
  it('beyond the per-address cap a connection is answered 503; another address is still served', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api, {
      NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS_PER_ADDRESS: '4',
    });
    for (let i = 0; i < 4; i++) await openSocket(handle.url, sockets, ATTACKER_ADDRESS);
    const fifth = await openSocket(handle.url, sockets, ATTACKER_ADDRESS);
    const refused = await answerOn(fifth);
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toContain('too many connections from your address');
    const alice = await client(handle.url, KEY_ALICE);
    expect((await listOne(alice)).isError).toBeFalsy();
  });

  it("200 connections of one client whose calls the service holds leave room for another client's calls", async () => {
    // The service holds every list Mallory asks for: each of her connections stays in progress.
    const held: (() => void)[] = [];
    const api = await startFakeApi({
      apiKeys: [KEY_ALICE, KEY_MALLORY],
      intercept: (req, res) => {
        if (req.path !== '/api/v1/discovery') return false;
        if (req.headers['authorization'] !== `Bearer ${KEY_MALLORY}`) return false;
        held.push(() => res.destroy());
        return true;
      },
    });
    cleanups.push(() => api.close());
    const { handle } = await instance(api);
    cleanups.push(() => {
      for (const release of held) release();
    });
    const answers = Array.from({ length: 200 }, () =>
      postRaw(handle.url, toolCallBody('list_discoveries'), {
        apiKey: KEY_MALLORY,
        localAddress: ATTACKER_ADDRESS,
      }).catch(() => undefined),
    );
    // Beyond the 32 connections an address may hold, Mallory's calls are turned away (some of
    // those let in too, as sockets past the header cap); the service holds what she sent it.
    let refused = 0;
    for (const answer of answers) {
      void answer.then((a) => {
        if (a === undefined || a.status === 503) refused += 1;
      });
    }
    await until(() => refused >= 200 - 32 && held.length >= 8);
    const alice = await client(handle.url, KEY_ALICE);
    for (let i = 0; i < 5; i++) expect((await listOne(alice)).isError).toBeFalsy();
  }, 30_000);
});

describe('made-up keys', () => {
  it('a valid key new to the process is served during a flood of made-up keys from another address', async () => {
    const api = await fakeApi();
    // A quota the flood keeps busy (10 a second), and short queues so it overflows them.
    const { handle } = await instance(api, {
      NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: '600',
      NETWORK_DISCOVERY_RATE_LIMIT_BURST: '10',
      NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS: '5',
    });
    let stopped = false;
    let busy = 0;
    const flood = Array.from({ length: 24 }, async (_, i) => {
      for (let n = 0; !stopped; n++) {
        const answer = await postRaw(handle.url, toolCallBody('list_discoveries', { limit: 1 }), {
          apiKey: `scp_u_MADEUP${i}x${n}abcdefghijklmnopqrstuv`,
          localAddress: ATTACKER_ADDRESS,
        }).catch(() => undefined);
        if (answer?.text.includes('this server is busy')) busy += 1;
      }
    });
    cleanups.push(async () => {
      stopped = true;
      await Promise.all(flood);
    });
    // The made-up keys' queue has overflowed: they are being turned away as busy.
    await until(() => busy > 0);
    const newcomer = await client(handle.url, KEY_NEWCOMER);
    const result = await listOne(newcomer);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  }, 60_000);
});

describe('the transport under callers', () => {
  /** A service whose answers to /slow stop half-way until `release()`; /small and the rest answer at once. */
  async function slowAndSmall() {
    const waiting: (() => void)[] = [];
    let paused = 0;
    const url = await serveLocally((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/slow')) {
        const half = `{"success":true,"data":[],"pad":"${'x'.repeat(500_000)}`;
        res.write(half);
        paused += 1;
        waiting.push(() => res.end(`${'y'.repeat(500_000)}"}`));
        return;
      }
      res.end(`{"success":true,"data":[],"pad":"${'s'.repeat(50_000)}"}`);
    }, cleanups);
    return {
      url,
      paused: () => paused,
      release: () => {
        for (const go of waiting.splice(0)) go();
      },
    };
  }

  const get = (url: URL, path: string, headers: Record<string, string> = {}): RawRequest => ({
    endpoint: { method: 'GET', path },
    url: new URL(path, url),
    headers,
  });

  it("the response budget: a caller under its share reads on while another caller's answers hold the total", () => {
    const budget = createResponseBudget(200_000, 20_000);
    const mallory = [budget.open('mallory'), budget.open('mallory'), budget.open('mallory')];
    // The oldest read never waits; Mallory's others are over the total and must wait.
    expect(mallory[0]?.take(500_000)).toBe(true);
    expect(mallory[1]?.take(64_000)).toBe(false);
    expect(mallory[2]?.take(64_000)).toBe(false);
    // Alice holds nothing of her share (half of 200 kB, two callers reading): she goes on.
    const alice = budget.open('alice');
    expect(alice.take(50_000)).toBe(true);
    expect(alice.take(60_000)).toBe(false);
    alice.close();
    for (const reader of mallory) reader.close();
  });

  it("one caller's slow huge answers do not make another caller's small read wait", async () => {
    const service = await slowAndSmall();
    const transport = createTransport({
      timeoutMs: 30_000,
      maxResponseBytes: 2_000_000,
      responseBytesInFlight: 200_000,
      responseBudgetWaitMs: 20_000,
    });
    cleanups.push(() => transport.close());
    const mallory = transport.forCaller('mallory', ATTACKER_ADDRESS);
    const slow = Array.from({ length: 3 }, () => mallory.send(get(service.url, '/slow')));
    // Mallory's answers hold the whole budget, and stay half-sent.
    await until(() => service.paused() === 3);
    const small = await transport.forCaller('alice', '127.0.0.1').send(get(service.url, '/small'));
    expect(small.status).toBe(200);
    expect(small.text.length).toBeGreaterThan(50_000);
    // Mallory's answers were still being read all along: read whole once released.
    service.release();
    for (const answer of await Promise.all(slow)) expect(answer.text.length).toBe(1_000_035);
  });

  it('a made-up key whose only 2xx came from the keyless version route earns no queue of its own', async () => {
    const url = await serveLocally((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"data":{"api_version":1,"server_version":"0.14.13"}}');
    }, cleanups);
    const queues = createCallerQueues();
    const transport = createTransport({ timeoutMs: 5_000, maxResponseBytes: 100_000, queues });
    cleanups.push(() => transport.close());
    const caller = transport.forCaller('made-up', ATTACKER_ADDRESS);
    expect((await caller.send(get(url, '/api/version'))).status).toBe(200);
    expect(queues.queueFor('made-up', ATTACKER_ADDRESS)).toBe(`unverified ${ATTACKER_ADDRESS}`);
    // A 2xx to a request that carried the key is what earns it.
    await caller.send(get(url, '/api/v1/discovery', { authorization: 'Bearer scp_u_x' }));
    expect(queues.queueFor('made-up', ATTACKER_ADDRESS)).toBe('made-up');
  });

  it('a keyless get_version is answered from the last answer, without a quota token or a request', async () => {
    let asked = 0;
    const url = await serveLocally((_req, res) => {
      asked += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"data":{"api_version":1,"server_version":"0.14.13"}}');
    }, cleanups);
    // One token a minute: a second request would wait about a minute for it.
    const transport = createTransport({
      timeoutMs: 5_000,
      maxResponseBytes: 100_000,
      rateLimit: { perMinute: 1, burst: 1 },
    });
    cleanups.push(() => transport.close());
    const first = await transport.forCaller('one', '127.0.0.1').send(get(url, '/api/version'));
    const second = await transport
      .forCaller('made-up', ATTACKER_ADDRESS)
      .send(get(url, '/api/version'));
    expect(second.text).toBe(first.text);
    expect(asked).toBe(1);
  });
});
