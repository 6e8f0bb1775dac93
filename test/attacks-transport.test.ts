// Issue 19's transport defences: header tricklers and made-up keys cannot lock out a real caller; big answers take turns.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallerQueues, UNVERIFIED_QUEUE } from '../src/api/transport/caller-queues.js';
import type { HttpOptions } from '../src/cli/http.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { textOf, useHarness } from './harness.js';
import { connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';
import { serveLocally } from './local-service.js';
import { ATTACKER_ADDRESS, postRaw, toolCallBody, trickleHeaders } from './raw-http.js';

const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function instance(
  api: SampleApi,
  env: Record<string, string>,
  options: Partial<HttpOptions> = {},
): Promise<HttpInstance> {
  const started = await startHttpInstance(api.url, env, { http: options });
  cleanups.push(() => started.close());
  return started;
}

/** Made-up keys calling tools from the attacker's address, in a loop until stopped; counts the answers. */
function madeUpKeyCallers(url: URL, count: number) {
  let stopped = false;
  let answered = 0;
  const loops = Array.from({ length: count }, async (_, i) => {
    for (let n = 0; !stopped; n++) {
      const name = n % 3 === 2 ? 'get_version' : 'list_discoveries';
      await postRaw(url, toolCallBody(name), {
        apiKey: `scp_u_MADEUP${i}abcdefghijklmnopqrstuv`,
        localAddress: ATTACKER_ADDRESS,
      }).then(
        () => {
          answered += 1;
        },
        () => undefined,
      );
      // Paced so the test measures the quota queues, not a CPU this process saturates itself.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  return {
    answered: () => answered,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe('B. a header trickle and made-up keys do not lock out a real caller', () => {
  it("during 64 trickling sockets and 60 made-up keys, every one of a valid key's calls is answered", async () => {
    const api = await startFakeApi({ apiKeys: [KEY_ALICE] });
    cleanups.push(() => api.close());
    // A quota tight enough that the made-up keys keep it busy: 10 requests a second.
    const { handle } = await instance(api, {
      NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: '600',
      NETWORK_DISCOVERY_RATE_LIMIT_BURST: '10',
    });
    const clients: Client[] = [];
    cleanups.push(() => Promise.all(clients.map((c) => c.close())).then(() => {}));
    const alice = await connectHttp(clients, handle.url, { apiKey: KEY_ALICE, name: 'alice' });
    // Alice has used the server before the attack: the service has accepted her key.
    expect((await alice.callTool({ name: 'list_discoveries', arguments: {} })).isError).toBeFalsy();

    const callers = madeUpKeyCallers(handle.url, 60);
    const trickle = trickleHeaders(handle.url, 64);
    cleanups.push(() => trickle.stop());
    try {
      // Both attacks are under way: trickling sockets dropped, made-up keys answered.
      while (trickle.dropped() === 0 || callers.answered() < 60) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (let i = 0; i < 5; i++) {
        const result = (await alice.callTool({
          name: 'list_discoveries',
          arguments: {},
        })) as CallToolResult;
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      }
    } finally {
      trickle.stop();
      await callers.stop();
    }
  }, 60_000);
});

describe('B. quota queues are earned by accepted keys, and bounded', () => {
  it('unaccepted keys and no key share one queue; accepted keys are remembered up to the bound', () => {
    const queues = createCallerQueues(2);
    expect(queues.queueFor('made-up-1')).toBe(UNVERIFIED_QUEUE);
    expect(queues.queueFor('made-up-2')).toBe(UNVERIFIED_QUEUE);
    expect(queues.queueFor(undefined)).toBe(UNVERIFIED_QUEUE);
    queues.accept('alice');
    queues.accept('bob');
    expect(queues.queueFor('alice')).toBe('alice');
    // A third accepted key forgets the least recently used (bob: alice was just used).
    queues.accept('carol');
    expect(queues.queueFor('bob')).toBe(UNVERIFIED_QUEUE);
    expect([queues.queueFor('alice'), queues.queueFor('carol')]).toEqual(['alice', 'carol']);
  });
});

/** A service on 127.0.0.1 answering every call but /api/version with `bytes`, trickled in 64 kB pieces. */
async function bigAnswers(bytes: number): Promise<URL> {
  const body = Buffer.from(`{"success":true,"data":[],"pad":"${'x'.repeat(bytes - 40)}"}`);
  return serveLocally((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.startsWith('/api/version')) {
      res.end('{"success":true,"data":{"api_version":1,"server_version":"0.14.13"}}');
      return;
    }
    let at = 0;
    const drip = setInterval(() => {
      res.write(body.subarray(at, at + 65_536));
      at += 65_536;
      if (at >= body.length) {
        clearInterval(drip);
        res.end();
      }
    }, 20);
  }, cleanups);
}

describe('C. a budget of response bytes in flight, shared by every call', () => {
  const start = useHarness();

  it('big answers beyond it wait their turn, and past the wait are refused saying why; every call is answered', async () => {
    const baseUrl = await bigAnswers(1_000_000);
    const h = await start({
      baseUrl,
      responseBytesInFlight: 100_000,
      responseBudgetWaitMs: 300,
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => h.call('list_discoveries', { limit: 5 })),
    );
    const refused = results.filter((r) => r.isError);
    const read = results.filter((r) => !r.isError);
    // The oldest read always goes on, so some answers are read whole...
    expect(read.length, JSON.stringify(refused.map(textOf))).toBeGreaterThan(0);
    // ...and the rest, having waited past the bound, are refused with what to do.
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) {
      expect(textOf(result)).toMatch(
        /answers are too large to hold right now.*Try again in a moment.*NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT/,
      );
    }
  });

  it('with time to wait, every call is read whole in turn', async () => {
    const baseUrl = await bigAnswers(500_000);
    const h = await start({
      baseUrl,
      responseBytesInFlight: 100_000,
      responseBudgetWaitMs: 20_000,
      timeoutMs: 30_000,
    });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => h.call('list_discoveries', { limit: 5 })),
    );
    expect(results.map((r) => r.isError ?? false)).toEqual([false, false, false, false]);
  });
});
