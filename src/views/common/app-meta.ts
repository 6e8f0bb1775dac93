// The MCP Apps view's address and the result `_meta` keys the server writes and the view reads: one spelling for both sides (ui/ imports this file).

/** The one view resource: a single self-contained HTML document built from ui/. */
export const APP_VIEW_URI = 'ui://network-discovery/app.html';
/** The MCP Apps profile of HTML (ext-apps' RESOURCE_MIME_TYPE; test/app-view.test.ts compares). */
export const APP_VIEW_MIME = 'text/html;profile=mcp-app';

/** Where a preview's approval travels: the result's `_meta`, which hosts give the view, not the model. */
export const APPROVAL_META_KEY = 'network-discovery/approval';

/**
 * Where list_discoveries puts its page's schedules in words for the view: structuredContent carries
 * only the cron and its zone (its size is held to the budget), and the view shows a person words.
 */
export const SCHEDULE_WORDS_META_KEY = 'network-discovery/schedule-words';

/** A schedule's key in that map: its cron as written and its zone as structuredContent carries it. */
export const scheduleWordsKey = (cron: string, zone: string) => `${cron}\n${zone}`;
