// Lets V8's optimizing compiler (TurboFan) start later: this server's calls are short, and the first optimization costs ~6 MB of resident memory.
import { setUnlessGiven } from './v8-flag.js';

const BUDGET_FLAG = '--interrupt-budget';
const USER_FLAGS = [BUDGET_FLAG, '--turbofan', '--no-turbofan', '--no-opt', '--jitless'];
/**
 * Bytecode a function runs before V8 considers optimizing it: four times Node 20's default
 * (66 KB). With the default, one function of the first `list_discoveries` call is optimized, and
 * that first TurboFan compile alone leaves ~6 MB more resident (the compiler's pages of the node
 * binary, its zones on a worker thread's malloc arena, code space): 65.8-66.3 MB 500 ms after the
 * first call, 59.5-59.7 MB with this budget. Warm calls still reach TurboFan, a few hundred calls
 * later: over 1,000 calls the peak is 74.3-75.1 against 77.2-77.9 MB, CPU a call 0.87-0.90x, the
 * median unchanged within its spread, and the 20,000-host cold read no slower (bench/call-ab.ts,
 * bench/inventory.ts; docs/performance.md, "The optimizing compiler, later"). Turning TurboFan off
 * instead held 59.6 / 67.3 MB but added 0.7 ms to a warm call's median and ~50% to the cold read.
 */
export const INTERRUPT_BUDGET = 4 * 67_584;

/** Sets the budget before the server's code runs; the user's own tiering flags win. */
export function optimizeLater(execArgv: readonly string[], nodeOptions = ''): boolean {
  return setUnlessGiven(`${BUDGET_FLAG}=${INTERRUPT_BUDGET}`, USER_FLAGS, execArgv, nodeOptions);
}

optimizeLater(process.execArgv, process.env['NODE_OPTIONS']);
