// A scavenge after each megabyte of a large body, so the socket's read chunks are freed and their memory reused rather than piling up.
import { nodeV8, nodeVm } from '../../node-builtins.js';

/**
 * Body bytes between two collections. Each socket read is an allocation of its own (up to 64 KB)
 * that only a garbage collection frees, and reading a body allocates almost nothing on the heap
 * that would bring one on: a 7 MB topology bundle left ~13 MB of read chunks waiting beside its
 * 7 MB of bytes. A scavenge each megabyte (a fraction of a millisecond with a young generation
 * held at 1 MB) lets the next reads reuse that memory: +20 -> +8 MB of buffers for that body
 * (`bench/body-read.ts`).
 */
export const COLLECT_EVERY_BYTES = 1_048_576;

type Gc = (options?: { type?: 'minor' | 'major' }) => void;

/** The `gc` of a context made while `--expose-gc` was on: the server's own global never gets one. */
let exposed: Gc | null | undefined;

function gcFunction(): Gc | null {
  // One given by the user's --expose-gc (or a test) is used as it stands.
  const own = (globalThis as { gc?: Gc }).gc;
  if (typeof own === 'function') return own;
  if (exposed !== undefined) return exposed;
  try {
    nodeV8().setFlagsFromString('--expose-gc');
    const made = nodeVm().runInNewContext('gc') as unknown;
    exposed = typeof made === 'function' ? (made as Gc) : null;
  } catch {
    exposed = null;
  } finally {
    nodeV8().setFlagsFromString('--no-expose-gc');
  }
  return exposed;
}

/** Counts one body's bytes and collects the young generation after each COLLECT_EVERY_BYTES. */
export function createBodyCollector(): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < COLLECT_EVERY_BYTES) return;
    since = 0;
    gcFunction()?.({ type: 'minor' });
  };
}
