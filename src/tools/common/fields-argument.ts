// The `fields` argument both list tools take: the columns of a compact answer, read strictly against the tool's own list.
import * as z from 'zod';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';

/** More columns than any item has: a longer list is a mistake, not a question. */
const MAX_FIELDS = 20;
/** The longest `fields` read, in characters, whichever form it came in. */
const MAX_FIELDS_LENGTH = 400;

/**
 * A comma list ("name,ips") or a list (["name","ips"]): models write both, and refusing one sent
 * them to guess (issue 42). No lengths in the schema (the catalog has a byte budget; the server
 * instructions name the columns): parseFields bounds what it reads.
 */
export const fieldsArgument = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Columns');

/** The `fields` value as the schema admits it. */
export type FieldsValue = string | readonly string[];

/**
 * The columns asked, in order, each once; an unknown one is refused naming every known one, so
 * the next call can be right. Nothing is read from the service before this passes.
 */
export function parseFields(given: FieldsValue, known: readonly string[]): string[] {
  const items = typeof given === 'string' ? [given] : given;
  if (items.length > MAX_FIELDS || items.join(',').length > MAX_FIELDS_LENGTH) {
    throw new ToolMessageError(
      `fields is longer than ${MAX_FIELDS} columns or ${MAX_FIELDS_LENGTH} characters: the known ones are ${known.join(', ')}. Nothing was listed.`,
    );
  }
  // A list's items may hold commas too ("name,ips" as one item): read alike.
  const asked = items
    .flatMap((item) => item.split(','))
    .map((field) => field.trim().toLowerCase())
    .filter((field) => field !== '');
  const unknown = asked.filter((field) => !known.includes(field));
  if (unknown.length > 0 || asked.length === 0 || asked.length > MAX_FIELDS) {
    const named = unknown
      .slice(0, 3)
      .map((field) => quote(field, 40))
      .join(', ');
    const what =
      unknown.length > 0
        ? `fields has no ${unknown.length === 1 ? 'column' : 'columns'} ${named}${unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''}`
        : asked.length === 0
          ? 'fields names no column'
          : `fields names ${asked.length} columns, at most ${MAX_FIELDS}`;
    throw new ToolMessageError(
      `${what}: the known ones are ${known.join(', ')}. Nothing was listed.`,
    );
  }
  return [...new Set(asked)];
}
