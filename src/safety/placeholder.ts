// Whether a community is a redaction placeholder (asterisks, bullets, circles, blank fillers, "[redacted]", a cut mark) in any disguise.
import { withoutHidden } from './hidden-characters.js';

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
/** Symbols and punctuation only (no letter, digit or mark): what a mask is drawn with. */
const ONLY_SYMBOLS = /^[\p{S}\p{P}]+$/u;
/**
 * What redactors, this server's included, print in place of a secret; anything holding "redact";
 * and "redac" at the start, which is this server's "[redacted]" cut short ("[redac…").
 */
const MARKER = /redact|^redac|^(?:hidden|masked|secret|removed|censored|obfuscated)$/i;

/**
 * The value as a reader sees it: invisible characters (the same set a name is refused for, blank
 * fillers and every space included), marks, wrappers, escapes and trailing punctuation gone.
 */
function bareForm(value: string): string {
  return withoutHidden(
    withoutHidden(value).normalize('NFKD').replace(COMBINING, '').normalize('NFKC'),
  )
    .replace(ASTERISK_LIKE, '*')
    .replace(/\s+/g, '')
    .replace(WRAPPING, '')
    .replace(TRAILING, '');
}

/**
 * A mask drawn with any symbol: one or two symbols repeated (`○○○○○○`, `⚫⚫⚫⚫⚫⚫`, `●○●○`, `■■■`),
 * with no letter or digit. A real community of one repeated symbol is as guessable as a mask.
 */
function isSymbolMask(bare: string): boolean {
  if (!ONLY_SYMBOLS.test(bare)) return false;
  const chars = Array.from(bare);
  const kinds = new Set(chars).size;
  return kinds === 1 || (kinds === 2 && chars.length >= 3);
}

/**
 * True for a value that only stands for a hidden secret: written back, it would replace the real
 * community with the mask. Refused: any value that is a run of mask characters once quotes,
 * backticks, brackets, markdown escapes, trailing "…" or punctuation, combining marks, invisible
 * characters and asterisk look-alikes are folded away (`"********"`, `\*\*\*\*`, `∗∗∗∗∗∗∗∗`,
 * `********…`); one or two symbols repeated (`○○○○○○`); blank fillers alone (U+3164, U+2800);
 * and anything containing "redact" (`***REDACTED***`, this server's cut mark `[redac…`).
 */
export function isRedactionPlaceholder(value: string): boolean {
  const bare = bareForm(value);
  if (bare === '') return true;
  if (ONLY_MASK.test(bare) || MARKER.test(bare)) return true;
  // Before the wrappers go: a mask of quotes or brackets alone is still a mask.
  const drawn = withoutHidden(value.normalize('NFKC').replace(COMBINING, ''));
  return isSymbolMask(bare) || isSymbolMask(drawn);
}
