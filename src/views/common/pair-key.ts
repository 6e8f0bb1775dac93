// A key made of two texts, built once per pair and handed back as the same string: a warm list call makes the same keys (groups, schedules) for every item, and each fresh concatenation was a copy to hash.

/** Pairs longer than this together are keyed afresh each time: the store never holds big texts. */
const MAX_PAIR_LENGTH = 256;

/**
 * `join` remembered per pair, at most `max` pairs (emptied whole when full, as boundedMemo is).
 * `join` must be pure: the key for a pair never changes. Either text may be undefined.
 */
export function pairKey<A extends string | undefined, B extends string | undefined>(
  max: number,
  join: (a: A, b: B) => string,
): (a: A, b: B) => string {
  const known = new Map<A, Map<B, string>>();
  let size = 0;
  return (a, b) => {
    let inner = known.get(a);
    let key = inner?.get(b);
    if (key !== undefined) return key;
    key = join(a, b);
    if ((a?.length ?? 0) + (b?.length ?? 0) > MAX_PAIR_LENGTH) return key;
    if (size >= max) {
      known.clear();
      size = 0;
      inner = undefined;
    }
    if (!inner) {
      inner = new Map();
      known.set(a, inner);
    }
    inner.set(b, key);
    size++;
    return key;
  };
}
