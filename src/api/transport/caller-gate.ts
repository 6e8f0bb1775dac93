// How many requests each caller may have open to the service at once: one caller's slow calls cannot take every pooled connection.
import { CancelledError, type Endpoint } from '../errors.js';

export interface CallerGate {
  /** Resolves once `caller` may send one more request; call the returned function when it is done. */
  enter(caller: string, endpoint: Endpoint, signal?: AbortSignal): Promise<() => void>;
}

/**
 * The connection pool to the service is shared (16 sockets by default): an HTTP caller whose
 * calls the service answers slowly, or never, once held all of them, and every other caller's
 * request waited behind them for a socket. Each caller (a quota queue: an accepted key, or the
 * unaccepted keys of one address) may have at most `perCaller` requests out at once; the rest of
 * its requests wait their turn here, in order, while other callers' go on.
 */
export function createCallerGate(perCaller: number): CallerGate {
  const open = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  const leave = (caller: string) => {
    const next = waiting.get(caller)?.shift();
    if (waiting.get(caller)?.length === 0) waiting.delete(caller);
    if (next) return next();
    const left = (open.get(caller) ?? 1) - 1;
    if (left === 0) open.delete(caller);
    else open.set(caller, left);
  };
  const release = (caller: string) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      leave(caller);
    };
  };
  return {
    enter(caller, endpoint, signal) {
      if (signal?.aborted) return Promise.reject(new CancelledError(endpoint));
      const count = open.get(caller) ?? 0;
      if (count < perCaller) {
        open.set(caller, count + 1);
        return Promise.resolve(release(caller));
      }
      return new Promise((resolve, reject) => {
        const queue = waiting.get(caller) ?? [];
        waiting.set(caller, queue);
        // The slot passes straight to the next waiter: the count stays as it is.
        const go = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release(caller));
        };
        const onAbort = () => {
          const at = queue.indexOf(go);
          if (at >= 0) queue.splice(at, 1);
          if (queue.length === 0 && waiting.get(caller) === queue) waiting.delete(caller);
          reject(new CancelledError(endpoint));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(go);
      });
    },
  };
}
