// The old-generation setting: applied on import (in src/index.ts, before the server is loaded) unless the user chose a heap flag.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keepOldGenerationTight } from '../src/cli/old-generation.js';

/** Runs `code` in a fresh Node and returns what it printed (the flag is per process). */
function inFreshNode(code: string, nodeArgs: readonly string[] = []): string {
  const module = new URL('../src/cli/old-generation.ts', import.meta.url).pathname;
  return execFileSync(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', code.replace('MODULE', module)],
    { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } },
  );
}

describe('keepOldGenerationTight', () => {
  it('leaves the old generation alone when a heap flag was given', () => {
    expect(keepOldGenerationTight(['--max-old-space-size=512'])).toBe(false);
    expect(keepOldGenerationTight([], '--trace-gc --max_old_space_size=512')).toBe(false);
    expect(keepOldGenerationTight(['--heap-growing-percent=100'])).toBe(false);
  });

  it('on import, keeps the heap close to what it holds while a large copy is built', () => {
    // As a kept host copy is read: a list that grows and stays, among page-sized garbage.
    const program = `import { getHeapStatistics } from 'node:v8';
if (IMPORT) await import('MODULE'); // as src/index.ts does, before the server is loaded
let peak = 0; const keep = []; let junk = [];
for (let i = 0; i < 300000; i++) {
  keep.push({ id: 'host-' + i, ports: [i, i + 1, i + 2] });
  for (let j = 0; j < 4; j++) junk.push({ raw: 'x' + i + '-' + j, more: [j] });
  if (junk.length > 200000) junk = [];
  if (i % 1000 === 0) peak = Math.max(peak, getHeapStatistics().total_heap_size);
}
process.stdout.write(JSON.stringify({ peak, kept: keep.length }));`;
    // GC timing varies with load: each side is run twice and their means compared, with a clear
    // margin (single runs here differ by ~10% on either side, and the flag saves 25-37%). 300,000
    // hosts, not 600,000: the flag's saving is the same (tight/loose 0.68-0.75 in 7 runs against
    // 0.69-0.71 at 600,000) for half the CPU.
    const peaks = (imported: boolean) =>
      [1, 2].map(() => {
        const run = JSON.parse(inFreshNode(program.replace('IMPORT', String(imported))));
        expect(run.kept).toBe(300_000);
        return run.peak as number;
      });
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const loose = mean(peaks(false));
    const tight = mean(peaks(true));
    expect(tight).toBeLessThan(loose * 0.85);
  }, 120_000);
});
