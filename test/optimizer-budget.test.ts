// The optimizer budget: applied on import (in src/index.ts, before the server is loaded), V8 optimizes a hot function after about four times as many calls, still optimizes it in the end, and a tiering flag of the user's own wins.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { optimizeLater } from '../src/cli/optimizer-budget.js';

/**
 * Runs a small loop function `calls` times in a fresh Node under --trace-opt, with the module
 * imported first (as src/index.ts does) or not, and says whether V8 marked it for TurboFan.
 */
function optimizedAfter(calls: number, imported: boolean, nodeArgs: readonly string[] = []) {
  const module = new URL('../src/cli/optimizer-budget.ts', import.meta.url).pathname;
  const program = `${imported ? `await import(${JSON.stringify(module)});` : ''}
function work(items) { let total = 0; for (const item of items) total += item.length * 3 + (item.charCodeAt(0) & 7); return total; }
const items = Array.from({ length: 50 }, (_, i) => 'item-' + i);
let sum = 0;
for (let call = 0; call < ${calls}; call++) sum += work(items);
await new Promise((resolve) => setTimeout(resolve, 100));
process.stdout.write('sum ' + sum + '\\n');`;
  const out = execFileSync(
    process.execPath,
    [...nodeArgs, '--trace-opt', '--import', 'tsx', '--input-type=module', '-e', program],
    { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } },
  );
  return /marking [^\n]*\bwork\b[^\n]*for optimization/.test(out);
}

describe('optimizeLater', () => {
  it('leaves tiering alone when the user gave a tiering flag', () => {
    expect(optimizeLater(['--interrupt-budget=1000'])).toBe(false);
    expect(optimizeLater([], '--trace-gc --no-turbofan')).toBe(false);
    expect(optimizeLater(['--jitless'])).toBe(false);
  });

  it('on import, V8 optimizes a hot function later, and still optimizes it', () => {
    // 200 calls are past V8's own budget (it optimizes after 80-160 here), not past four times it.
    expect(optimizedAfter(200, false)).toBe(true);
    expect(optimizedAfter(200, true)).toBe(false);
    expect(optimizedAfter(2_000, true)).toBe(true);
    // The user's own budget wins over the module's.
    expect(optimizedAfter(200, true, ['--interrupt-budget=67584'])).toBe(true);
    // Four fresh Nodes with tsx: seconds each on a loaded two-core runner.
  }, 90_000);
});
