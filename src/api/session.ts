// The session cookie for session-only endpoints: configured, or obtained by logging in, never in a loop.
import { CancelledError, type Endpoint, LoginError, MissingCredentialError } from './errors.js';

/** Logs in and returns the new session id; throws LoginError when the service refuses. */
export type LoginFn = () => Promise<string>;

/** One tool call's allowance: a call logs in at most once, even across a 401 and a retry. */
export interface LoginBudget {
  spent: boolean;
}

export interface SessionStore {
  /** Whether a session is configured or can be obtained by logging in. */
  readonly available: boolean;
  /** The session id to send, logging in when none is held yet. */
  current(
    login: LoginFn,
    budget: LoginBudget,
    endpoint: Endpoint,
    signal?: AbortSignal,
  ): Promise<string>;
  /** After a 401 with `stale`: a fresh session id, or undefined when this call may not log in again. */
  renew(
    stale: string,
    login: LoginFn,
    budget: LoginBudget,
    endpoint: Endpoint,
    signal?: AbortSignal,
  ): Promise<string | undefined>;
}

export interface SessionStoreOptions {
  /** A session id configured by the user (NETWORK_DISCOVERY_SESSION_ID). */
  readonly sessionId?: string | undefined;
  /** Whether email and password are configured. */
  readonly canLogin: boolean;
  /** How long a refused login is remembered before another is tried. */
  readonly cooldownMs?: number;
  readonly now?: () => number;
}

/** The service locks an account for 15 minutes after five failures: one try per window stays clear. */
export const LOGIN_COOLDOWN_MS = 15 * 60_000;

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const now = options.now ?? Date.now;
  const cooldownMs = options.cooldownMs ?? LOGIN_COOLDOWN_MS;
  let sessionId = options.sessionId;
  let inflight: Promise<string> | undefined;
  let refused: { error: LoginError; until: number } | undefined;

  // Concurrent calls share one login; a refusal is remembered so none of them tries again soon.
  const obtain = (
    login: LoginFn,
    budget: LoginBudget,
    endpoint: Endpoint,
    signal?: AbortSignal,
  ) => {
    if (signal?.aborted) return Promise.reject(new CancelledError(endpoint));
    if (refused && now() < refused.until) return Promise.reject(refused.error);
    budget.spent = true;
    inflight ??= login()
      .then((id) => {
        sessionId = id;
        refused = undefined;
        return id;
      })
      .catch((error: unknown) => {
        if (error instanceof LoginError) refused = { error, until: now() + cooldownMs };
        throw error;
      })
      .finally(() => {
        inflight = undefined;
      });
    return untilAborted(inflight, endpoint, signal);
  };

  return {
    available: Boolean(options.sessionId) || options.canLogin,
    current(login, budget, endpoint, signal) {
      if (sessionId) return Promise.resolve(sessionId);
      if (!options.canLogin) return Promise.reject(new MissingCredentialError(endpoint, 'session'));
      return obtain(login, budget, endpoint, signal);
    },
    async renew(stale, login, budget, endpoint, signal) {
      if (!options.canLogin || budget.spent) return undefined;
      // Another call may have logged in already while this one was waiting for its 401.
      if (sessionId && sessionId !== stale) return sessionId;
      if (sessionId === stale) sessionId = undefined;
      return obtain(login, budget, endpoint, signal);
    },
  };
}

/** The shared login runs to its end; one caller's cancellation only stops that caller waiting. */
function untilAborted<T>(
  promise: Promise<T>,
  endpoint: Endpoint,
  signal?: AbortSignal,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new CancelledError(endpoint));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError(endpoint));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The session id from a Set-Cookie header (one value or several). */
export function sessionCookie(header: string | string[] | undefined): string | undefined {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  for (const value of values) {
    const match = /^\s*session_id=([^;\s]+)/.exec(value);
    if (match?.[1]) return match[1];
  }
  return undefined;
}
