// Date arguments (new_since, not_seen_since): an ISO 8601 date or date-time, read strictly, as an instant.
import { ToolMessageError } from '../../errors.js';
import { serviceText } from '../../safety/sanitize.js';
import { pointInTime } from '../../views/common/time-window.js';

/**
 * The instant `text` names, in ms (2026-11-20, 2026-11-20T03:00, 2026-11-20T03:00:00Z,
 * 2026-11-20T03:00:00.5+01:00). A date alone is its start in UTC; a time without a zone is UTC
 * too (as Scanopy writes its times), so the answer does not depend on where this server runs.
 */
export function instantOf(argument: string, text: string): number {
  const point = pointInTime(text.trim(), 'UTC');
  if (!point) {
    throw new ToolMessageError(
      `${argument} "${serviceText(text, 40)}" is not an ISO 8601 date or date-time that exists (2026-11-20 or 2026-11-20T03:00:00Z, a four-digit year from 1970): call again with one; nothing was listed.`,
    );
  }
  return point.at;
}

/** An instant as the answer shows it: "2026-11-20 03:00Z". */
export const shownInstant = (ms: number) =>
  new Date(ms).toISOString().replace(/T(\d\d:\d\d).*$/, ' $1Z');
