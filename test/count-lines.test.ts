// Counts by named thing (src/views/discoveries/count-lines.ts): every one with a row, zeros included, 50 before "others", service names only as keys.
import { describe, expect, it } from 'vitest';
import { createTally, rowsLine, rowsStructured } from '../src/views/discoveries/count-lines.js';

const COLUMNS = ['jobs', 'run_records'] as const;

describe('count rows', () => {
  it('names 50 rows, zeros included, and sums the rest as others with how many they are', () => {
    const tally = createTally(COLUMNS);
    const ids = Array.from({ length: 60 }, (_, i) => `id-${i}`);
    tally.seed(ids);
    tally.add('id-7', 'jobs', 3);
    tally.add('id-7', 'run_records', 2);
    tally.add(undefined, 'jobs');
    const rows = tally.rows((id) => `Net ${id.slice(3)}`);
    expect(rows).toHaveLength(61);
    expect(rows[0]).toMatchObject({ id: 'id-7', name: 'Net 7', total: 5 });
    const out = rowsStructured(rows, COLUMNS);
    expect(out.rows).toHaveLength(50);
    expect(out.rows[0]).toEqual({ id: 'id-7', name: 'Net 7', jobs: 3, run_records: 2, total: 5 });
    expect(out.others).toEqual({ count: 11, jobs: 0, run_records: 0, total: 0 });
    const line = rowsLine(rows, COLUMNS, '(no network)');
    expect(line.startsWith('"Net 7" 5 = 3 + 2; (no network) 1 = 1 + 0; "Net 0" 0;')).toBe(true);
    expect(line.endsWith('; 11 others 0')).toBe(true);
  });

  it('keeps __proto__ and constructor as plain names', () => {
    const tally = createTally(COLUMNS);
    tally.add('a', 'jobs', 2);
    tally.add('b', 'jobs', 1);
    const names = new Map([
      ['a', '__proto__'],
      ['b', 'constructor'],
    ]);
    const rows = tally.rows((id) => names.get(id));
    expect(rowsStructured(rows, COLUMNS).rows.map((r) => [r.name, r.jobs])).toEqual([
      ['__proto__', 2],
      ['constructor', 1],
    ]);
    expect(rowsLine(rows, COLUMNS, '-')).toBe('"__proto__" 2 = 2 + 0; "constructor" 1 = 1 + 0');
  });
});
