// ISO 8601 date-time windows ("start/end", "start/P7D", "P7D/end", "P7D", a day) read in an IANA zone: for any tool that filters by time.
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';

/** [from, to) in epoch milliseconds; either side open when not given. */
export interface TimeWindow {
  readonly from?: number;
  readonly to?: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/i;
/** A date-time with Z or an offset, in ISO 8601's shape only: Date.parse alone takes far more. */
const WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/i;
/** The first year read: Date.UTC takes 0099 as 1999, and nothing Scanopy saw predates 1970. */
const FIRST_YEAR = 1970;

/**
 * Whether the parts name a time that exists: a four-digit year from 1970, a day the month has
 * (2026-02-31 is refused, where Date would roll it to 3 March), 00:00:00 to 23:59:59.
 */
function exists(parts: readonly (string | undefined)[]): boolean {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts.map((part) =>
    Number(part ?? 0),
  );
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    year >= FIRST_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/i;

/**
 * Zone names that are UTC itself (IANA's name and links for it): read by Date's own arithmetic,
 * never through Intl, whose first formatter loads ICU's locale data (docs/performance.md).
 */
const UTC_NAMES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']);

/** Whether the zone is UTC by one of its names. */
export const isUtc = (zone: string) => UTC_NAMES.has(zone);

/** Whether Intl knows the zone (an IANA name such as Europe/Paris, or UTC). */
export function isZone(zone: string): boolean {
  if (isUtc(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The wall clock of an instant in a zone: year, month (1-12), day, hour, minute, weekday (0 = Sunday). */
export function wallClock(instant: number, zone: string) {
  // UTC is Date's own arithmetic: no ICU data loaded for it (see zonedInstant).
  if (isUtc(zone)) {
    const at = new Date(instant);
    return {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      day: at.getUTCDate(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
      weekday: at.getUTCDay(),
    };
  }
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) parts[part.type] = part.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts['weekday'] ?? '');
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
    weekday,
  };
}

/**
 * The instant a wall-clock time in `zone` names (Intl has the zone rules; no date library is
 * bundled for this one conversion). In a DST gap the time after the gap; a repeated hour, the first.
 */
export function zonedInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
  zone: string,
): number {
  const asUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second ?? 0,
  );
  // UTC has no offset to look up. Asking Intl anyway paged in its zone data on a host question's
  // first date (new_since, always UTC): ~5 MB of RSS at 20,000 hosts that no other host question needs.
  if (isUtc(zone)) return asUtc;
  const offsetAt = (instant: number) => {
    const w = wallClock(instant, zone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant;
  };
  // The zone's offsets half a day either side: a wall-clock time is one of these two instants.
  const candidates = [asUtc - offsetAt(asUtc - 43_200_000), asUtc - offsetAt(asUtc + 43_200_000)];
  const shows = (instant: number) => {
    const w = wallClock(instant, zone);
    return w.hour === wall.hour && w.minute === wall.minute && w.day === wall.day;
  };
  const real = candidates.filter(shows);
  return real.length > 0 ? Math.min(...real) : Math.max(...candidates);
}

/**
 * One point in ISO 8601: with an offset as written, without one in `zone`; a bare date is its
 * midnight (`day` says so). Undefined for anything else.
 */
export function pointInTime(text: string, zone: string): { at: number; day: boolean } | undefined {
  const date = DATE.exec(text);
  if (date) {
    if (!exists(date.slice(1))) return undefined;
    const [, year = 0, month = 0, day = 0] = date.map(Number);
    return { at: zonedInstant({ year, month, day, hour: 0, minute: 0 }, zone), day: true };
  }
  const offset = WITH_OFFSET.exec(text);
  if (offset) {
    const [hours = '0', minutes = '0'] = offset.slice(7);
    if (!exists(offset.slice(1, 7)) || Number(hours) > 23 || Number(minutes) > 59) return undefined;
    const at = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(at) ? undefined : { at, day: false };
  }
  const local = LOCAL.exec(text);
  if (!local || !exists(local.slice(1))) return undefined;
  const [, year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = local.map((part) =>
    Number(part ?? 0),
  );
  return { at: zonedInstant({ year, month, day, hour, minute, second }, zone), day: false };
}

/** An ISO 8601 duration (P7D, PT6H, P1W) in ms; undefined for anything else. */
export function durationOf(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match || text.toUpperCase() === 'P' || text.toUpperCase().endsWith('T')) return undefined;
  const [, w = 0, d = 0, h = 0, m = 0] = match.map((part) => Number(part ?? 0));
  return ((Number(w) * 7 + Number(d)) * 24 * 60 + Number(h) * 60 + Number(m)) * 60_000;
}

const DAY_MS = 86_400_000;

/**
 * A window from ISO 8601 text: "start/end", "start/" or "/end" (open), "start/P7D", "P7D/end", a
 * lone date (that whole day) or a lone duration, which reaches back from now (`past`) or forward
 * (`future`). Times without an offset are read in `zone`. An unreadable window is an isError that
 * says what is accepted.
 */
export function parseTimeWindow(
  argument: string,
  text: string,
  options: { zone: string; now: number; bare: 'past' | 'future' },
): TimeWindow {
  const fail = () =>
    new ToolMessageError(
      `${argument} ${quote(text, 80)} is not a time window: give start/end in ISO 8601 (2026-11-25T01:00/2026-11-25T05:00, or with Z or an offset), start/ or /end, start/P7D, P7D/end, one date, or a duration (P7D, PT6H) ${options.bare === 'past' ? 'back from now' : 'from now on'}; times without an offset are in zone (default UTC); dates must exist, years from 1970. Nothing was listed.`,
    );
  const trimmed = text.trim();
  if (!trimmed.includes('/')) {
    const duration = durationOf(trimmed);
    if (duration !== undefined) {
      return options.bare === 'past'
        ? { from: options.now - duration, to: options.now }
        : { from: options.now, to: options.now + duration };
    }
    const point = pointInTime(trimmed, options.zone);
    if (!point) throw fail();
    return point.day ? { from: point.at, to: point.at + DAY_MS } : { from: point.at };
  }
  const [start = '', end = '', ...rest] = trimmed.split('/');
  if (rest.length > 0 || (start === '' && end === '')) throw fail();
  const startDuration = durationOf(start);
  const endDuration = durationOf(end);
  const startAt =
    start === '' || startDuration !== undefined ? undefined : pointInTime(start, options.zone);
  const endAt =
    end === '' || endDuration !== undefined ? undefined : pointInTime(end, options.zone);
  if (
    (start !== '' && startDuration === undefined && !startAt) ||
    (end !== '' && endDuration === undefined && !endAt)
  ) {
    throw fail();
  }
  if (startDuration !== undefined && endDuration !== undefined) throw fail();
  // A bare end date closes at the end of that day, as a person reading "to 2026-11-25" means.
  const to = endAt ? endAt.at + (endAt.day ? DAY_MS : 0) : undefined;
  const from = startAt?.at;
  const window: TimeWindow =
    startDuration !== undefined && to !== undefined
      ? { from: to - startDuration, to }
      : endDuration !== undefined && from !== undefined
        ? { from, to: from + endDuration }
        : { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  if (window.from !== undefined && window.to !== undefined && window.from >= window.to)
    throw fail();
  return window;
}

/** Whether an ISO date-time lies in the window; an absent or unreadable time lies in none. */
export function inWindow(window: TimeWindow, iso: string | undefined): boolean {
  if (iso === undefined) return false;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return false;
  return (
    (window.from === undefined || at >= window.from) && (window.to === undefined || at < window.to)
  );
}

/** "2026-11-25 01:00Z to 2026-11-25 05:00Z": a window as both channels say it. */
export function describeWindow(window: TimeWindow): string {
  const at = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/:00\.000Z$/, 'Z')
      .replace('T', ' ');
  if (window.from !== undefined && window.to !== undefined)
    return `${at(window.from)} to ${at(window.to)}`;
  if (window.from !== undefined) return `from ${at(window.from)}`;
  return window.to !== undefined ? `before ${at(window.to)}` : 'any time';
}
