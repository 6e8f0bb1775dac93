// The schedule clock's next run, remembered per schedule until that run passes, is croner's own answer at every moment: forward, backward, across DST changes and for schedules croner cannot read.
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { loadScheduleClock } from '../src/views/discoveries/discovery-schedule.js';

const SCHEDULES = [
  ['0 3 * * *', 'UTC'],
  ['0 3 * * *', 'Europe/Paris'],
  ['30 2 * * *', 'Europe/Paris'], // 02:30 does not exist on 2026-03-29 in Paris
  ['*/15 * * * *', 'America/New_York'],
  ['0 0 1 * *', undefined],
  ['15 10 * * 1-5', 'Asia/Kolkata'],
  ['0 0 31 2 *', 'UTC'], // never runs
  ['not a cron', 'UTC'],
  // UTC by its other names, read as a fixed offset of 0 (discovery-schedule.ts): the same runs.
  ['0 0 L * *', 'Etc/UTC'],
  ['0 12 * * 5#2', 'GMT'],
  ['*/7 */5 * * *', 'Etc/GMT'],
  ['0 0 29 2 *', 'UTC'], // leap days only
] as const;

/** croner asked afresh, as the clock did before it remembered. */
function fresh(cron: string, zone: string | undefined, after: number): number | undefined {
  try {
    return new Cron(cron, { timezone: zone ?? 'UTC', paused: true })
      .nextRun(new Date(after))
      ?.getTime();
  } catch {
    return undefined;
  }
}

/** Moments that walk forward in small and large steps, land on runs and just before them, then step back. */
function moments(): number[] {
  const start = Date.UTC(2026, 2, 28, 23, 0, 0, 250); // the night before Paris's clocks go forward
  const out: number[] = [];
  let at = start;
  let seed = 7;
  for (let i = 0; i < 400; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const step = [1, 999, 60_000, 899_999, 3_600_000, 86_400_000][seed % 6] ?? 1;
    at += seed % 11 === 0 ? -step : step;
    out.push(at);
  }
  return out;
}

describe('schedule clock next run', () => {
  it("matches croner's fresh answer at every moment, in order and out of it", async () => {
    const clock = await loadScheduleClock();
    for (const [cron, zone] of SCHEDULES) {
      for (const at of moments()) {
        const expected = fresh(cron, zone, at);
        expect(
          clock.next(cron, zone, at),
          `${cron} ${zone} after ${new Date(at).toISOString()}`,
        ).toBe(expected);
        // Exactly at the run and a millisecond before it: the run after a run is the next one.
        if (expected !== undefined) {
          expect(clock.next(cron, zone, expected)).toBe(fresh(cron, zone, expected));
          expect(clock.next(cron, zone, expected - 1)).toBe(expected);
        }
      }
    }
  });
});
