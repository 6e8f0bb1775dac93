// Long work on a large answer gives other callers a turn of the event loop every few milliseconds.

/**
 * Work that gives up the event loop once it has run `sliceMs` since it last did. `pause()` is
 * undefined while the slice lasts (no await, no cost on a small page) and a promise of the next
 * turn after it: stdio and every --http caller share one loop, and a 20 MB page parsed in one
 * block kept every other request waiting for it (issue 40, item 8).
 */
export interface Turns {
  pause(): Promise<void> | undefined;
}

/**
 * Ten milliseconds: a page of 50 discoveries (~26 KB) never pauses; a 20 MB hostile page pauses
 * some 50-100 times, each pause one turn (an immediate), so the page costs little more in all.
 */
export const SLICE_MS = 10;

export function turnsOf(sliceMs = SLICE_MS): Turns {
  let since = performance.now();
  const resume = () => {
    since = performance.now();
  };
  return {
    pause() {
      if (performance.now() - since < sliceMs) return undefined;
      // The global setImmediate: an ESM import of node:timers/promises costs start-up time.
      return new Promise<void>((done) => setImmediate(done)).then(resume);
    },
  };
}
