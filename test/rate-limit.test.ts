// The client-side quota: its pacing counted on a clock the test moves, and bursts of tool calls completing against a fake that enforces the service's quota.
import { describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from '../src/api/transport/rate-limiter.js';
import { createRetryingSender } from '../src/api/transport/retry.js';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_ORGANIZATION_ID } from '../src/sample-api/data.js';
import { type Harness, useHarness } from './harness.js';

const start = useHarness();

/** Starts the fake and the server with the same quota on both sides, as in production. */
async function withQuota(perMinute: number, burst: number): Promise<Harness> {
  return start({
    sample: { rateLimit: { perMinute, burst } },
    rateLimit: { perMinute, burst },
  });
}

async function burstOf(h: Harness, calls: number) {
  const results = await Promise.all(
    Array.from({ length: calls }, (_, i) =>
      h.call('list_discoveries', { limit: 1, offset: i % 6 }),
    ),
  );
  return results;
}

describe('client-side rate limit', () => {
  /*
   * 400 calls at the service's real quota (300 a minute, burst 150) need about 50 s of refill.
   * Both buckets here refill 20 times faster (6,000 a minute, 100 a second) with the same burst:
   * the shape of the problem is the same (a burst at once, then the rest paced by the refill rate,
   * the fake counting every request against its own bucket), it just takes a few seconds. The
   * client keeps one second of refill in reserve (100 tokens at this rate, 8 at the real one), so
   * here it sends 50 at once, then 100 a second.
   */
  /*
   * Whether the fake draws a 429 depends on when requests arrive, which a loaded machine bunches:
   * these two assert what does not (every call answered, each discovery answered once); the
   * pacing itself is asserted on a clock the test moves, in the next block.
   */
  it('400 calls issued at once all complete against a fake that enforces the quota', async () => {
    const harness = await withQuota(6_000, 150);
    const results = await burstOf(harness, 400);
    expect(results.filter((result) => result.isError)).toEqual([]);
    const discoveries = harness.api.requests.filter((r) => r.path === '/api/v1/discovery');
    // Each call's request reached the service once, plus one more for each 429 it was retried after.
    expect(discoveries).toHaveLength(400 + harness.api.rateLimited());
  }, 60_000);

  it('at the real quota (300 a minute, burst 150) a burst past the burst size all completes', async () => {
    const harness = await withQuota(300, 150);
    // 165 calls: the burst and then 15 or more paced at 5 a second, a few seconds in all.
    const results = await burstOf(harness, 165);
    expect(results.filter((result) => result.isError)).toEqual([]);
  }, 60_000);

  it('the fake really does answer 429 when the client does not pace itself', async () => {
    // The same burst without the client-side limiter: proves the tests above can fail.
    const harness = await start({
      sample: { rateLimit: { perMinute: 300, burst: 150 } },
      retry: { maxAttempts: 1 },
    });
    const results = await burstOf(harness, 165);
    expect(harness.api.rateLimited()).toBeGreaterThan(0);
    expect(results.some((result) => result.isError)).toBe(true);
  });
});

describe('pacing, counted on a clock the test moves', () => {
  /** Acquires `count` tokens at once; `released()` counts those granted so far. */
  function burst(perMinute: number, burst: number, count: number) {
    const limiter = createRateLimiter({ perMinute, burst });
    let released = 0;
    const all = Array.from({ length: count }, () =>
      limiter.acquire().then(() => {
        released += 1;
      }),
    );
    return { all: Promise.all(all), released: () => released };
  }

  it('grants the burst less its reserve at once, then exactly the refill rate, never more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      // 6,000 a minute (100 a second), burst 150: the reserve is one second of refill (100).
      const run = burst(6_000, 150, 400);
      await vi.advanceTimersByTimeAsync(0);
      expect(run.released()).toBe(50);
      // At every step the count granted is within what the service's own bucket would hold.
      for (let elapsed = 7; elapsed <= 3_500; elapsed += 7) {
        await vi.advanceTimersByTimeAsync(7);
        expect(run.released()).toBeLessThanOrEqual(50 + Math.floor(elapsed / 10));
        expect(run.released()).toBeGreaterThanOrEqual(
          Math.min(400, 50 + Math.floor(elapsed / 10) - 1),
        );
      }
      await run.all;
      expect(run.released()).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('at the real quota, 165 calls: 142 at once (8 held back), then 5 a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const run = burst(300, 150, 165);
      await vi.advanceTimersByTimeAsync(0);
      expect(run.released()).toBe(142);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(run.released()).toBe(147);
      await vi.advanceTimersByTimeAsync(3_600);
      expect(run.released()).toBe(165);
      await run.all;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a 429 and the other callers', () => {
  /** A sender that answers every request 429 with this Retry-After, in seconds. */
  const refusing = (seconds: number) => ({
    sent: 0,
    async send() {
      this.sent++;
      return { status: 429, headers: { 'retry-after': String(seconds) }, text: '{}' };
    },
    async close() {},
  });
  const request = {
    endpoint: { method: 'GET', path: '/api/v1/hosts' },
    url: new URL('http://127.0.0.1/api/v1/hosts'),
    headers: {},
  } as unknown as Parameters<ReturnType<typeof createRetryingSender>['send']>[0];

  it.each([
    [3_600, 'gives up at once and leaves the quota to the others'],
    [2, "waits it out, and its caller's other requests wait with it, another caller's do not"],
  ])('a Retry-After of %i s: the call %s', async (seconds, _) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const limiter = createRateLimiter({ perMinute: 300, burst: 150 });
      const inner = refusing(seconds);
      const sender = createRetryingSender(inner, {
        limiter,
        policy: { maxAttempts: 2, maxTotalWaitMs: 10_000 },
        random: () => 0,
      });
      const call = sender.send(request);
      let other = false;
      let same = false;
      await vi.advanceTimersByTimeAsync(0);
      const next = limiter.acquire(undefined, 'another caller').then(() => {
        other = true;
      });
      // The refused call's caller (the sender's own, '' here) asks again.
      const again = limiter.acquire(undefined, '').then(() => {
        same = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      if (seconds > 10) {
        // Beyond the 10 s a call may wait: settled with the 429, sent once, nobody paused.
        expect((await call).status).toBe(429);
        expect(inner.sent).toBe(1);
        expect(other).toBe(true);
        expect(same).toBe(true);
      } else {
        // Scanopy's quota is per key: another caller's request leaves at once, while the
        // refused caller's next request waits out the Retry-After.
        expect(other).toBe(true);
        expect(same).toBe(false);
        await vi.advanceTimersByTimeAsync(seconds * 1_000 - 100);
        expect(same).toBe(false);
        await vi.advanceTimersByTimeAsync(10_000);
        expect(same).toBe(true);
        expect((await call).status).toBe(429);
        expect(inner.sent).toBe(2);
      }
      await Promise.all([next, again]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('waiting for the limiter', () => {
  it('a write cancelled while it waits for a token is never sent', async () => {
    // One token a second, none spare: the write queues behind get_version's token.
    const harness = await start({ rateLimit: { perMinute: 60, burst: 1 }, elicit: 'accept' });
    expect((await harness.call('get_version')).isError).toBeFalsy();
    const controller = new AbortController();
    const write = harness.client
      .callTool(
        {
          name: 'update_snmp_credential',
          arguments: {
            id: SAMPLE_CREDENTIAL_ID,
            organization_id: SAMPLE_ORGANIZATION_ID,
            name: 'Office switches',
            community: 'never-Sent-Community-42',
            tags: [],
          },
        },
        undefined,
        { signal: controller.signal },
      )
      .catch((error: unknown) => error);
    while (harness.elicitations.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await write).toBeInstanceOf(Error);
    // This call queues behind wherever the write was: had the write kept its place in the
    // queue, it would reach the service before this read does.
    expect((await harness.call('get_version')).isError).toBeFalsy();
    const methods = harness.api.requests.map((r) => `${r.method} ${r.path}`);
    expect(methods).not.toContain(`PUT /api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`);
  });

  it('an abort while queued rejects at once and frees the place in the queue', async () => {
    let clock = 0;
    const limiter = createRateLimiter({ perMinute: 60, burst: 1, now: () => clock });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('cancelled by the client'));
    await expect(waiting).rejects.toThrow('cancelled by the client');
    clock = 1_000;
    // The next waiter gets the refilled token: the aborted one did not take it.
    await expect(limiter.acquire()).resolves.toBeUndefined();
  });
});
