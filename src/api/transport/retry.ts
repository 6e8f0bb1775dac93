// Wraps the raw sender with the quota and a retry loop: 429 for every method, transient failures for GET.
import { retryAfter } from '../envelope.js';
import { CancelledError, isLastingTlsFailure, NetworkError } from '../errors.js';
import type { HttpSender, RawRequest, RawResponse } from './http.js';
import { BusyError, QueueFullError, type RateLimiter } from './rate-limiter.js';

export interface RetryPolicy {
  /** Attempts in all after 429s, the first included. */
  readonly maxAttempts: number;
  /** Attempts in all after a network error or 502/503/504 (GET only): a down service fails fast. */
  readonly transientAttempts: number;
  /** The most this loop will sleep across one call; a longer Retry-After ends it at once. */
  readonly maxTotalWaitMs: number;
  /** The first backoff when the service gives no usable Retry-After; it doubles per attempt. */
  readonly baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  transientAttempts: 3,
  maxTotalWaitMs: 10_000,
  baseDelayMs: 300,
};

export interface RetryEvent {
  readonly request: RawRequest;
  readonly attempt: number;
  readonly reason: string;
  readonly delayMs: number;
}

export interface RetryingSenderOptions {
  readonly limiter?: RateLimiter | undefined;
  readonly policy?: Partial<RetryPolicy> | undefined;
  readonly onRetry?: ((event: RetryEvent) => void) | undefined;
  readonly random?: () => number;
}

/** One log line for a retry; it names the call, never its headers or body. */
export function describeRetry({ request, attempt, reason, delayMs }: RetryEvent): string {
  const { method, path } = request.endpoint;
  return `${method} ${path}: ${reason}; attempt ${attempt + 1} in ${delayMs} ms`;
}

const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/**
 * A 429 means the service did not process the request, so it is retried whatever the method.
 * Network errors and 502/503/504 may hide a processed request, so only GET retries them: a write
 * is never sent twice. Timeouts are never retried: the caller has already waited the whole limit.
 * Nor are TLS failures a new connection would meet again (https:// to a plain-http port, an
 * untrusted certificate): each attempt would end in the same error, only later.
 */
export function createRetryingSender(inner: HttpSender, options: RetryingSenderOptions = {}) {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;

  const send = async (request: RawRequest): Promise<RawResponse> => {
    const idempotent = request.endpoint.method === 'GET';
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      await acquire(options.limiter, request);
      // Checked again after the wait: a write cancelled while queued is never sent.
      if (request.signal?.aborted) throw new CancelledError(request.endpoint);
      let outcome: { response: RawResponse } | { error: unknown };
      try {
        outcome = { response: await inner.send(request) };
      } catch (error) {
        outcome = { error };
      }
      const reason = retryReason(outcome, idempotent);
      const limit = reason === 'HTTP 429' ? policy.maxAttempts : policy.transientAttempts;
      if (!reason || attempt >= limit) return settle(outcome);
      const delay = backoff(outcome, attempt, policy, random);
      // Past the wait a call may spend, this one gives up; and only a wait that is spent pauses
      // the others: a Retry-After of an hour must not stop every caller for an hour.
      if (waited + delay > policy.maxTotalWaitMs) return settle(outcome);
      // Paced by what the service said, not by our guess: this caller's other requests wait too.
      if (reason === 'HTTP 429') options.limiter?.pause(delay);
      waited += delay;
      options.onRetry?.({ request, attempt, reason, delayMs: delay });
      await sleep(delay, request);
    }
  };

  return { send, close: () => inner.close() } satisfies HttpSender;
}

function retryReason(
  outcome: { response: RawResponse } | { error: unknown },
  idempotent: boolean,
): string | undefined {
  if ('error' in outcome) {
    const { error } = outcome;
    return idempotent && error instanceof NetworkError && !isLastingTlsFailure(error.code)
      ? (error.code ?? 'network error')
      : undefined;
  }
  const { status } = outcome.response;
  if (status === 429) return 'HTTP 429';
  return idempotent && TRANSIENT_STATUSES.has(status) ? `HTTP ${status}` : undefined;
}

/** Retry-After when the service gives one above zero; otherwise a jittered, doubling backoff. */
function backoff(
  outcome: { response: RawResponse } | { error: unknown },
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
): number {
  const jitter = 0.75 + random() * 0.5;
  const seconds = 'response' in outcome ? retryAfter(outcome.response) : undefined;
  // The service truncates Retry-After to whole seconds and usually says 0: "briefly", not "now".
  if (seconds !== undefined && seconds > 0) return seconds * 1000 + Math.round(random() * 250);
  return Math.round(policy.baseDelayMs * 2 ** (attempt - 1) * jitter);
}

function settle(outcome: { response: RawResponse } | { error: unknown }): RawResponse {
  if ('error' in outcome) throw outcome.error;
  return outcome.response;
}

async function acquire(limiter: RateLimiter | undefined, request: RawRequest): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.acquire(request.signal);
  } catch (error) {
    if (error instanceof QueueFullError)
      throw new BusyError(request.endpoint, error.retryInSeconds);
    throw new CancelledError(request.endpoint);
  }
}

function sleep(ms: number, request: RawRequest): Promise<void> {
  const { signal } = request;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError(request.endpoint));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError(request.endpoint));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
