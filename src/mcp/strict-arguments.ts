// Tool arguments as a strict object: an argument the tool does not know is refused by name, never silently dropped.
import * as z from 'zod';
import { serviceText } from '../safety/sanitize.js';

/** Unknown names listed in a refusal, at most: a caller's keys are untrusted and unbounded. */
const MAX_NAMED = 5;

/**
 * The input schema the SDK validates with (and the listing shows as additionalProperties: false).
 * `list_discoveries({tag: "lab"})` once returned every item while the model believed it filtered.
 */
export function strictArguments(toolName: string, shape: z.ZodRawShape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const unknown = issue.keys.slice(0, MAX_NAMED).map((key) => `"${serviceText(key, 60)}"`);
      const more =
        issue.keys.length > MAX_NAMED ? ` and ${issue.keys.length - MAX_NAMED} more` : '';
      const noun = issue.keys.length === 1 ? 'argument' : 'arguments';
      const accepted = known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes no arguments';
      return `${toolName} has no ${noun} ${unknown.join(', ')}${more}: ${accepted}. Call again without it; nothing was done.`;
    },
  });
}
