// The one way text from the service or a caller enters this server's own sentences: in quotes nothing inside can close.
import { oneLine } from './sanitize.js';

/**
 * Characters that read as a quotation mark to a person or a model: every initial and final
 * punctuation mark (Unicode Pi/Pf: “ ” ‘ ’ « » ‹ › …), the low-9 quotes ‚ „, the ASCII and fullwidth double quotes, primes
 * and double primes, modifier letters drawn as quotes, and CJK quotation marks. Inside a quoted name
 * each is written as an escape, so a name can never seem to end early.
 */
const QUOTE_LIKE =
  /[\p{Pi}\p{Pf}"\u201A\u201E\u02BA\u02BB\u02BC\u02BD\u02DD\u02EE\u2032-\u2037\u2057\u275B-\u2760\u276E\u276F\u2E42\u301D-\u301F\uFF02\uFF07]|\u030B|\u030E/gu;
/**
 * The separators this server's text views put between fields ("; ", " · ", "=", "|", ","): escaped
 * inside a name, so a name cannot add a field, a legend entry or a list item of its own.
 */
const SEPARATOR = /[;·=|,\\]/g;
/** One of the service's ids (8-4-4-4-12 hex) anywhere in the text. */
const CONTAINS_UUID = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/i;

/** Whether a name is or holds one of the service's ids: a reader could take it for that record's id. */
export const holdsUuid = (text: string): boolean => CONTAINS_UUID.test(text);

/** What follows a quoted name that is or holds an id: a reader must not take it for the real id. */
export const HOLDS_ID_NOTE = ' (name holds an id)';

const asEscape = (char: string) => `\\u${char.codePointAt(0)?.toString(16).padStart(4, '0')}`;

/** The inside of a quote: one line, capped, quote look-alikes and separators escaped. */
export function quoteBody(text: string, max = 200): string {
  return oneLine(text, max).replace(SEPARATOR, asEscape).replace(QUOTE_LIKE, asEscape);
}

/**
 * `"name"` for this server's own sentences, list lines, legends, headings, forms and errors: the
 * only unescaped double quotes are the two around it, and a name that carries a UUID is flagged.
 */
export function quote(text: string, max = 200): string {
  const body = quoteBody(text, max);
  // The id is looked for in what is shown (escapes hold no "-"): linear in the cap, not the text.
  return `"${body}"${CONTAINS_UUID.test(body) ? HOLDS_ID_NOTE : ''}`;
}

/**
 * `"text"` for free text inside this server's sentence (a service error message, a release title):
 * quote look-alikes and backslashes escaped so nothing closes the quote early, while the commas and
 * semicolons of prose stay readable. unquote() reverses it too.
 */
export function quoteProse(text: string, max = 300): string {
  return `"${oneLine(text, max).replace(/\\/g, asEscape).replace(QUOTE_LIKE, asEscape)}"`;
}

/** FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE: a name between them cannot reorder the line. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * `"name"` as quote() writes it, the name bidi-isolated inside the quotes: right-to-left letters
 * in it cannot reorder the line around it (a "before -> after" whose arrow reads backwards).
 */
export function quoteIsolated(text: string, max = 200): string {
  const body = quoteBody(text, max);
  return `"${FSI}${body}${PDI}"${CONTAINS_UUID.test(body) ? HOLDS_ID_NOTE : ''}`;
}

/** One character: is it one quoteBody writes as an escape? Only those escapes are undone. */
const ESCAPED_BY_QUOTE = new RegExp(`^(?:${SEPARATOR.source}|${QUOTE_LIKE.source})$`, 'u');

/**
 * Undoes quoteBody's escapes (and quoteIsolated's isolation): a model may pass a quoted name back
 * as an argument, escapes and all. Only the escapes this server writes are decoded: any other
 * `\uXXXX` stays as the six characters it is, so no escape becomes a control or invisible one.
 */
export function unquote(text: string): string {
  const quoted = /^"(.*)"(?: \(name holds an id\))?$/s.exec(text)?.[1] ?? text;
  const inner = quoted.startsWith(FSI) && quoted.endsWith(PDI) ? quoted.slice(1, -1) : quoted;
  return inner.replace(/\\u([\da-fA-F]{4})/g, (written, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return ESCAPED_BY_QUOTE.test(char) ? char : written;
  });
}

/** `text` as it is when it matches `plain` (a version number, an error code), else quoted like a name. */
const plainIf =
  (plain: RegExp) =>
  (text: string, max = 64): string =>
    plain.test(text) ? text : quote(text, max);

/** A version number as the service reported it: plain when it reads as one. */
export const versionText = plainIf(/^v?\d{1,9}(?:\.\d{1,9}){0,3}(?:[-+][0-9A-Za-z.-]{1,40})?$/);

/** A service error code: plain when it is one word of letters, digits and _ . : - */
export const codeText = plainIf(/^[A-Za-z0-9_.:-]{1,64}$/);
