// Cleans text that someone else wrote before a model reads it: invisible and control characters go.

/**
 * C0/C1 controls except \t and \n, zero-width and invisible formatting characters, bidirectional
 * embeddings, overrides, isolates and marks, and Unicode tag characters (invisible ASCII look-alikes
 * used to smuggle instructions). \r goes too: a CR can hide what precedes it on a terminal.
 */
const UNSAFE_CLASS =
  '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]|\\uDB40[\\uDC00-\\uDC7F]`, 'g');
const LINE_SEPARATORS = /[\u2028\u2029]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A quick test: anything unsafe, a line separator, or any surrogate (astral or lone). */
const NEEDS_WORK = new RegExp(`[${UNSAFE_CLASS}\\u2028\\u2029\\uD800-\\uDFFF]`);

/** Beyond this depth a service value is replaced: deep nesting only serves to exhaust the stack. */
export const MAX_DEPTH = 64;
const TOO_DEEP = '[nested too deeply; left out]';

/** Service error messages are cut to this many characters. */
export const MAX_SERVICE_TEXT = 300;

/** Removes control (except \n and \t), zero-width and bidi-override characters from one string. */
export function sanitizeText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(LINE_SEPARATORS, '\n').replace(UNSAFE, '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Sanitizes every string (and object key) in a parsed JSON value. Keys are rebuilt with
 * Object.fromEntries so a "__proto__" key stays a plain property, never a prototype.
 */
export function sanitizeJson(value: unknown, depth = 0): unknown {
  // Most service JSON is already clean: checking it is ~5x cheaper than rebuilding every object.
  if (depth === 0 && isClean(value, 0)) return value;
  if (typeof value === 'string') return sanitizeText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => sanitizeJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      sanitizeText(key),
      sanitizeJson(inner, depth + 1),
    ]),
  );
}

/** True when sanitizeJson would change nothing: no string or key needs work, nothing too deep. */
function isClean(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !NEEDS_WORK.test(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isClean(item, depth + 1));
  const record = value as Record<string, unknown>;
  // for...in, not Object.entries: no array per object on the hot path of every response.
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (NEEDS_WORK.test(key) || !isClean(record[key], depth + 1)) return false;
  }
  return true;
}

/** Error text from the service: sanitized, on one line, and cut to `max` characters. */
export function serviceText(text: string, max = MAX_SERVICE_TEXT): string {
  const oneLine = sanitizeText(text).replace(/\s+/g, ' ').trim();
  const chars = Array.from(oneLine);
  // Cut by code point, not UTF-16 unit, so an emoji is never split into a lone surrogate.
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : oneLine;
}
