// Keeps V8's old generation from growing far past what it holds, so a kept host copy does not double the resident size.
import { setUnlessGiven } from './v8-flag.js';

const GROWTH_FLAG = '--heap-growing-percent';
const USER_FLAGS = [GROWTH_FLAG, '--max-old-space-size', '--max-heap-size'];
/**
 * The next old-generation limit is at most this much above what survived the last full
 * collection (V8's own factor goes up to 4x for a fast-allocating heap). Reading a 20,000-host copy
 * (53-58 MB of heap), V8's default left 241 MB resident; 50% left 160 MB, 10% 145 MB for a cold
 * read 25-45% slower. Since the copy shrank to ~41 MB, 25% puts a whole 20,000-host session on
 * 0.17.22 at 145-149 MB against 157-164 MB with 50%, for a cold read 10-13% slower (6.0 -> 6.8 s)
 * and warm calls unchanged (bench/inventory.ts, bench/sdk-ab.ts, docs/performance.md). A limit,
 * not a cap: the heap still grows as far as it needs, one collection at a time.
 */
const GROWING_PERCENT = 25;

/** Sets the old generation's growth before the server allocates; a heap flag given by the user wins. */
export function keepOldGenerationTight(execArgv: readonly string[], nodeOptions = ''): boolean {
  return setUnlessGiven(`${GROWTH_FLAG}=${GROWING_PERCENT}`, USER_FLAGS, execArgv, nodeOptions);
}

keepOldGenerationTight(process.execArgv, process.env['NODE_OPTIONS']);
