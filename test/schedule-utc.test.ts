// UTC schedules are read without Intl: croner takes a fixed offset of 0 for them, so a list of UTC jobs never loads ICU's locale data (8.6 MiB resident, docs/performance.md); a named zone still goes through Intl.
import { afterEach, describe, expect, it } from 'vitest';
import { isZone, wallClock } from '../src/views/common/time-window.js';
import { cronerZone, loadScheduleClock } from '../src/views/discoveries/discovery-schedule.js';

const AFTER = Date.UTC(2026, 10, 29, 12, 0, 0);

const REAL_FORMAT = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = REAL_FORMAT;
});

/** Counts the formatters made from here on (a Proxy: croner constructs them with `new`). */
function countFormats(): { made: number } {
  const count = { made: 0 };
  Intl.DateTimeFormat = new Proxy(REAL_FORMAT, {
    construct(target, args) {
      count.made++;
      return Reflect.construct(target, args);
    },
  });
  return count;
}

describe('the schedule clock and ICU', () => {
  it('gives UTC and its other names a fixed offset of 0, any other zone by name', () => {
    for (const zone of [undefined, 'UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']) {
      expect(cronerZone(zone)).toEqual({ utcOffset: 0 });
    }
    expect(cronerZone('Europe/Berlin')).toEqual({ timezone: 'Europe/Berlin' });
    // Not UTC in winter or summer alike: read by name.
    expect(cronerZone('Europe/London')).toEqual({ timezone: 'Europe/London' });
  });

  it('answers next runs of UTC schedules without constructing Intl.DateTimeFormat; a named zone does', async () => {
    const formats = countFormats();
    const clock = await loadScheduleClock();
    expect(clock.next('0 3 * * *', undefined, AFTER)).toBe(Date.UTC(2026, 10, 30, 3, 0, 0));
    expect(clock.next('15 */6 * * 1-5', 'UTC', AFTER)).toBe(Date.UTC(2026, 10, 30, 0, 15, 0));
    expect(clock.next('0 0 1 * *', 'Etc/UTC', AFTER)).toBe(Date.UTC(2026, 11, 1, 0, 0, 0));
    expect(formats.made).toBe(0);
    // A named zone is read through Intl. croner keeps one formatter per zone string for the
    // process (and test files share modules here), so the zone is spelled as no other test does:
    // zone names are case-insensitive. 03:00 in Kathmandu (UTC+5:45) is 21:15 UTC the day before.
    expect(clock.next('0 3 * * *', 'aSIA/kATHMANDU', AFTER)).toBe(
      Date.UTC(2026, 10, 29, 21, 15, 0),
    );
    expect(formats.made).toBeGreaterThan(0);
  });

  it("reads UTC's wall clock by Date's arithmetic under each of its names, as Intl reads it", () => {
    const formats = countFormats();
    const instants = [0, Date.UTC(2024, 1, 29, 23, 59, 59), AFTER, Date.UTC(2099, 11, 31, 0, 0, 1)];
    const names = ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT'];
    const byDate = names.map((zone) => instants.map((at) => wallClock(at, zone)));
    expect(names.every(isZone)).toBe(true);
    expect(formats.made).toBe(0);
    // Intl asked here, after the count: the same fields for every instant and name.
    const intl = new REAL_FORMAT('en-US', {
      timeZone: 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const byIntl = instants.map((at) => {
      const part = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
      const number = (type: string) => Number(part[type]);
      return {
        year: number('year'),
        month: number('month'),
        day: number('day'),
        hour: number('hour'),
        minute: number('minute'),
        second: number('second'),
        weekday: days.indexOf(part['weekday'] ?? ''),
      };
    });
    for (const clocks of byDate) expect(clocks).toEqual(byIntl);
    expect(byDate[0]?.[1]).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 23,
      minute: 59,
      second: 59,
      weekday: 4,
    });
  });
});
