// Paging that tells the truth, for any list tool: the exact next offset, what it counts, and how many remain.

/** What is left after a page: where the next call starts, and how many remain (at least, when not all was read). */
export interface PageTail {
  readonly next_offset: number;
  readonly remaining: number;
  /** The count is a floor: the reading stopped before the end of the list. */
  readonly atLeast: boolean;
}

/**
 * "12 more matches (offsets count matches): call again with offset 50.": `unit` is what an offset
 * counts; `why` says why the page stopped, when it was not the limit.
 */
export function tailSentence(tail: PageTail, unit: string, why = ''): string {
  const count = `${tail.atLeast ? 'at least ' : ''}${tail.remaining} more ${unit}`;
  return `${count}${why}: call again with offset ${tail.next_offset} (offsets count ${unit}).`;
}
