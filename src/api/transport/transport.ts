// The sender every client uses: the keep-alive pool, then the process-wide quota and the retry loop on top.
import { createCallerGate } from './caller-gate.js';
import { type CallerQueues, createCallerQueues } from './caller-queues.js';
import {
  createHttpSender,
  DEFAULT_POOL_CONNECTIONS,
  type HttpSender,
  type HttpSenderOptions,
  type RawRequest,
  type RawResponse,
} from './http.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import { createRetryingSender, type RetryEvent, type RetryPolicy } from './retry.js';

/** How long the last answer of GET /api/version is given to HTTP callers without asking again. */
export const VERSION_ANSWER_FRESH_MS = 30_000;

export interface TransportOptions extends HttpSenderOptions {
  /** The service's quota; without it requests are not paced (tests that do not need it). */
  readonly rateLimit?:
    | { readonly perMinute: number; readonly burst: number; readonly maxQueuedPerCaller?: number }
    | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly onRetry?: ((event: RetryEvent) => void) | undefined;
  /** Which queue each caller waits in; one of its own by default (tests look inside). */
  readonly queues?: CallerQueues | undefined;
  readonly now?: () => number;
}

export interface Transport extends HttpSender {
  /**
   * The same pool and quota for one HTTP caller, named by a digest of its key (undefined: no
   * key) and coming from `address`. Once the service accepts that key its requests queue as its
   * own and callers take turns for the quota; until then they wait in the queue of their address.
   */
  forCaller(caller: string | undefined, address?: string): HttpSender;
}

/** Build once per process and share: the limiter only works if every request passes through it. */
export function createTransport(options: TransportOptions): Transport {
  const pool = createHttpSender(options);
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit) : undefined;
  const queues = options.queues ?? createCallerQueues();
  const versionAnswer = rememberVersionAnswer(options.now ?? Date.now);
  // Half the pool per HTTP caller: one caller's calls the service holds leave sockets for others.
  const gate = createCallerGate(
    Math.max(1, Math.floor((options.connections ?? DEFAULT_POOL_CONNECTIONS) / 2)),
  );
  const retrying = (inner: HttpSender, queue: () => string) =>
    createRetryingSender(inner, {
      limiter: limiter && callerLimiter(limiter, queue),
      policy: options.retry,
      onRetry: options.onRetry,
    });
  const shared = retrying(versionAnswer.remember(pool), () => '');
  const forCaller = (caller: string | undefined, address?: string) => {
    const queue = () => queues.queueFor(caller, address);
    const verifying: HttpSender = {
      send: async (request) => {
        const name = queue();
        const leave = await gate.enter(name, request.endpoint, request.signal);
        let response: RawResponse;
        try {
          // The answer counts against this caller's share of the response budget.
          response = await pool.send({ ...request, caller: name });
        } finally {
          leave();
        }
        // Only a request that carried the key proves it: GET /api/version succeeds for any caller.
        const proved = request.headers['authorization'] !== undefined && caller !== undefined;
        if (proved && response.status >= 200 && response.status < 300) queues.accept(caller);
        return response;
      },
      close: pool.close,
    };
    const sender = retrying(versionAnswer.remember(verifying), queue);
    // A question anyone may ask, answered from what the process already knows: made-up keys
    // asking it cost no quota, and a caller asking it never waits behind them.
    return versionAnswer.answerFirst(sender);
  };
  return { send: shared.send, close: shared.close, forCaller };
}

/** The queue is looked up at each request: a key accepted mid-call moves its next request. */
function callerLimiter(limiter: RateLimiter, queue: () => string): RateLimiter {
  return {
    acquire: (signal) => limiter.acquire(signal, queue()),
    pause: (ms) => limiter.pause(ms, queue()),
  };
}

/** GET /api/version sent with no credential: the same answer for every caller. */
function asksVersionKeyless(request: RawRequest): boolean {
  return (
    request.endpoint.method === 'GET' &&
    request.endpoint.path === '/api/version' &&
    request.headers['authorization'] === undefined &&
    request.headers['cookie'] === undefined
  );
}

/**
 * The last success answer to a keyless GET /api/version, kept for VERSION_ANSWER_FRESH_MS. It is
 * the same for every caller (no credential goes with it), so handing it to another caller tells
 * nothing that caller could not ask for itself.
 */
function rememberVersionAnswer(now: () => number) {
  let last: { readonly response: RawResponse; readonly at: number } | undefined;
  return {
    /** Keeps each success answer to the keyless question that passes through `inner`. */
    remember(inner: HttpSender): HttpSender {
      return {
        send: async (request) => {
          const response = await inner.send(request);
          if (asksVersionKeyless(request) && response.status >= 200 && response.status < 300) {
            last = { response, at: now() };
          } else if (response.status === 404 && request.endpoint.path.startsWith('/api/v1/')) {
            // A versioned route gone missing: the service may have been upgraded; ask again.
            last = undefined;
          }
          return response;
        },
        close: inner.close,
      };
    },
    /** Answers the keyless question from memory while fresh, without taking a quota token. */
    answerFirst(inner: HttpSender): HttpSender {
      return {
        send: async (request) => {
          const fresh = last && now() - last.at < VERSION_ANSWER_FRESH_MS ? last : undefined;
          if (fresh && asksVersionKeyless(request) && !request.signal?.aborted) {
            return fresh.response;
          }
          return inner.send(request);
        },
        close: inner.close,
      };
    },
  };
}
