// The old-generation setting: applied on import (first thing in src/main.ts) unless the user chose a heap flag.
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
if (IMPORT) await import('MODULE'); // as src/main.ts does, first thing
let peak = 0; const keep = []; let junk = [];
for (let i = 0; i < 600000; i++) {
  keep.push({ id: 'host-' + i, ports: [i, i + 1, i + 2] });
  for (let j = 0; j < 4; j++) junk.push({ raw: 'x' + i + '-' + j, more: [j] });
  if (junk.length > 200000) junk = [];
  if (i % 1000 === 0) peak = Math.max(peak, getHeapStatistics().total_heap_size);
}
process.stdout.write(JSON.stringify({ peak, kept: keep.length }));`;
    const loose = JSON.parse(inFreshNode(program.replace('IMPORT', 'false')));
    const tight = JSON.parse(inFreshNode(program.replace('IMPORT', 'true')));
    const flagged = JSON.parse(
      inFreshNode(program.replace('IMPORT', 'true'), ['--heap-growing-percent=400']),
    );
    expect(tight.kept).toBe(600_000);
    expect(tight.peak).toBeLessThan(loose.peak * 0.8);
    // The user's own flag wins over the module's setting.
    expect(flagged.peak).toBeGreaterThan(tight.peak * 1.2);
  }, 120_000);
});
