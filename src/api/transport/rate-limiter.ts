// A client-side token bucket shaped like the service's quota, shared fairly between callers.
import { ApiError, type Endpoint } from '../errors.js';

export interface RateLimiter {
  /**
   * Resolves when a request may be sent; rejects with the signal's reason if it aborts first, or
   * with QueueFullError when `caller` already has as many requests waiting as it may.
   */
  acquire(signal?: AbortSignal, caller?: string): Promise<void>;
  /**
   * The service said 429 to `caller`: its quota is spent whatever ours believed, so nothing more
   * of that caller's leaves for `ms` (its Retry-After). Scanopy's quota is per user (per key): one
   * key's 429 says nothing of another key's bucket, so other callers' requests go on.
   */
  pause(ms: number, caller?: string): void;
}

export interface RateLimiterOptions {
  readonly perMinute: number;
  readonly burst: number;
  /** Requests one caller may have waiting; beyond it acquire() refuses at once. */
  readonly maxQueuedPerCaller?: number;
  readonly now?: () => number;
}

/** One caller's queue is full: the call is refused now rather than after minutes of waiting. */
export class QueueFullError extends Error {
  constructor(readonly retryInSeconds: number) {
    super(`too many requests waiting for the quota; retry in ${retryInSeconds} s`);
  }
}

/** What a tool call sees when its caller's queue is full: busy, and when to try again. */
export class BusyError extends ApiError {
  readonly kind = 'busy';
  constructor(
    endpoint: Endpoint,
    readonly retryInSeconds: number,
  ) {
    super(
      `this server is busy: too many of your requests are already waiting for the service's quota, so this one was not sent. Retry in ${retryInSeconds} s, with fewer calls at once`,
      endpoint,
    );
  }
}

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (reason: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * The bucket refills at exactly the service's rate but holds fewer tokens than its burst: requests
 * leaving here evenly can reach the service bunched together (a slow connection, a busy event
 * loop), and the service's bucket sees the bunch, not the pacing. Holding back the larger of 5% of
 * the burst and one second of refill (8 of 150 at the default quota) absorbs that much jitter.
 *
 * Waiting requests queue per caller (an HTTP caller's key) and callers take turns, so one caller's
 * batch of hundreds delays another caller's single request by at most one token per busy caller.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const reserve = Math.max(Math.ceil(options.burst / 20), Math.ceil(options.perMinute / 60));
  const capacity = Math.max(1, options.burst - reserve);
  const perMs = options.perMinute / 60_000;
  const maxQueued = options.maxQueuedPerCaller ?? Number.POSITIVE_INFINITY;
  let tokens = capacity;
  let last = now();
  /** Callers with waiting requests, in turn order; a Map keeps insertion order for the round. */
  const queues = new Map<string, Waiter[]>();
  let waiting = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Callers the service answered 429, until when; their requests wait, others go by. */
  const pausedUntil = new Map<string, number>();
  const paused = (caller: string, at: number) => {
    const until = pausedUntil.get(caller);
    if (until === undefined) return false;
    if (until > at) return true;
    pausedUntil.delete(caller);
    return false;
  };

  const refill = () => {
    const at = now();
    tokens = Math.min(capacity, tokens + (at - last) * perMs);
    last = at;
  };

  /**
   * The next waiter in turn: the first caller's oldest request, then that caller goes last.
   * A paused caller keeps its place and is passed over.
   */
  const nextWaiter = (): Waiter | undefined => {
    const at = now();
    for (const [caller, queue] of queues) {
      if (paused(caller, at)) continue;
      queues.delete(caller);
      const waiter = queue.shift();
      if (queue.length > 0) queues.set(caller, queue);
      if (waiter) return waiter;
    }
    return undefined;
  };

  const pump = () => {
    timer = undefined;
    refill();
    while (waiting > 0 && tokens >= 1) {
      const waiter = nextWaiter();
      if (!waiter) break;
      waiting -= 1;
      tokens -= 1;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve();
    }
    if (waiting > 0 && !timer) {
      // Tokens left but every waiting caller paused: wake when the first pause ends.
      const wait =
        tokens >= 1
          ? Math.min(...[...queues.keys()].map((c) => (pausedUntil.get(c) ?? 0) - now()))
          : (1 - tokens) / perMs;
      timer = setTimeout(pump, Math.max(1, Math.ceil(wait)));
    }
  };

  return {
    pause(ms, caller = '') {
      const until = now() + Math.max(0, ms);
      pausedUntil.set(caller, Math.max(until, pausedUntil.get(caller) ?? 0));
    },
    acquire(signal, caller = '') {
      if (signal?.aborted) return Promise.reject(signal.reason);
      refill();
      if (waiting === 0 && tokens >= 1 && !paused(caller, now())) {
        tokens -= 1;
        return Promise.resolve();
      }
      const queue = queues.get(caller) ?? [];
      if (queue.length >= maxQueued) {
        // Everyone queued ahead drains at the refill rate: a fair guess at when a slot frees up.
        return Promise.reject(new QueueFullError(Math.max(1, Math.ceil(waiting / perMs / 1000))));
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) {
              queue.splice(index, 1);
              waiting -= 1;
            }
            if (queue.length === 0 && queues.get(caller) === queue) queues.delete(caller);
            reject(signal?.reason);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queue.push(waiter);
        waiting += 1;
        if (!queues.has(caller)) queues.set(caller, queue);
        // A timer may be set for a paused caller's pause to end: this request need not wait for it.
        clearTimeout(timer);
        pump();
      });
    },
  };
}
