// The result budget in one place: byte counts, the JSON measured once, the cut, the "N more" sentences.
import type { Pagination } from '../../api/schemas.js';
import {
  discoveryLine,
  groupHeading,
  groupKey,
  type LeanDiscovery,
} from '../discoveries/discovery-format.js';
import { credentialLine } from './format.js';
import { jsonLength } from './json-length.js';
import type { CredentialOutput } from './shapes.js';

export const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Whether two texts fit `budget` UTF-8 bytes together, counting bytes only where their lengths
 * cannot tell: a UTF-16 unit is 1 to 3 bytes (a surrogate pair 4 for two, a lone one 3), so bytes
 * lie between the length and three times it. A warm page of 50 is far under the default budget, and
 * counting flattened JSON.stringify's long result, a copy of the whole JSON (12 KB a call).
 */
export function fitsBudget(text: string, json: string, budget: number): boolean {
  const units = text.length + json.length;
  if (units * 3 <= budget) return true;
  if (units > budget) return false;
  return byteLength(text) + byteLength(json) <= budget;
}

/**
 * fitsBudget for a text and a value's JSON, with the JSON built only where its length cannot
 * decide: on a common page (far under the budget) the value is measured, not serialized.
 */
export function fitsBudgetWith(text: string, value: object, budget: number): boolean {
  const units = text.length + (jsonLength(value) ?? 0);
  if (units * 3 <= budget) return true;
  if (units > budget) return false;
  return fitsBudget(text, jsonOf(value), budget);
}

const made = new WeakMap<object, string>();

/**
 * JSON.stringify(value), remembered for this object. A result is not changed after it is measured
 * (handlers build it and return it), so every later caller gets the same, still exact, string.
 */
export function jsonOf(value: object): string {
  let json = made.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    made.set(value, json);
  }
  return json;
}

/** The next step of a page that has more after it. */
export const moreAfter = (count: number, offset: number) =>
  `${count} more: call again with offset ${offset}.`;

/** The next step of a list the budget cut; `how` says what else to change in the next call. */
export const cutByBudget = (count: number, offset: number, how: string) =>
  `${count} more not shown to stay within the result budget: call again with offset ${offset} ${how}.`;

/** Room for the summary, the footer, the warnings and the structured envelope around the items. */
const RESERVED_BYTES = 1_500;
/** What names of a new group may add (heading and the structured names map), before they are known. */
const NAMES_ALLOWANCE = 240;
/** A group count wider than any a heading shows, so the estimate is never short. */
const WIDEST_COUNT = 100_000;

const noNames = () => undefined;
/** Stands in for a schedule's words while estimating: longer than the common ones. */
const wordsEstimate = Object.assign(() => 'at 00:00 Europe/Berlin, Monday through Friday', {
  next: () => '2026-11-26 02:00:30Z',
});

/** A list of discoveries the budget may cut: how many were left out and where to go on. */
export interface BudgetedDiscoveries {
  readonly discoveries: LeanDiscovery[];
  readonly pagination: Pagination;
  readonly omitted?: { readonly count: number; readonly nextOffset: number };
  /**
   * Filtered lists: each item's position in the service's list, so a cut says where to go on
   * (matches are not contiguous there). Without it, item i sits at pagination.offset + i.
   */
  readonly positions?: readonly number[];
}

/** Where the service's list goes on after the first `kept` items. */
const offsetAfter = (collected: BudgetedDiscoveries, kept: number) =>
  collected.positions?.[kept] ?? collected.pagination.offset + kept;

/** Adds items while their text line, group heading and JSON (twice: both channels) still fit. */
export function createBudgetFiller(budget: number) {
  const items: LeanDiscovery[] = [];
  const groups = new Set<string>();
  let used = RESERVED_BYTES;
  return {
    items,
    add(item: LeanDiscovery): boolean {
      const key = groupKey(item);
      const heading = groups.has(key)
        ? 0
        : byteLength(groupHeading(item, WIDEST_COUNT, (id) => id)) + 1 + NAMES_ALLOWANCE;
      const cost =
        byteLength(JSON.stringify(item)) +
        1 +
        byteLength(discoveryLine(item, noNames, wordsEstimate)) +
        1;
      if (used + heading + cost > budget) return false;
      used += heading + cost;
      groups.add(key);
      items.push(item);
      return true;
    },
  };
}

/**
 * A page cut to the budget item by item, for when it does not fit whole. `offset` is where the
 * page starts; with `limit` 0 the pagination describes the whole listing.
 */
export function cutToBudget<T extends BudgetedDiscoveries>(collected: T, budget: number): T {
  const filler = createBudgetFiller(budget);
  const kept = collected.discoveries.findIndex((item) => !filler.add(item));
  if (kept === -1) return collected;
  const nextOffset = offsetAfter(collected, kept);
  return {
    ...collected,
    discoveries: filler.items,
    pagination: { ...collected.pagination, has_more: true },
    omitted: { count: collected.pagination.total_count - nextOffset, nextOffset },
  };
}

/**
 * Both channels within the budget: the common page fits whole and is measured once; one that does
 * not is cut by the item-by-item estimate, checked, and if the estimate was short cut 5% more.
 * Anything else `render` returns (the view's `meta`) comes back as rendered for the page kept.
 */
export function presentWithinBudget<
  V extends BudgetedDiscoveries,
  R extends { readonly structured: object; readonly text: string },
>(view: V, budget: number, render: (view: V) => R): R {
  let estimated = false;
  for (;;) {
    const rendered = render(view);
    const { structured, text } = rendered;
    if (fitsBudgetWith(text, structured, budget) || view.discoveries.length === 0) {
      return rendered;
    }
    if (!estimated) {
      estimated = true;
      const cut = cutToBudget(view, budget);
      if (cut !== view) {
        view = cut;
        continue;
      }
    }
    const drop = Math.max(1, Math.ceil(view.discoveries.length / 20));
    const discoveries = view.discoveries.slice(0, -drop);
    const nextOffset = offsetAfter(view, discoveries.length);
    view = {
      ...view,
      discoveries,
      pagination: { ...view.pagination, has_more: true },
      omitted: { count: view.pagination.total_count - nextOffset, nextOffset },
    };
  }
}

/** The leading credentials whose text and structured forms fit the budget, with room to spare. */
export function credentialsWithinBudget(
  credentials: CredentialOutput[],
  budget: number,
): CredentialOutput[] {
  let used = 1_000;
  let count = 0;
  for (const credential of credentials) {
    used += JSON.stringify(credential).length + credentialLine(credential).length + 2;
    if (used > budget) break;
    count++;
  }
  return credentials.slice(0, count);
}
