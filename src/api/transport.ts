// The sender every client uses: the keep-alive pool, then the process-wide quota and the retry loop on top.
import { createHttpSender, type HttpSender, type HttpSenderOptions } from './http.js';
import { createRateLimiter } from './rate-limiter.js';
import { createRetryingSender, type RetryEvent, type RetryPolicy } from './retry.js';

export interface TransportOptions extends HttpSenderOptions {
  /** The service's quota; without it requests are not paced (tests that do not need it). */
  readonly rateLimit?: { readonly perMinute: number; readonly burst: number } | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** Build once per process and share: the limiter only works if every request passes through it. */
export function createTransport(options: TransportOptions): HttpSender {
  return createRetryingSender(createHttpSender(options), {
    limiter: options.rateLimit ? createRateLimiter(options.rateLimit) : undefined,
    policy: options.retry,
    onRetry: options.onRetry,
  });
}
