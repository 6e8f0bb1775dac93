// One read in flight per key (a caller's host list, a caller's network bundle): questions join it, the last to leave aborts it, one out of patience leaves it running.
import { CancelledError, type Endpoint } from '../errors.js';
import type { ReadProgress } from './host-read.js';

/** A read shared by the questions that wait for it. */
export interface Flight<T> {
  readonly controller: AbortController;
  readonly result: Promise<T>;
  /** Tells every question waiting with a progress listener, and keeps the figures for one that stops waiting. */
  readonly progress: ReadProgress;
  /** The read's last progress: what a question out of patience says. */
  readonly done: number;
  readonly total: number;
}

interface Shared<T> extends Flight<T> {
  result: Promise<T>;
  done: number;
  total: number;
  waiters: number;
  readonly listeners: Set<ReadProgress>;
}

export interface Flights<T> {
  /** The read in flight for `key`, unless every question left it (then it was aborted). */
  running(key: string): Flight<T> | undefined;
  /** Starts `read` for `key` (its signal aborts when the last question leaves); it is let go once settled. */
  start(key: string, read: (flight: Flight<T>) => Promise<T>): Flight<T>;
  /** Whether `flight` is still `key`'s read (a refresh may have started another). */
  current(key: string, flight: Flight<T>): boolean;
}

export function createFlights<T>(): Flights<T> {
  const flights = new Map<string, Shared<T>>();
  return {
    running(key) {
      const flight = flights.get(key);
      return flight && !flight.controller.signal.aborted ? flight : undefined;
    },
    start(key, read) {
      const flight: Shared<T> = {
        controller: new AbortController(),
        listeners: new Set(),
        waiters: 0,
        done: 0,
        total: 0,
        result: Promise.resolve() as Promise<T>,
        progress: (done, total) => {
          flight.done = done;
          flight.total = total;
          for (const listener of flight.listeners) listener(done, total);
        },
      };
      flight.result = read(flight);
      flights.set(key, flight);
      const settled = () => flights.get(key) === flight && flights.delete(key);
      flight.result.then(settled, settled);
      return flight;
    },
    current: (key, flight) => flights.get(key) === flight,
  };
}

export interface JoinOptions {
  /** Told the read's progress while this question waits. */
  readonly progress?: ReadProgress | undefined;
  /** How long this question waits before it answers with `outOfPatience` instead. */
  readonly patienceMs?: number | undefined;
  readonly outOfPatience?: ((done: number, total: number, waitedMs: number) => Error) | undefined;
}

/**
 * Waits for a shared read. A question cancelled leaves it (CancelledError naming `endpoint`); when
 * the last one has left, the read itself is aborted and sends no more requests.
 */
export function join<T>(
  flight: Flight<T>,
  signal: AbortSignal,
  endpoint: Endpoint,
  options: JoinOptions = {},
): Promise<T> {
  const shared = flight as Shared<T>;
  const { progress, patienceMs, outOfPatience } = options;
  shared.waiters++;
  if (progress) shared.listeners.add(progress);
  const began = Date.now();
  return new Promise((resolve, reject) => {
    let left = false;
    let patience: ReturnType<typeof setTimeout> | undefined;
    const leave = () => {
      if (left) return false;
      left = true;
      shared.waiters--;
      if (progress) shared.listeners.delete(progress);
      signal.removeEventListener('abort', onAbort);
      clearTimeout(patience);
      return true;
    };
    // Out of patience: this question answers that the read goes on, and leaves it running (not
    // aborted, even with no one waiting) so the next question finds it or what it kept.
    if (patienceMs !== undefined && outOfPatience) {
      patience = setTimeout(() => {
        if (leave()) reject(outOfPatience(shared.done, shared.total, Date.now() - began));
      }, patienceMs);
      patience.unref?.();
    }
    const onAbort = () => {
      if (!leave()) return;
      if (shared.waiters === 0) shared.controller.abort();
      reject(new CancelledError(endpoint));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(
      (value) => leave() && resolve(value),
      (error: unknown) => leave() && reject(error),
    );
  });
}
