// The sender every client uses: the keep-alive pool, then the process-wide quota and the retry loop on top.
import { createCallerQueues } from './caller-queues.js';
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
   * The same pool and quota for one HTTP caller, named by a digest of its key (undefined: no
   * key). Once the service accepts that key its requests queue as its own and callers take turns
   * for the quota; until then they wait in the queue shared by every unaccepted key.
   */
  forCaller(caller: string | undefined): HttpSender;
}

/** Build once per process and share: the limiter only works if every request passes through it. */
export function createTransport(options: TransportOptions): Transport {
  const pool = createHttpSender(options);
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit) : undefined;
  const queues = createCallerQueues();
  const retrying = (inner: HttpSender, queue: () => string) =>
    createRetryingSender(inner, {
      limiter: limiter && callerLimiter(limiter, queue),
      policy: options.retry,
      onRetry: options.onRetry,
    });
  const shared = retrying(pool, () => '');
  const forCaller = (caller: string | undefined) => {
    if (caller === undefined) return retrying(pool, () => queues.queueFor(undefined));
    const verifying: HttpSender = {
      send: async (request) => {
        const response = await pool.send(request);
        // Only a request that carried the key proves it: GET /api/version succeeds for any caller.
        if (response.status >= 200 && response.status < 300 && request.headers['authorization']) {
          queues.accept(caller);
        }
        return response;
      },
      close: pool.close,
    };
    return retrying(verifying, () => queues.queueFor(caller));
  };
  return { send: shared.send, close: shared.close, forCaller };
}

/** The queue is looked up at each request: a key accepted mid-call moves its next request. */
function callerLimiter(limiter: RateLimiter, queue: () => string): RateLimiter {
  return { acquire: (signal) => limiter.acquire(signal, queue()) };
}
