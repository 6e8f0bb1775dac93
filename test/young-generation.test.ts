// The young-generation setting: applied on import (in src/index.ts, before the server is loaded) unless the user chose a semi-space flag.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keepYoungGenerationSmall } from '../src/cli/young-generation.js';

/** Runs `code` in a fresh Node and returns what it printed (the flag is per process). */
function inFreshNode(code: string, nodeArgs: readonly string[] = []): string {
  const module = new URL('../src/cli/young-generation.ts', import.meta.url).pathname;
  return execFileSync(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', code.replace('MODULE', module)],
    { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } },
  );
}

describe('keepYoungGenerationSmall', () => {
  it('leaves the young generation alone when a semi-space flag was given', () => {
    expect(keepYoungGenerationSmall(['--max-semi-space-size=8'])).toBe(false);
    expect(keepYoungGenerationSmall([], '--trace-gc --max_semi_space_size=4')).toBe(false);
    expect(keepYoungGenerationSmall(['--semi-space-growth-factor=2'])).toBe(false);
  });

  it('on import, keeps the semi-space at its start-up size where V8 would grow it', () => {
    // V8's new space capacity, before and after a burst of short-lived garbage that survives
    // long enough to make V8 grow the semi-spaces.
    const program = `import { getHeapSpaceStatistics } from 'node:v8';
if (IMPORT) await import('MODULE'); // as src/index.ts does, before the server is loaded
const size = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
const before = size();
let keep = [];
for (let i = 0; i < 1000000; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 100000) keep = []; }
process.stdout.write(JSON.stringify({ before, after: size() }));`;
    const grown = JSON.parse(inFreshNode(program.replace('IMPORT', 'false')));
    const capped = JSON.parse(inFreshNode(program.replace('IMPORT', 'true')));
    const flagged = JSON.parse(
      inFreshNode(program.replace('IMPORT', 'true'), ['--semi-space-growth-factor=2']),
    );
    expect(grown.after).toBeGreaterThan(grown.before * 2);
    expect(capped.after).toBeLessThanOrEqual(capped.before);
    // The user's own flag wins over the module's setting.
    expect(flagged.after).toBeGreaterThan(flagged.before * 2);
    // Three fresh Nodes with tsx: seconds each on a loaded two-core runner.
  }, 90_000);
});
