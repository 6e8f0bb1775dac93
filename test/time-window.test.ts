// ISO 8601 time windows and zone arithmetic (src/views/common/time-window.ts), the pieces every time filter shares.
import { describe, expect, it, vi } from 'vitest';
import {
  describeWindow,
  inWindow,
  parseTimeWindow,
  wallClock,
  zonedInstant,
} from '../src/views/common/time-window.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const at = (iso: string) => Date.parse(iso);
const parse = (text: string, zone = 'UTC', bare: 'past' | 'future' = 'past') =>
  parseTimeWindow('finished', text, { zone, now: NOW, bare });

describe('parseTimeWindow', () => {
  it('reads start/end with offsets as written, and without one in the zone', () => {
    expect(parse('2026-11-25T01:00Z/2026-11-25T05:00Z')).toEqual({
      from: at('2026-11-25T01:00Z'),
      to: at('2026-11-25T05:00Z'),
    });
    expect(parse('2026-11-26T01:00/2026-11-26T05:00', 'Europe/Paris')).toEqual({
      from: at('2026-11-26T00:00Z'),
      to: at('2026-11-26T04:00Z'),
    });
    expect(parse('2026-07-01T01:00+02:00/')).toEqual({ from: at('2026-06-30T23:00Z') });
  });

  it('reads a date as its whole day, a bare end date to the end of that day', () => {
    expect(parse('2026-11-11')).toEqual({
      from: at('2026-11-11T00:00Z'),
      to: at('2026-11-12T00:00Z'),
    });
    expect(parse('2026-11-11/2026-11-12')).toEqual({
      from: at('2026-11-11T00:00Z'),
      to: at('2026-11-13T00:00Z'),
    });
    expect(parse('/2026-11-11', 'Asia/Tokyo')).toEqual({ to: at('2026-11-11T15:00Z') });
  });

  it('reads durations: alone back from now (or forward), and beside a date-time', () => {
    expect(parse('P7D')).toEqual({ from: NOW - 7 * 86_400_000, to: NOW });
    expect(parse('PT6H', 'UTC', 'future')).toEqual({ from: NOW, to: NOW + 6 * 3_600_000 });
    expect(parse('P1W/2026-11-25T00:00Z')).toEqual({
      from: at('2026-11-18T00:00Z'),
      to: at('2026-11-25T00:00Z'),
    });
    expect(parse('2026-11-25T00:00Z/PT30M')).toEqual({
      from: at('2026-11-25T00:00Z'),
      to: at('2026-11-25T00:30Z'),
    });
  });

  it('refuses what it cannot read, saying what it accepts', () => {
    for (const text of [
      'tonight',
      'P',
      'PT',
      '/',
      '2026-13-45x',
      'P1D/P2D',
      '2026-11-25/2026-11-24',
      // Date.parse alone would read these: only ISO 8601's shape is a time here.
      'Nov 25 2026 01:00 +0100',
      '25 November 2026 01:00Z/',
    ]) {
      expect(() => parse(text), text).toThrow(/is not a time window: give start\/end in ISO 8601/);
    }
  });
});

describe('zone arithmetic', () => {
  it('finds the instant of a wall clock across DST, and back', () => {
    // Paris: UTC+1 in winter, UTC+2 in summer.
    expect(
      zonedInstant({ year: 2026, month: 1, day: 10, hour: 3, minute: 0 }, 'Europe/Paris'),
    ).toBe(at('2026-01-10T02:00Z'));
    expect(
      zonedInstant({ year: 2026, month: 7, day: 10, hour: 3, minute: 0 }, 'Europe/Paris'),
    ).toBe(at('2026-07-10T01:00Z'));
    // 02:30 on the spring-forward night does not exist: the time after the gap.
    expect(
      zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Paris'),
    ).toBe(at('2026-03-29T01:30Z'));
    // 02:30 on the fall-back night happens twice: the first.
    expect(
      zonedInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Paris'),
    ).toBe(at('2026-10-25T00:30Z'));
    expect(wallClock(at('2026-11-25T23:30Z'), 'Asia/Tokyo')).toMatchObject({
      year: 2026,
      month: 11,
      day: 26,
      hour: 8,
      minute: 30,
      weekday: 4,
    });
  });

  it('a UTC wall clock is read without asking Intl (its zone data is megabytes of RSS once loaded)', () => {
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const times = [
      '2026-11-20T03:00',
      '2024-02-29T23:59:59',
      '1970-01-01T00:00',
      '2026-03-29T02:30',
    ];
    for (const time of times) {
      const [date = '', clock = ''] = time.split('T');
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const [hour, minute, second = 0] = clock.split(':').map(Number) as [number, number, number?];
      expect(zonedInstant({ year, month, day, hour, minute, second }, 'UTC')).toBe(at(`${time}Z`));
    }
    expect(parse('2026-11-11T01:00/2026-11-11T05:00')).toEqual({
      from: at('2026-11-11T01:00Z'),
      to: at('2026-11-11T05:00Z'),
    });
    expect(asked).not.toHaveBeenCalled();
    // Any other zone still takes its rules from Intl: 02:30 on 2026-03-29 does not exist in Paris.
    expect(
      zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Paris'),
    ).toBe(at('2026-03-29T01:30Z'));
    expect(asked).toHaveBeenCalled();
  });

  it('tests and says a window', () => {
    const window = parse('2026-11-25T01:00Z/2026-11-25T05:00Z');
    expect(inWindow(window, '2026-11-25T01:00:00Z')).toBe(true);
    expect(inWindow(window, '2026-11-25T05:00:00Z')).toBe(false);
    expect(inWindow(window, undefined)).toBe(false);
    expect(describeWindow(window)).toBe('2026-11-25 01:00Z to 2026-11-25 05:00Z');
    expect(describeWindow({ from: at('2026-11-25T01:00Z') })).toBe('from 2026-11-25 01:00Z');
  });
});
