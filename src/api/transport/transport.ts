// The sender every client uses: the keep-alive pool, then the process-wide quota and the retry loop on top.
import { createHttpSender, type HttpSender, type HttpSenderOptions } from './http.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { createRetryingSender, type RetryEvent, type RetryPolicy } from './retry.js';

export interface TransportOptions extends HttpSenderOptions {
  /** The service's quota; without it requests are not paced (tests that do not need it). */
  readonly rateLimit?:
    | { readonly perMinute: number; readonly burst: number; readonly maxQueuedPerCaller?: number }
    | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly onRetry?: ((event: RetryEvent) => void) | undefined;
}

export interface Transport extends HttpSender {
  /**
   * The same pool and quota, with this caller's requests queued as its own: callers take turns for
   * the quota, so one HTTP caller's burst cannot starve another's.
   */
  forCaller(caller: string): HttpSender;
}

/** Build once per process and share: the limiter only works if every request passes through it. */
export function createTransport(options: TransportOptions): Transport {
  const pool = createHttpSender(options);
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit) : undefined;
  const retrying = (caller: string) =>
    createRetryingSender(pool, {
      limiter: limiter && callerLimiter(limiter, caller),
      policy: options.retry,
      onRetry: options.onRetry,
    });
  const shared = retrying('');
  return { send: shared.send, close: shared.close, forCaller: retrying };
}

function callerLimiter(limiter: RateLimiter, caller: string): RateLimiter {
  return { acquire: (signal) => limiter.acquire(signal, caller) };
}
