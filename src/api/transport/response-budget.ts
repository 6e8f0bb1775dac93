// A process-wide budget of service response bytes held at once: big answers take turns instead of piling up in memory.

export interface ResponseBudget {
  /** One body being read; close it once its bytes are no longer held here. */
  open(): BudgetReader;
}

export interface BudgetReader {
  /** Counts bytes just received; false when the budget is spent and this reader must wait. */
  take(bytes: number): boolean;
  /** Resolves when this reader may go on; rejects with BudgetWaitExpired after the wait bound. */
  wait(): Promise<void>;
  /** Gives back every byte this reader took. */
  close(): void;
}

/** The budget stayed spent for the whole wait: the read is abandoned, the call refused. */
export class BudgetWaitExpired extends Error {}

/**
 * Every reader counts its bytes against one total. Beyond `limitBytes` a reader pauses (its socket
 * stops being read, so the bytes wait in the kernel and at the service) until others finish, for
 * at most `maxWaitMs`. The oldest open reader never waits: some read always makes progress, so
 * readers cannot all wait on each other. Memory held by bodies is thus at most the limit plus one
 * answer (each capped by NETWORK_DISCOVERY_MAX_RESPONSE_BYTES).
 */
export function createResponseBudget(limitBytes: number, maxWaitMs: number): ResponseBudget {
  let inFlight = 0;
  // Insertion order is age: the first entry is the oldest open reader.
  const readers = new Set<object>();
  const waiters = new Map<object, () => void>();
  const mayGo = (reader: object) =>
    inFlight <= limitBytes || readers.values().next().value === reader;
  const wake = () => {
    for (const [reader, go] of waiters) if (mayGo(reader)) go();
  };
  return {
    open() {
      const self = {};
      let held = 0;
      let timer: NodeJS.Timeout | undefined;
      readers.add(self);
      return {
        take(bytes) {
          held += bytes;
          inFlight += bytes;
          return mayGo(self);
        },
        wait() {
          return new Promise<void>((resolve, reject) => {
            timer = setTimeout(() => {
              waiters.delete(self);
              reject(new BudgetWaitExpired());
            }, maxWaitMs);
            waiters.set(self, () => {
              clearTimeout(timer);
              waiters.delete(self);
              resolve();
            });
          });
        },
        close() {
          if (!readers.delete(self)) return;
          inFlight -= held;
          held = 0;
          clearTimeout(timer);
          waiters.delete(self);
          wake();
        },
      };
    },
  };
}
