// The date and schedule tests pass wherever the server runs: they run again in a child with TZ far east of UTC (Tokyo, +9; Kiritimati, +14) and far west (Pago Pago, -11).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runVitestChild } from './vitest-child.js';

/** The tests whose answers turn on dates, windows and schedules. */
const DATE_READERS = [
  'test/dates-and-schedules.test.ts',
  'test/hosts-edges.test.ts',
  'test/time-window.test.ts',
  'test/questions.test.ts',
  'test/changes-dates.test.ts',
];

describe('the date and schedule tests outside UTC', () => {
  // Every date reader in one zone; the quick ones in the farthest zones either side.
  it.each([
    ['Asia/Tokyo', DATE_READERS],
    ['Pacific/Kiritimati', DATE_READERS.slice(0, 1).concat(DATE_READERS.slice(2, 3))],
    ['Pacific/Pago_Pago', DATE_READERS.slice(0, 1).concat(DATE_READERS.slice(2, 3))],
  ] as const)(
    'pass with TZ=%s',
    (zone, files) => {
      const run = runVitestChild(files, { TZ: zone }, 280_000);
      expect(run.status, `${run.stdout}\n${run.stderr}`.slice(-4_000)).toBe(0);
    },
    300_000,
  );

  it('the zone is real: a child with TZ set reads a local hour other than UTC', () => {
    const hour = (zone: string) =>
      spawnSync(
        process.execPath,
        ['-e', 'console.log(new Date("2026-11-25T00:00:00Z").getHours())'],
        {
          encoding: 'utf8',
          env: { ...process.env, TZ: zone },
        },
      ).stdout.trim();
    expect(hour('UTC')).toBe('0');
    expect(hour('Asia/Tokyo')).toBe('9');
    expect(hour('Pacific/Kiritimati')).toBe('14');
    expect(hour('Pacific/Pago_Pago')).toBe('13');
  });
});
