// list_discoveries' `_meta` for the MCP Apps view: each schedule on the page in words, once, keyed by its cron and zone.
import { SCHEDULE_WORDS_META_KEY, scheduleWordsKey } from '../common/app-meta.js';
import type { LeanDiscovery } from './discovery-format.js';
import { DEFAULT_ZONE } from './discovery-schedule.js';
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
  const said = new Map<string, string>();
  for (const { run_type: run } of discoveries) {
    if (run.cron_schedule === undefined) continue;
    const key = scheduleWordsKey(run.cron_schedule, run.timezone ?? DEFAULT_ZONE);
    if (!said.has(key)) said.set(key, words(run.cron_schedule, run.timezone));
  }
  // Object.fromEntries makes own keys: a cron such as `__proto__` stays a key.
  return said.size === 0 ? undefined : { [SCHEDULE_WORDS_META_KEY]: Object.fromEntries(said) };
}
