// Cron schedules in plain words with their time zone; cronstrue is imported on first use, so start-up never loads it.
import { quote } from '../../safety/quote.js';
import { boundedMemo } from '../common/bounded-memo.js';
import { pairKey } from '../common/pair-key.js';
import { DEFAULT_ZONE, loadScheduleClock } from './discovery-schedule.js';

/**
 * "daily at 03:00 Europe/Paris" for `0 3 * * *` in Europe/Paris; `next` gives the next run in UTC
 * ("2026-11-26 02:00Z"), so two jobs in different zones that run at the same moment show the same.
 */
export type ScheduleWords = ((cron: string, timezone: string | undefined) => string) & {
  next?: (cron: string, timezone: string | undefined) => string | undefined;
};
const FIRST_TIME = /\b\d{2}:\d{2}(?::\d{2})?\b/;
/** An IANA zone name stands bare; anything else the service sent is quoted like any of its text. */
const ZONE_NAME = /^[A-Za-z][\w+\-/]{0,63}$/;

/** cronstrue's sentence, lower-cased to sit inside a line, with the zone after its first time. */
function withZone(description: string, zone: string): string {
  const daily = /^At (\d{2}:\d{2}(?::\d{2})?)$/.exec(description);
  if (daily) return `daily at ${daily[1]} ${zone}`;
  const sentence = description.charAt(0).toLowerCase() + description.slice(1);
  return FIRST_TIME.test(sentence)
    ? sentence.replace(FIRST_TIME, (time) => `${time} ${zone}`)
    : `${sentence} (${zone})`;
}

let loading: Promise<ScheduleWords> | undefined;

/** "2026-11-26 02:00Z" (seconds only when the run has them). */
const utcTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:00Z$/, 'Z');

/**
 * The describer and croner (for next runs), loaded once and together: a list with no schedule
 * never pays for either. `now` is the moment next runs are counted from.
 */
export async function loadScheduleWords(now: number): Promise<ScheduleWords> {
  const [describe, clock] = await Promise.all([loadDescriber(), loadScheduleClock()]);
  const words: ScheduleWords = (cron, timezone) => describe(cron, timezone);
  words.next = (cron, timezone) => {
    const at = clock.next(cron, timezone, now);
    return at === undefined ? undefined : utcTimeOf(at);
  };
  return words;
}

/**
 * utcTime, remembered per instant: both channels show each scheduled item's next run, and a
 * schedule's next run stays the same instant from call to call until it passes (a Date, an ISO
 * string and three replaces per item and channel were ~2% of a warm list_discoveries' CPU).
 */
const utcTimeOf = boundedMemo(2_000, utcTime);

/** The describer's key: the zone as given (none apart from an empty one), then the cron. */
const describerKey = pairKey(
  1_000,
  (timezone: string | undefined, cron: string) =>
    `${timezone === undefined ? '-' : `=${timezone}`}\n${cron}`,
);

function loadDescriber(): Promise<ScheduleWords> {
  loading ??= import('cronstrue').then(({ default: cronstrue }) => {
    // Keyed by the zone as given (none apart from an empty one) and the cron, so a schedule seen
    // before costs one lookup, not the zone's test and quote.
    const cache = new Map<string, string>();
    return (cron, timezone) => {
      const key = describerKey(timezone, cron);
      let words = cache.get(key);
      if (words === undefined) {
        const zone =
          timezone === undefined
            ? DEFAULT_ZONE
            : ZONE_NAME.test(timezone)
              ? timezone
              : quote(timezone, 64);
        try {
          const description = cronstrue.toString(cron, {
            use24HourTimeFormat: true,
            throwExceptionOnParseError: true,
          });
          words = withZone(description, zone);
        } catch {
          words = `unreadable schedule ${quote(cron, 100)} (${zone})`;
        }
        // Schedules repeat across a list (and lists repeat): a small cache, bounded.
        if (cache.size > 1_000) cache.clear();
        cache.set(key, words);
      }
      return words;
    };
  });
  return loading;
}
