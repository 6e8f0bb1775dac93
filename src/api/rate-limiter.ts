// A client-side token bucket shaped like the service's quota, so this process never causes a 429.

export interface RateLimiter {
  /** Resolves when a request may be sent; rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
}

export interface RateLimiterOptions {
  readonly perMinute: number;
  readonly burst: number;
  readonly now?: () => number;
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
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const reserve = Math.max(Math.ceil(options.burst / 20), Math.ceil(options.perMinute / 60));
  const capacity = Math.max(1, options.burst - reserve);
  const perMs = options.perMinute / 60_000;
  let tokens = capacity;
  let last = now();
  const queue: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;

  const refill = () => {
    const at = now();
    tokens = Math.min(capacity, tokens + (at - last) * perMs);
    last = at;
  };

  // Waiters are served strictly in arrival order, so a burst drains fairly.
  const pump = () => {
    timer = undefined;
    refill();
    while (queue.length > 0 && tokens >= 1) {
      const waiter = queue.shift() as Waiter;
      tokens -= 1;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve();
    }
    if (queue.length > 0 && !timer) {
      timer = setTimeout(pump, Math.max(1, Math.ceil((1 - tokens) / perMs)));
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      refill();
      if (queue.length === 0 && tokens >= 1) {
        tokens -= 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            reject(signal?.reason);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queue.push(waiter);
        if (!timer) pump();
      });
    },
  };
}
