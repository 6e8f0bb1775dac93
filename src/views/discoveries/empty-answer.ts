// The proof an empty answer carries, for any list tool: what was searched, what exists, how much was read.
import { said } from './discovery-format.js';

/** A named thing the question named, that exists (with its id), and how many of those read carry it. */
export interface Existing {
  readonly kind: string;
  readonly name: string | undefined;
  readonly id: string;
  /** "carries 0 of 137 discoveries read", when counted. */
  readonly carried?: { readonly count: number; readonly of?: number; readonly what: string };
}

/** "Tag "core" exists (e5f6…) and carries 0 of 137 discoveries read." */
export function existsLine(thing: Existing): string {
  const name = thing.name === undefined ? '' : ` ${said(thing.name)}`;
  const carried = thing.carried
    ? ` and ${thing.kind === 'tag' ? 'carries' : 'holds'} ${thing.carried.count}${thing.carried.of === undefined ? '' : ` of ${thing.carried.of}`} ${thing.carried.what}`
    : '';
  return `${thing.kind.charAt(0).toUpperCase()}${thing.kind.slice(1)}${name} exists (id ${thing.id})${carried}.`;
}

/** "Nothing matches …, read to the end of the list (137 items)." and what exists. */
export function emptyProof(
  searched: string,
  read: number,
  complete: boolean,
  known: readonly Existing[],
) {
  const reading = complete
    ? `every item in scope was read (${read})`
    : `${read} items were read, more were not`;
  return [`Nothing matches ${searched}: ${reading}.`, ...known.map(existsLine)].join(' ');
}
