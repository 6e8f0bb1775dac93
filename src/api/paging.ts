// Reading a whole side list (networks, subnets, addresses, interfaces, credentials) page by page, bounded: pages, items, and an offset that must move.
import type { ResponseShapeError } from './errors.js';
import type { Page, RequestSpec } from './request.js';

/** Pages read at most for one side list: 100,000 items at the service's 1,000 a page. */
export const MAX_SIDE_PAGES = 100;
/** Items kept at most for one side list, whatever the page size. */
export const MAX_SIDE_ITEMS = 100_000;

export interface EveryPage<T> {
  readonly items: T[];
  readonly skipped: number;
}

/**
 * Every page of a list from offset 0, stopping on the last one. A service that answers another
 * offset than the one asked (it ignores `offset` and sends the first page again) or that has more
 * than the caps is refused with a shape error saying so: a loop on it would never end.
 */
export async function readEveryPage<T>(
  spec: Pick<RequestSpec, 'method' | 'path'>,
  readPage: (offset: number) => Promise<Page<T>>,
  shapeError: (spec: Pick<RequestSpec, 'method' | 'path'>, problem: string) => ResponseShapeError,
  caps: { readonly pages: number; readonly items: number } = {
    pages: MAX_SIDE_PAGES,
    items: MAX_SIDE_ITEMS,
  },
): Promise<EveryPage<T>> {
  const items: T[] = [];
  let skipped = 0;
  for (let offset = 0, pages = 1; ; pages++) {
    const read = await readPage(offset);
    if (read.pagination.offset !== offset) {
      throw shapeError(
        spec,
        `asked for the page at offset ${offset}, it answered the page at ${read.pagination.offset} (it ignores offset); stopped after ${pages} pages`,
      );
    }
    items.push(...read.items);
    skipped += read.skipped;
    const returned = read.items.length + read.skipped;
    if (!read.pagination.has_more || returned === 0) return { items, skipped };
    if (pages >= caps.pages || items.length + skipped >= caps.items) {
      throw shapeError(
        spec,
        `the list goes on past ${pages} pages and ${items.length + skipped} items (at most ${caps.pages} pages and ${caps.items} items are read); stopped there`,
      );
    }
    offset += returned;
  }
}
