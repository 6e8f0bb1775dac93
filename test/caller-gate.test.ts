// Each HTTP caller's share of the 16 pooled connections: at most 8 open at once, the unaccepted keys of one address together; and the gate itself, directly.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallerGate } from '../src/api/transport/caller-gate.js';
import { DEFAULT_POOL_CONNECTIONS } from '../src/api/transport/http.js';
import { createTransport } from '../src/api/transport/transport.js';
import { type Cleanups, serveLocally } from './local-service.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A service that holds every request until released, counting them by the `who` query. */
async function holdingService() {
  const held: { who: string; res: ServerResponse }[] = [];
  const waiters: (() => void)[] = [];
  let holding = true;
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"success":true,"data":[]}');
  };
  const url = await serveLocally((req: IncomingMessage, res: ServerResponse) => {
    const who = new URL(req.url ?? '/', 'http://x').searchParams.get('who') ?? '';
    if (!holding) return answer(res);
    held.push({ who, res });
    for (const wake of waiters.splice(0)) wake();
  }, cleanups);
  const open = (who: string) => held.filter((h) => h.who === who && !h.res.writableEnded).length;
  return {
    url,
    open,
    /** Resolves once `test` holds for what the service has received. */
    until(test: () => boolean): Promise<void> {
      return test()
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const check = () => (test() ? resolve() : waiters.push(check));
            waiters.push(check);
          });
    },
    release(who: string, count = Number.POSITIVE_INFINITY) {
      let n = 0;
      for (const h of held) {
        if (n >= count) break;
        if (h.who === who && !h.res.writableEnded) {
          answer(h.res);
          n++;
        }
      }
    },
    /** Answers everything held, and from now on every request at once. */
    answerAll() {
      holding = false;
      for (const h of held) if (!h.res.writableEnded) answer(h.res);
    },
  };
}

function transport() {
  const t = createTransport({ timeoutMs: 30_000, maxResponseBytes: 1_000_000 });
  cleanups.push(() => t.close());
  return t;
}

const get = (base: URL, who: string) => ({
  endpoint: { method: 'GET', path: '/held' },
  url: new URL(`/held?who=${who}`, base),
  headers: {},
});

describe('a caller holds at most half the pool', () => {
  it('the pool is 16 by default, so a caller holds 8', () => {
    expect(DEFAULT_POOL_CONNECTIONS).toBe(16);
  });

  it('twelve calls of one address: eight reach the service, the rest wait; another address goes on', async () => {
    const service = await holdingService();
    const t = transport();
    // No key the service accepted yet: the calls wait in the queue of their address.
    const mallory = t.forCaller('mallory', '10.9.9.9');
    const alice = t.forCaller('alice', '10.1.1.1');
    const calls = Array.from({ length: 12 }, () => mallory.send(get(service.url, 'm')));
    await service.until(() => service.open('m') === 8);
    // Another caller's request reaches the service while mallory's wait: the pool was not full.
    const aliceCall = alice.send(get(service.url, 'a'));
    await service.until(() => service.open('a') === 1);
    expect(service.open('m')).toBe(8);
    // One of mallory's answers frees one place: exactly one more of hers goes out.
    service.release('m', 1);
    await service.until(() => service.open('m') === 8);
    service.release('a');
    expect((await aliceCall).status).toBe(200);
    // A second made-up key from mallory's address shares her address's eight.
    const other = t.forCaller('mallory-2', '10.9.9.9');
    const more = other.send(get(service.url, 'm'));
    const third = alice.send(get(service.url, 'a'));
    await service.until(() => service.open('a') === 1);
    expect(service.open('m')).toBe(8);
    service.release('a');
    await third;
    service.answerAll();
    expect((await Promise.all([...calls, more])).every((r) => r.status === 200)).toBe(true);
  });
});

describe('the gate itself', () => {
  const endpoint = { method: 'GET', path: '/x' };

  it('lets a caller hold exactly its share: the next waits for one to leave, in order', async () => {
    const gate = createCallerGate(8);
    const leaves = await Promise.all(
      Array.from({ length: 8 }, () => gate.enter('unverified 10.9.9.9', endpoint)),
    );
    const order: number[] = [];
    const ninth = gate.enter('unverified 10.9.9.9', endpoint).then((leave) => {
      order.push(9);
      return leave;
    });
    const tenth = gate.enter('unverified 10.9.9.9', endpoint).then((leave) => {
      order.push(10);
      return leave;
    });
    // Another caller is not held back by the first one's queue.
    const other = await gate.enter('unverified 10.1.1.1', endpoint);
    await Promise.resolve();
    expect(order).toEqual([]);
    leaves[0]?.();
    (await ninth)();
    expect(order).toEqual([9]);
    leaves[1]?.();
    (await tenth)();
    expect(order).toEqual([9, 10]);
    other();
  });

  it('a leave called twice frees one place, not two', async () => {
    const gate = createCallerGate(1);
    const leave = await gate.enter('a', endpoint);
    const second = gate.enter('a', endpoint);
    const third = gate.enter('a', endpoint);
    let thirdIn = false;
    void third.then(() => {
      thirdIn = true;
    });
    leave();
    leave();
    const leaveSecond = await second;
    await Promise.resolve();
    expect(thirdIn).toBe(false);
    leaveSecond();
    (await third)();
  });
});
