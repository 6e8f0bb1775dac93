// "Did you mean": the nearest known word to a mistyped one, for the command line and the environment alike.

/** ` (did you mean "x"?)` for the nearest known word within a few edits, else nothing. */
export function closest(word: string, known: readonly string[]): string {
  const best = nearest(word, known);
  return best === undefined ? '' : ` (did you mean "${best}"?)`;
}

/** The known word (lower case) nearest to `word` in any case, within a few edits; else undefined. */
export function nearest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const near = Math.max(2, Math.floor((best?.length ?? 0) / 3));
  return best !== undefined && bestDistance <= near ? best : undefined;
}

/** Levenshtein distance with adjacent swaps counted as one edit (`htpp` is one from `http`). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}
