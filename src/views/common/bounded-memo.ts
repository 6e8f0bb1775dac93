// A pure function remembered per key, at most `max` keys: emptied whole when full, because the keys of a warm call (names, instants) come back call after call and an LRU's bookkeeping would cost more than a rare refill.

/** `compute` remembered per key; `compute` must be pure, the answer for a key never changes. */
export function boundedMemo<K, V>(max: number, compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= max) known.clear();
      known.set(key, value);
    }
    return value;
  };
}
