// Free-text arguments (names, search, windows) capped in length and words, so one call's work is bounded before it starts.
import * as z from 'zod';

/** Characters at most in a free-text argument: longer than any name, window or search a person types. */
export const MAX_TEXT_CHARS = 200;
/** Words at most: each word of a search is tested against every field of every host. */
export const MAX_TEXT_WORDS = 8;

/** Words as a search splits them (runs of non-space); counted only on text already short. */
export const wordsOf = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/**
 * A free-text argument. The caps are checked, not listed in the schema: tools/list has a byte
 * budget, and the refusal names them.
 */
export function freeText(maxChars = MAX_TEXT_CHARS, maxWords = MAX_TEXT_WORDS) {
  return z.string().refine((text) => text.length <= maxChars && wordsOf(text).length <= maxWords, {
    message: `too long: at most ${maxChars} characters and ${maxWords} words; call again with less`,
  });
}
