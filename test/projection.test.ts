// Compact rows (`fields`) cut by the budget: rows stay in order, a row that does not fit ends the page and opens the next, so paging by next_offset shows every item once.
import { describe, expect, it } from 'vitest';
import { type Columns, projectionResult } from '../src/views/common/projection.js';

interface Item {
  readonly id: string;
  readonly name: string;
}

const COLUMNS: Columns<Item> = {
  id: { cell: (item) => item.id },
  name: { cell: (item) => item.name },
};

/** 20 short rows, the fourth one far longer than the room left after three, not than a page. */
const ITEMS: readonly Item[] = Array.from({ length: 20 }, (_, i) => ({
  id: `item-${String(i).padStart(2, '0')}`,
  name: i === 3 ? 'x'.repeat(300) : `n${i}`,
}));

const BUDGET = 1_820;

function page(offset: number) {
  return projectionResult(
    {
      items: ITEMS.slice(offset),
      fields: ['id', 'name'],
      columns: COLUMNS,
      idOf: (item) => item.id,
      nameOf: (item) => item.name,
      offset,
      limit: 0,
      total: ITEMS.length,
      unit: 'items',
      summary: (shown) => `Items ${offset + 1}-${offset + shown} of ${ITEMS.length}`,
      notes: [],
      warnings: [],
    },
    BUDGET,
  ).structured;
}

const idsOf = (rows: readonly (readonly unknown[])[]) => rows.map((row) => row[0]);

describe('a compact page the budget cuts', () => {
  it('ends at the first row that does not fit, and the next page starts with it', async () => {
    const first = page(0);
    // The long row does not fit after three short ones; the short rows after it would.
    expect(idsOf(first.rows)).toEqual(['item-00', 'item-01', 'item-02']);
    expect(first.next_offset).toBe(3);
    expect(first.short_page).toEqual({ asked: 0, shown: 3 });
    const second = page(3);
    expect(idsOf(second.rows)[0]).toBe('item-03');
  });

  it('paged by next_offset, shows every item exactly once, in order', async () => {
    const seen: unknown[] = [];
    let offset: number | undefined = 0;
    for (let pages = 0; offset !== undefined && pages < ITEMS.length; pages += 1) {
      const answer = page(offset);
      expect(answer.rows.length).toBeGreaterThan(0);
      seen.push(...idsOf(answer.rows));
      offset = answer.next_offset;
    }
    expect(offset).toBeUndefined();
    expect(seen).toEqual(ITEMS.map((item) => item.id));
  });
});
