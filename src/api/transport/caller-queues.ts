// Which quota queue a caller's requests wait in: its own once the service has accepted its key, else one per client address.

/** The queue every caller without an accepted key waits in, whatever key it made up (per address when known). */
export const UNVERIFIED_QUEUE = 'unverified';

/** Keys remembered as accepted; the least recently used is forgotten beyond this. */
export const MAX_VERIFIED_CALLERS = 1_000;

export interface CallerQueues {
  /**
   * The queue for a caller (its key's digest; undefined when it brought no key), coming from
   * `address` (the HTTP client's address, when known).
   */
  queueFor(caller: string | undefined, address?: string): string;
  /** The service answered a request carrying this caller's key with success. */
  accept(caller: string): void;
}

/**
 * Queues are per caller so that one caller's batch cannot starve another's call, but a key costs
 * nothing to make up: 60 made-up keys would be 60 turns ahead of every real caller. So a key earns
 * its own queue only once the service has answered a request carrying it with success; until then
 * (and without a key) callers share the queue of the address they connect from, which takes one
 * turn like any other caller. An address costs a TCP connection to hold, not a string to invent,
 * so a flood of made-up keys from one address fills that address's queue, never the queue of a
 * real key new to the process calling from another. Behind a proxy every caller has the proxy's
 * address and unaccepted keys share one queue again. Accepted keys are held as digests, at most
 * `max` of them, least recently used forgotten first.
 */
export function createCallerQueues(max = MAX_VERIFIED_CALLERS): CallerQueues {
  // A Map keeps insertion order: re-inserting on use makes its first entry the least recent.
  const verified = new Map<string, true>();
  return {
    queueFor(caller, address) {
      if (caller === undefined || !verified.has(caller)) {
        return address === undefined ? UNVERIFIED_QUEUE : `${UNVERIFIED_QUEUE} ${address}`;
      }
      verified.delete(caller);
      verified.set(caller, true);
      return caller;
    },
    accept(caller) {
      verified.delete(caller);
      verified.set(caller, true);
      if (verified.size > max) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
    },
  };
}
