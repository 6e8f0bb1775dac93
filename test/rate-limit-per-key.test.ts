// Issue 40 item 1: a 429 on one key pauses that key's requests only; another key's calls over --http never wait for its pause.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, expect, it } from 'vitest';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { callHttp, connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';

const KEY_A = 'scp_u_AAAAAAAA0123456789abcdefABCDEF';
const KEY_B = 'scp_u_BBBBBBBB0123456789abcdefABCDEF';
/** What the service says to A once A's own quota is spent elsewhere. */
const RETRY_AFTER_S = 9;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function timedCalls(client: Client, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const result = await callHttp(client, 'list_discoveries', { limit: 1 });
    times.push(performance.now() - started);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  }
  return times;
}

it("while the service answers key A 429 Retry-After 9, no call of key B waits for A's pause", async () => {
  let refuseA = false;
  const api: SampleApi = await startFakeApi({
    apiKeys: [KEY_A, KEY_B],
    intercept: (req, res) => {
      if (!refuseA || req.headers['authorization'] !== `Bearer ${KEY_A}`) return false;
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(RETRY_AFTER_S),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(RETRY_AFTER_S),
      });
      res.end(JSON.stringify({ success: false, error: 'Rate limit exceeded' }));
      return true;
    },
  });
  cleanups.push(() => api.close());
  const http: HttpInstance = await startHttpInstance(api.url, {});
  cleanups.push(() => http.close());
  const clients: Client[] = [];
  cleanups.push(() => Promise.all(clients.map((c) => c.close())).then(() => {}));
  const a = await connectHttp(clients, http.handle.url, { apiKey: KEY_A, name: 'a' });
  const b = await connectHttp(clients, http.handle.url, { apiKey: KEY_B, name: 'b' });
  // Both keys accepted (each has a queue of its own), then B's unloaded pace.
  expect((await callHttp(a, 'list_discoveries', { limit: 1 })).isError).toBeFalsy();
  await timedCalls(b, 2);
  const unloaded = median(await timedCalls(b, 7));

  refuseA = true;
  const refusedAt = performance.now();
  const aCalls = Array.from({ length: 14 }, () => callHttp(a, 'list_discoveries', { limit: 1 }));
  // A's first 429 has come back: from here on A's requests are paused.
  while (api.requests.filter((r) => r.headers['authorization'] === `Bearer ${KEY_A}`).length < 3)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const loaded = await timedCalls(b, 7);
  const bDoneAt = performance.now();
  const aResults = await Promise.all(aCalls);

  // A was refused throughout (its calls end in the 429) and B was done well inside A's pause.
  expect(aResults.every((r) => r.isError)).toBe(true);
  expect(bDoneAt - refusedAt).toBeLessThan((RETRY_AFTER_S * 1000) / 2);
  // No call of B waited for A's pause: each is far below the 9 s Retry-After (the old code held B
  // to it, and its calls ran into the 60 s timeout). Held to half the pause, not a tenth nor a ratio
  // to B's unloaded pace: in a full suite beside the view's Chromium tests one call took 900.6 ms
  // on the two shared cores (the others 26-216 ms), a chance failure that says nothing about the
  // pause. The pace figures go into the message, for a reader of a failure.
  const slowest = Math.max(...loaded);
  expect(
    slowest,
    `B unloaded median ${unloaded.toFixed(1)} ms, loaded ${loaded.map((t) => t.toFixed(1)).join(', ')} ms`,
  ).toBeLessThan((RETRY_AFTER_S * 1000) / 2);
}, 60_000);
