// A process-wide budget of service response bytes held at once, shared fairly: big answers take turns instead of piling up in memory.

export interface ResponseBudget {
  /** One body being read for `caller` (a quota queue's name); close it once its bytes are no longer held here. */
  open(caller?: string): BudgetReader;
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

interface Reader {
  readonly caller: string;
  held: number;
}

/**
 * Every reader counts its bytes against one total. Beyond `limitBytes` a reader pauses (its socket
 * stops being read, so the bytes wait in the kernel and at the service) until others finish, for
 * at most `maxWaitMs`. The oldest open reader never waits: some read always makes progress, so
 * readers cannot all wait on each other.
 *
 * Callers (HTTP callers' quota queues) share the total fairly: a caller holding less than its
 * share (the limit divided by the callers reading) goes on even when the total is spent, so one
 * caller's slow, huge answers cannot make another caller's small read wait. Memory held by bodies
 * is thus at most twice the limit plus one answer (each capped by
 * NETWORK_DISCOVERY_MAX_RESPONSE_BYTES): what one caller took while alone, the others' shares,
 * and the oldest read.
 */
export function createResponseBudget(limitBytes: number, maxWaitMs: number): ResponseBudget {
  let inFlight = 0;
  // Insertion order is age: the first entry is the oldest open reader.
  const readers = new Set<Reader>();
  const heldBy = new Map<string, number>();
  const waiters = new Map<Reader, () => void>();
  const share = () => limitBytes / Math.max(1, heldBy.size);
  const mayGo = (reader: Reader) =>
    inFlight <= limitBytes ||
    readers.values().next().value === reader ||
    (heldBy.get(reader.caller) ?? 0) < share();
  const wake = () => {
    for (const [reader, go] of waiters) if (mayGo(reader)) go();
  };
  return {
    open(caller = '') {
      const self: Reader = { caller, held: 0 };
      let timer: NodeJS.Timeout | undefined;
      readers.add(self);
      heldBy.set(caller, heldBy.get(caller) ?? 0);
      return {
        take(bytes) {
          self.held += bytes;
          inFlight += bytes;
          heldBy.set(caller, (heldBy.get(caller) ?? 0) + bytes);
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
          inFlight -= self.held;
          const left = (heldBy.get(caller) ?? 0) - self.held;
          const reading = [...readers].some((reader) => reader.caller === caller);
          if (reading) heldBy.set(caller, left);
          else heldBy.delete(caller);
          self.held = 0;
          clearTimeout(timer);
          waiters.delete(self);
          wake();
        },
      };
    },
  };
}
