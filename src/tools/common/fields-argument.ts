// The `fields` argument both list tools take: the columns of a compact answer, read strictly against the tool's own list.
import * as z from 'zod';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';

/** More columns than any item has: a longer list is a mistake, not a question. */
const MAX_FIELDS = 20;

/**
 * A comma list ("name,ips"), not an array: the schema costs a third of the catalog bytes, and a
 * model writes it the way it would ask.
 */
export const fieldsArgument = () => z.string().max(400).optional().describe('Columns');

/**
 * The columns asked, in order, each once; an unknown one is refused naming every known one, so
 * the next call can be right. Nothing is read from the service before this passes.
 */
export function parseFields(text: string, known: readonly string[]): string[] {
  const asked = text
    .split(',')
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
