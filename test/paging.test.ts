// Reading a whole side list page by page: the next page starts after every item the service returned, the unreadable ones too, so none is read twice or missed.
import { describe, expect, it } from 'vitest';
import { ResponseShapeError } from '../src/api/errors.js';
import { readEveryPage } from '../src/api/paging.js';
import type { Page, RequestSpec } from '../src/api/request.js';

const SPEC = { method: 'GET', path: '/api/v1/subnets' } as const;
const PAGE = 3;
const shapeError = (spec: Pick<RequestSpec, 'method' | 'path'>, problem: string) =>
  new ResponseShapeError({ method: spec.method, path: spec.path }, 200, problem);

/**
 * A service holding `count` items, `PAGE` a page; the items at `unreadable` fail their schema, so
 * a page holds fewer readable items than the service returned (as request.ts's pageOf counts them).
 */
function service(count: number, unreadable: ReadonlySet<number>) {
  const asked: number[] = [];
  const readPage = async (offset: number): Promise<Page<number>> => {
    asked.push(offset);
    const returned = Array.from(
      { length: Math.max(0, Math.min(PAGE, count - offset)) },
      (_, i) => offset + i,
    );
    const items = returned.filter((item) => !unreadable.has(item));
    return {
      items,
      skipped: returned.length - items.length,
      pagination: {
        total_count: count,
        limit: PAGE,
        offset,
        has_more: offset + returned.length < count,
      },
    };
  };
  return { asked, readPage };
}

describe('readEveryPage', () => {
  it('moves on by the items returned, unreadable ones included: each item once, none missed', async () => {
    const { asked, readPage } = service(10, new Set([1, 7]));
    const read = await readEveryPage(SPEC, readPage, shapeError);
    expect(asked).toEqual([0, 3, 6, 9]);
    expect(read.items).toEqual([0, 2, 3, 4, 5, 6, 8, 9]);
    expect(read.skipped).toBe(2);
  });

  it('a page of unreadable items only still moves on', async () => {
    const { asked, readPage } = service(7, new Set([3, 4, 5]));
    const read = await readEveryPage(SPEC, readPage, shapeError);
    expect(asked).toEqual([0, 3, 6]);
    expect(read.items).toEqual([0, 1, 2, 6]);
    expect(read.skipped).toBe(3);
  });
});
