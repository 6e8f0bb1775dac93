// Whether a community is a redaction placeholder (asterisks, bullets, "[redacted]", a cut mark) in any disguise.

/** Zero-width and invisible formatting characters a copy-paste or an attacker may slip in. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
/** Combining marks: an asterisk with a dot or an accent on it is still a mask to a reader. */
const COMBINING = /\p{M}/gu;
/**
 * Asterisk-like symbols NFKC leaves alone (∗ U+2217, ⁎ U+204E, ⁑, ✱ ✲ ✳ ✺ ✻ ✼ ✽ ❃ ❉ ❊ ❋, ﹡, ٭,
 * ⚹ and friends), folded to "*" before the test. Fullwidth ＊ and small ﹡ become * through NFKC.
 */
const ASTERISK_LIKE =
  /[\u066D\u204E\u2051\u2217\u229B\u26B9\u2731-\u2743\u2749-\u274B\uFE61\uFF0A]/g;
/** Quotes, backticks, brackets and markdown escapes around or inside a copied mask. */
const WRAPPING = /[\p{Pi}\p{Pf}"'`\\()[\]{}<>\u201A\u201E\u2032-\u2037]/gu;
/** Trailing "…", dots and other punctuation: what a cut or a sentence leaves after a mask. */
const TRAILING = /[\u2026.,;:!?]+$/;
/** A run of asterisks or of the bullets and dots UIs draw masked values with, however short. */
const ONLY_MASK = /^[*\u2022\u2023\u2043\u2219\u25CF\u25E6\u2981\u00B7\u22C5\u2027\u30FB]+$/;
/**
 * What redactors, this server's included, print in place of a secret; anything holding "redact";
 * and "redac" at the start, which is this server's "[redacted]" cut short ("[redac…").
 */
const MARKER = /redact|^redac|^(?:hidden|masked|secret|removed|censored|obfuscated)$/i;

/** The value as a reader sees it: invisible marks, wrappers, escapes and trailing punctuation gone. */
function bareForm(value: string): string {
  return value
    .normalize('NFKD')
    .replace(COMBINING, '')
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(ASTERISK_LIKE, '*')
    .replace(/\s+/g, '')
    .replace(WRAPPING, '')
    .replace(TRAILING, '');
}

/**
 * True for a value that only stands for a hidden secret: written back, it would replace the real
 * community with the mask. Refused: any value that is a run of mask characters once quotes,
 * backticks, brackets, markdown escapes, trailing "…" or punctuation, combining marks and
 * asterisk look-alikes are folded away (`"********"`, `\*\*\*\*`, `∗∗∗∗∗∗∗∗`, `********…`), and
 * anything containing "redact" (`***REDACTED***`, this server's cut mark `[redac…`).
 */
export function isRedactionPlaceholder(value: string): boolean {
  const bare = bareForm(value);
  if (bare === '') return true;
  return ONLY_MASK.test(bare) || MARKER.test(bare);
}
