// list_discoveries' `_meta` for the MCP Apps view: each schedule on the page in words, once, keyed by its cron and zone.
import { setOwn } from '../../safety/own-key.js';
import { SCHEDULE_WORDS_META_KEY } from '../common/app-meta.js';
import type { LeanDiscovery } from './discovery-format.js';
import { scheduleKeyOf } from './discovery-schedule.js';
import type { ScheduleWords } from './schedule-words.js';

/**
 * The words the text channel shows for each distinct schedule of the shown items, or nothing when
 * none has one. Only the page's: the map is bounded by the result budget that cut the page, and
 * schedules repeat, so each is said once. Keys are the cron and `timezone` as structuredContent
 * carries them (UTC where none is given), so the view finds an item's words from the item alone.
 */
export function scheduleWordsMeta(
  discoveries: readonly LeanDiscovery[],
  words: ScheduleWords,
): Record<string, unknown> | undefined {
  // Built as Object.fromEntries of a Map would build it, without the Map and its entries.
  let said: Record<string, string> | undefined;
  for (const { run_type: run } of discoveries) {
    if (run.cron_schedule === undefined) continue;
    const key = scheduleKeyOf(run.cron_schedule, run.timezone);
    said ??= {};
    if (Object.hasOwn(said, key)) continue;
    const value = words(run.cron_schedule, run.timezone);
    // An own key, as fromEntries makes it (the key holds a newline today, so it is never
    // `__proto__`; setOwn keeps that true if the key's form changes).
    setOwn(said, key, value);
  }
  return said === undefined ? undefined : { [SCHEDULE_WORDS_META_KEY]: said };
}
