// The schedule clock holds a few croner jobs, not one per schedule it has seen: each job holds croner's year table (~78 KB), so 400 distinct schedules once kept ~31 MB; next runs stay right for all of them.
import v8 from 'node:v8';
import vm from 'node:vm';
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { loadScheduleClock } from '../src/views/discoveries/discovery-schedule.js';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const AFTER = Date.UTC(2026, 10, 29, 12, 0, 0);
/** 400 distinct schedules: every minute of the day's first hours, in UTC and in Paris. */
const SCHEDULES = Array.from({ length: 400 }, (_, i) => ({
  cron: `${i % 60} ${Math.floor(i / 60)} * * *`,
  zone: i % 2 === 0 ? undefined : 'Europe/Paris',
}));

describe('the schedule clock holds few croner jobs', () => {
  it('keeps well under one year table per schedule seen, and answers each as croner does', async () => {
    const clock = await loadScheduleClock();
    collect();
    const before = v8.getHeapStatistics().used_heap_size;
    const answers = SCHEDULES.map((s) => clock.next(s.cron, s.zone, AFTER));
    collect();
    const held = v8.getHeapStatistics().used_heap_size - before;
    // One job per schedule held would be 400 x ~78 KB = ~31 MB; a few jobs and 400 small answers
    // are well under a tenth of it.
    expect(held).toBeLessThan(3 * 2 ** 20);
    for (const [i, s] of SCHEDULES.entries()) {
      const fresh = new Cron(s.cron, { timezone: s.zone ?? 'UTC', paused: true }).nextRun(
        new Date(AFTER),
      );
      expect(answers[i], `${s.cron} ${s.zone}`).toBe(fresh?.getTime());
    }
    expect(clock.readable('not a cron', undefined)).toBe(false);
    expect(clock.readable(SCHEDULES[0]?.cron ?? '', undefined)).toBe(true);
  });
});
