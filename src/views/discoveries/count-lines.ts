// Counts by named thing (network, daemon, host...): every one shown, zeros included, up to 50 before "others"; for any tool that counts.
import { quote } from '../../safety/quote.js';
import { unmarkServiceData } from '../../safety/service-data-mark.js';

/** Named rows shown before the rest are summed as "others": enough for every network of a site. */
export const MAX_NAMED_ROWS = 50;

/** Counts of one named thing; `id` null for items that name none. */
export interface CountRow<C extends string> {
  readonly id: string | null;
  readonly name?: string | undefined;
  readonly counts: Readonly<Record<C, number>>;
  readonly total: number;
}

/** Tallies by id, in a Map: a service name such as `__proto__` or `constructor` is only a key. */
export function createTally<C extends string>(columns: readonly C[]) {
  const rows = new Map<string | null, Record<C, number>>();
  const zero = () => Object.fromEntries(columns.map((c) => [c, 0])) as Record<C, number>;
  return {
    /** Every known id starts at zero, so a network with nothing still has its row. */
    seed(ids: Iterable<string>) {
      for (const id of ids) if (!rows.has(id)) rows.set(id, zero());
    },
    add(id: string | null | undefined, column: C, n = 1) {
      const key = id ?? null;
      let row = rows.get(key);
      if (!row) {
        row = zero();
        rows.set(key, row);
      }
      row[column] += n;
    },
    /** Rows with names, largest total first (then by name), zeros included. */
    rows(nameOf: (id: string) => string | undefined): CountRow<C>[] {
      const out = [...rows].map(([id, counts]) => ({
        id,
        ...(id === null ? {} : { name: nameOf(id) }),
        counts,
        total: columns.reduce((sum, c) => sum + counts[c], 0),
      }));
      return out.sort(
        (a, b) => b.total - a.total || (a.name ?? a.id ?? '').localeCompare(b.name ?? b.id ?? ''),
      );
    },
  };
}

/** The first MAX_NAMED_ROWS rows, and the rest summed, with how many they were. */
export function withinRows<C extends string>(rows: readonly CountRow<C>[], columns: readonly C[]) {
  const shown = rows.slice(0, MAX_NAMED_ROWS);
  const rest = rows.slice(MAX_NAMED_ROWS);
  if (rest.length === 0) return { shown };
  const counts = Object.fromEntries(
    columns.map((c) => [c, rest.reduce((sum, row) => sum + row.counts[c], 0)]),
  ) as Record<C, number>;
  return {
    shown,
    others: { count: rest.length, counts, total: rest.reduce((sum, row) => sum + row.total, 0) },
  };
}

/** The structured rows: ids in `id`, names in `name`, counts beside. */
export function rowsStructured<C extends string>(
  rows: readonly CountRow<C>[],
  columns: readonly C[],
) {
  const { shown, others } = withinRows(rows, columns);
  return {
    rows: shown.map((row) => ({
      id: row.id,
      ...(row.name === undefined ? {} : { name: unmarkServiceData(row.name) }),
      ...row.counts,
      total: row.total,
    })),
    ...(others ? { others: { count: others.count, ...others.counts, total: others.total } } : {}),
  };
}

/**
 * One text line: `"Office" 40 = 30 + 10; "Lab" 0; (no site) 3 = 3 + 0; 12 others 50 = ...`. Names
 * are quoted, an unnamed id stands bare, and the total leads.
 */
export function rowsLine<C extends string>(
  rows: readonly CountRow<C>[],
  columns: readonly C[],
  none: string,
): string {
  const { shown, others } = withinRows(rows, columns);
  const split = (counts: Record<C, number>, total: number) =>
    total === 0 || columns.length < 2
      ? `${total}`
      : `${total} = ${columns.map((c) => counts[c]).join(' + ')}`;
  const label = (row: CountRow<C>) => {
    if (row.id === null) return none;
    if (row.name === undefined) return row.id;
    return quote(unmarkServiceData(row.name));
  };
  const parts = shown.map((row) => `${label(row)} ${split(row.counts, row.total)}`);
  if (others) parts.push(`${others.count} others ${split(others.counts, others.total)}`);
  return parts.join('; ') || 'none';
}
