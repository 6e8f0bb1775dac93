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
import { clientAddress } from '../src/cli/http-admission.js';
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
const KEY_MALLORY = 'scp_u_MALLORY0123456789abcdefABCDEF';
/** A key the service refuses: it is never accepted. */
const KEY_MADEUP = 'scp_u_MADEUP00123456789abcdefABCDEF';

const cleanups: (() => Promise<void> | void)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fakeApi(): Promise<SampleApi> {
  const api = await startFakeApi({ apiKeys: [KEY_ALICE] });
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

/** A service that holds every discovery list asked with `key` until the test ends. */
async function holdingApi(key: string): Promise<{ api: SampleApi; held: (() => void)[] }> {
  const held: (() => void)[] = [];
  const api = await startFakeApi({
    apiKeys: [KEY_ALICE, KEY_MALLORY],
    intercept: (req, res) => {
      if (req.path !== '/api/v1/discovery') return false;
      if (req.headers['authorization'] !== `Bearer ${key}`) return false;
      held.push(() => res.destroy());
      return true;
    },
  });
  cleanups.push(() => api.close());
  cleanups.push(() => {
    for (const release of held) release();
  });
  return { api, held };
}

/** Alice has used the server before: the service has answered her key with success. */
async function acceptedAlice(url: URL): Promise<Client> {
  const alice = await client(url, KEY_ALICE);
  expect((await listOne(alice)).isError).toBeFalsy();
  return alice;
}

describe('bursts of ordinary callers', () => {
  it('40 connections whose requests are not read at once are all answered, none reset', async () => {
    const api = await fakeApi();
    const { handle } = await instance(api);
    await acceptedAlice(handle.url);
    // A client pool connects first and writes later: 40 sockets silent for a few turns of the
    // event loop, well past the 16 still sending a head that the server holds beside requests.
    const burst: Socket[] = [];
    for (let i = 0; i < 40; i++) burst.push(await openSocket(handle.url, sockets));
    const answers = burst.map(answerOn);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    const body = toolCallBody('get_version');
    for (const socket of burst)
      socket.write(`${postHead(Buffer.byteLength(body), KEY_ALICE)}${body}`);
    const texts = await Promise.all(answers);
    expect(texts.filter((text) => text === '')).toHaveLength(0);
    expect(texts.map((text) => text.slice(0, 12))).toEqual(Array(40).fill('HTTP/1.1 200'));
  }, 30_000);
});

describe('requests in progress of one client address', () => {
  it('127.0.0.0/8 is one address: beyond the per-address cap a request without an accepted key is answered 503, a caller with an accepted key is served', async () => {
    const { api, held } = await holdingApi(KEY_MADEUP);
    const { handle } = await instance(api, {
      NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS_PER_ADDRESS: '4',
    });
    const alice = await acceptedAlice(handle.url);
    // A key the service never answered with success: four held calls fill the share of the
    // loopback address, from whichever 127.x address they come.
    for (let i = 0; i < 4; i++) {
      void postRaw(handle.url, toolCallBody('list_discoveries'), {
        apiKey: KEY_MADEUP,
        localAddress: `127.0.0.${2 + i}`,
      }).catch(() => undefined);
    }
    await until(() => held.length === 4);
    const fifth = await postRaw(handle.url, toolCallBody('list_discoveries'), {
      apiKey: KEY_MADEUP,
      localAddress: '127.0.0.9',
    });
    expect(fifth.status).toBe(503);
    expect(fifth.text).toContain('too many requests in progress from your address');
    expect((await listOne(alice)).isError).toBeFalsy();
  });

  it('every loopback spelling is one client address', () => {
    const loopback = ['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '::ffff:127.0.0.1'];
    expect(new Set(loopback.map(clientAddress))).toEqual(new Set(['loopback']));
    expect(clientAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddress('192.0.2.7')).not.toBe(clientAddress('192.0.2.8'));
  });

  it('a quarter of the slots is kept for callers whose key the service accepted', async () => {
    const { api, held } = await holdingApi(KEY_MADEUP);
    const { handle } = await instance(api, { NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS: '8' });
    const alice = await acceptedAlice(handle.url);
    const answers = Array.from({ length: 8 }, () =>
      postRaw(handle.url, toolCallBody('list_discoveries'), { apiKey: KEY_MADEUP }).catch(
        () => undefined,
      ),
    );
    // Six of the made-up key's eight are taken (held by the service), two answered 503 at once.
    let busy = 0;
    for (const answer of answers) void answer.then((a) => (busy += a?.status === 503 ? 1 : 0));
    await until(() => held.length === 6 && busy === 2);
    for (let i = 0; i < 2; i++) expect((await listOne(alice)).isError).toBeFalsy();
  });

  it("200 connections of one client whose calls the service holds leave room for another client's calls", async () => {
    const { api, held } = await holdingApi(KEY_MALLORY);
    const { handle, runtime } = await instance(api);
    const alice = await acceptedAlice(handle.url);
    // Mallory's key is valid: her first call, held, reads names beside, and those answers accept it.
    void postRaw(handle.url, toolCallBody('list_discoveries'), { apiKey: KEY_MALLORY }).catch(
      () => undefined,
    );
    await until(() => runtime.acceptedKey(KEY_MALLORY));
    const answers = Array.from({ length: 199 }, () =>
      postRaw(handle.url, toolCallBody('list_discoveries'), {
        apiKey: KEY_MALLORY,
        localAddress: ATTACKER_ADDRESS,
      }).catch(() => undefined),
    );
    // Beyond the 32 requests in progress one key may hold, Mallory's calls are answered 503 (at the
    // door too, past four times the sockets still sending a head).
    let refused = 0;
    for (const answer of answers) {
      void answer.then((a) => {
        if (a === undefined || a.status === 503) refused += 1;
      });
    }
    await until(() => refused >= 199 - 32 && held.length >= 8);
    for (let i = 0; i < 5; i++) expect((await listOne(alice)).isError).toBeFalsy();
  }, 30_000);
});

describe('made-up keys', () => {
  it('a caller whose key the service accepted is served during a flood of made-up keys from every loopback address', async () => {
    const api = await fakeApi();
    // A quota the flood keeps busy (10 a second), and short queues so it overflows them.
    const { handle } = await instance(api, {
      NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: '600',
      NETWORK_DISCOVERY_RATE_LIMIT_BURST: '10',
      NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS: '5',
    });
    const alice = await acceptedAlice(handle.url);
    let stopped = false;
    let busy = 0;
    const flood = Array.from({ length: 24 }, async (_, i) => {
      for (let n = 0; !stopped; n++) {
        const answer = await postRaw(handle.url, toolCallBody('list_discoveries', { limit: 1 }), {
          apiKey: `scp_u_MADEUP${i}x${n}abcdefghijklmnopqrstuv`,
          localAddress: `127.0.0.${2 + (i % 8)}`,
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
    const result = await listOne(alice);
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
