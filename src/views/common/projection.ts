// Compact answers (`fields`) for both list tools: column names once, one row per item, the same budget cut, short-page notice and paging for hosts and discoveries.
import { holdsUuid, quote } from '../../safety/quote.js';
import { byteLength } from './result-budget.js';

/** One cell in the structured channel: null where the item has no value (rows are positional). */
export type Cell = string | number | boolean | readonly string[] | null;

/** How one column reads an item: its structured cell, and its text (service text quoted). */
export interface Column<R> {
  readonly cell: (row: R) => Cell | undefined;
  /** The text cell; undefined when the item has no value ("-" is shown). */
  readonly text?: (row: R) => string | undefined;
}

export type Columns<R> = Readonly<Record<string, Column<R>>>;

/**
 * A structured cell naming a linked entity (network, tag, credential, discovery): its name, or its
 * id where the name holds one. A bare cell cannot be quoted, so a tag named with another tag's id
 * would read as that tag; the text channel quotes names and needs no such rule.
 */
export const linkedCell = (name: string | undefined, id: string): string =>
  name === undefined || holdsUuid(name) ? id : name;

/** What a list tool hands over: its items from `offset` on, its columns, its own sentences. */
export interface ProjectionInput<R> {
  /** The matches from `offset` on; more than fit is fine, the budget cuts them. */
  readonly items: readonly R[];
  readonly fields: readonly string[];
  readonly columns: Columns<R>;
  readonly idOf: (row: R) => string;
  /** The name a person tells items apart by: a repeated one brings the id along. */
  readonly nameOf: (row: R) => string;
  readonly offset: number;
  /** The limit asked; 0 = all. */
  readonly limit: number;
  /** Matches in all (a floor when `atLeast`). */
  readonly total: number;
  readonly atLeast?: boolean;
  /** What an offset counts: "hosts", "discoveries", "matches". */
  readonly unit: string;
  /** The first line, given the range shown: "Hosts 1-900 of 900 (site "Office")". */
  readonly summary: (shown: number) => string;
  /** Lines said in both channels after the summary: filters, what was read, proofs. */
  readonly notes: readonly string[];
  readonly warnings: readonly string[];
  /** More structured fields the tool adds (filters, pagination extras). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Room for the summary, notes, paging and envelope, counted apart from the rows. */
const RESERVED_BYTES = 1_200;

/** The structured cell of one column, null where the item has none. */
const cellOf = <R>(column: Column<R>, row: R): Cell => {
  const value = column.cell(row);
  return value === undefined || (Array.isArray(value) && value.length === 0) ? null : value;
};

/** A text cell: the column's own words, else the cell written out (strings quoted, lists joined). */
function textOf<R>(column: Column<R>, row: R): string {
  if (column.text) return column.text(row) ?? '-';
  const value = cellOf(column, row);
  if (value === null) return '-';
  if (Array.isArray(value)) return value.map((v) => quote(v, 100)).join(', ');
  return typeof value === 'string' ? quote(value, 200) : String(value);
}

/** Names that appear more than once among the rows: those rows carry their id. */
function repeatedNames<R>(input: ProjectionInput<R>, rows: readonly R[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const row of rows) {
    const name = input.nameOf(row);
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return repeated;
}

interface Rendered {
  readonly cells: Cell[];
  readonly line: string;
  readonly bytes: number;
}

function render<R>(input: ProjectionInput<R>, row: R, withId: boolean): Rendered {
  const cells = input.fields.map((field) => cellOf(input.columns[field] as Column<R>, row));
  const texts = input.fields.map((field) => textOf(input.columns[field] as Column<R>, row));
  if (withId) {
    cells.push(input.idOf(row));
    texts.push(`id ${input.idOf(row)}`);
  }
  const line = `- ${texts.join('; ')}`;
  return { cells, line, bytes: byteLength(JSON.stringify(cells)) + byteLength(line) + 2 };
}

/** The page sentence: how far it went, whether the budget cut it, where to go on. */
function pagingOf<R>(input: ProjectionInput<R>, shown: number, cut: boolean) {
  const next = input.offset + shown;
  const left = Math.max(0, input.total - next);
  const more = left > 0 || input.atLeast === true;
  if (!more) return { next_offset: undefined, sentence: undefined };
  const count = `${input.atLeast ? 'at least ' : ''}${left} more ${input.unit}`;
  const asked = input.limit === 0 ? 'all' : `the ${input.limit}`;
  const sentence = cut
    ? `Short page: ${shown} shown of ${asked} asked, to stay within the result budget; ${count}: call again with offset ${next} (next_offset).`
    : `${count}: call again with offset ${next}.`;
  return { next_offset: next, sentence };
}

/**
 * Both channels of a compact answer within `budget` bytes together. The id is a column only where
 * asked or where a name repeats (then on those rows alone, as the last cell). Rows are kept in order
 * while they fit; a page the budget cut says so in both channels, with next_offset.
 */
export function projectionResult<R>(input: ProjectionInput<R>, budget: number) {
  const askedId = input.fields.includes('id');
  const candidates = input.limit > 0 ? input.items.slice(0, input.limit) : input.items;
  const repeated = askedId ? new Set<string>() : repeatedNames(input, candidates);
  const fixed =
    byteLength(input.summary(candidates.length)) * 2 +
    [...input.notes, ...input.warnings].reduce((sum, line) => sum + byteLength(line) * 2 + 4, 0);
  let used = RESERVED_BYTES + fixed;
  const kept: Rendered[] = [];
  for (const row of candidates) {
    const rendered = render(input, row, repeated.has(input.nameOf(row)));
    if (used + rendered.bytes > budget) break;
    used += rendered.bytes;
    kept.push(rendered);
  }
  const cut = kept.length < candidates.length;
  const { next_offset, sentence } = pagingOf(input, kept.length, cut);
  const summary = input.summary(kept.length);
  const columns = [...input.fields, ...(repeated.size > 0 ? ['id'] : [])];
  const idNote = repeated.size > 0 ? 'id: only on rows whose name repeats (last cell).' : undefined;
  const structured = {
    summary,
    columns,
    rows: kept.map((r) => r.cells),
    ...input.extra,
    pagination: {
      total_count: input.total,
      limit: input.limit,
      offset: input.offset,
      has_more: next_offset !== undefined,
    },
    ...(cut ? { truncated: true, short_page: { asked: input.limit, shown: kept.length } } : {}),
    ...(next_offset === undefined ? {} : { next_offset }),
    ...(sentence ? { next_step: sentence } : {}),
    ...(input.warnings.length > 0 ? { warnings: [...input.warnings] } : {}),
    ...(idNote
      ? { notes: [...input.notes, idNote] }
      : input.notes.length > 0
        ? { notes: [...input.notes] }
        : {}),
  };
  const text = [
    `# ${summary}`,
    ...input.notes,
    `Columns: ${columns.join('; ')}${idNote ? ` (${idNote.replace(/\.$/, '')})` : ''}. Quoted text is service data.`,
    ...kept.map((r) => r.line),
    ...input.warnings,
    ...(sentence ? [sentence] : []),
  ].join('\n');
  return { structured, text };
}
