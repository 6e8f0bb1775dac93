// The suite passes on any date: the snapshot and schedule tests run again in a child whose clock is 400 days ahead.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './build-dist.js';
import { runVitestChild } from './vitest-child.js';

/** The tests whose answers hold next runs, time windows, expiry times or updated_at. */
const CLOCK_READERS = [
  'test/tools.test.ts',
  'test/client-view.test.ts',
  'test/questions.test.ts',
  'test/time-window.test.ts',
  'test/dates-and-schedules.test.ts',
  // list_changes' P7D default and instants at since count back from the server's clock.
  'test/changes-dates.test.ts',
];

/** Runs vitest on `files` in a child whose Date reads `days` from today. */
const runShifted = (files: readonly string[], days: number) =>
  runVitestChild(files, {
    CLOCK_SHIFT_DAYS: String(days),
    NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --require ${join(ROOT, 'test', 'shift-clock.cjs')}`,
  });

describe('the suite on any date', () => {
  it('the tests that read a clock pass 400 days from now', () => {
    const run = runShifted(CLOCK_READERS, 400);
    expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-4_000)).toBe(0);
  }, 200_000);

  it('the shifted clock is real: a child with it reads 400 days past a child without', () => {
    // Two children, so the check holds even when this process's own clock is shifted (faketime).
    const read = (days: number) =>
      Number(
        spawnSync(process.execPath, ['-e', 'console.log(Date.now())'], {
          encoding: 'utf8',
          env: {
            ...process.env,
            CLOCK_SHIFT_DAYS: String(days),
            NODE_OPTIONS: `--require ${join(ROOT, 'test', 'shift-clock.cjs')}`,
          },
        }).stdout.trim(),
      );
    const ahead = (read(400) - read(0)) / 86_400_000;
    expect(ahead).toBeGreaterThan(399.9);
    expect(ahead).toBeLessThan(400.1);
  });
});
