// The result `_meta` keys the server writes and the MCP Apps view reads: one spelling for both sides (ui/ imports this file).

/** Where a preview's approval travels: the result's `_meta`, which hosts give the view, not the model. */
export const APPROVAL_META_KEY = 'network-discovery/approval';

/**
 * Where list_discoveries puts its page's schedules in words for the view: structuredContent carries
 * only the cron and its zone (its size is held to the budget), and the view shows a person words.
 */
export const SCHEDULE_WORDS_META_KEY = 'network-discovery/schedule-words';

/** A schedule's key in that map: its cron as written and its zone as structuredContent carries it. */
export const scheduleWordsKey = (cron: string, zone: string) => `${cron}\n${zone}`;
