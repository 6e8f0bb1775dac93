// Cleans text that someone else wrote before a model or a person reads it: one line, visible, short.

/**
 * C0/C1 controls except \t and \n, zero-width and invisible formatting characters, bidirectional
 * embeddings, overrides, isolates and marks, and Unicode tag characters (invisible ASCII look-alikes
 * used to smuggle instructions). \r and ESC go too: a CR can hide what precedes it on a terminal,
 * and ESC starts the sequences that hide or recolour text.
 */
const UNSAFE_CLASS =
  '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';
/**
 * Beside that list, every Default_Ignorable_Code_Point (variation selectors, Hangul fillers, tag
 * characters...): what the write path refuses as invisible (src/safety/hidden-characters.ts) is
 * never shown either. Spaces such as U+00A0 stay: they are visible as space.
 */
const IGNORABLE = '\\p{Default_Ignorable_Code_Point}';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}${IGNORABLE}]`, 'gu');
const LINE_SEPARATORS = /[\u2028\u2029]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A quick test: anything unsafe, a line separator, or a lone surrogate. */
const NEEDS_WORK = new RegExp(`[${UNSAFE_CLASS}${IGNORABLE}\\u2028\\u2029\\uD800-\\uDFFF]`, 'u');
/** The same for one-line service values: tabs and newlines count as work too. */
const NEEDS_WORK_ONE_LINE = new RegExp(
  `[${UNSAFE_CLASS}${IGNORABLE}\\t\\n\\u2028\\u2029\\uD800-\\uDFFF]`,
  'u',
);
/** Runs of white space: one holding a tab or line break becomes one space (linear: no backtracking). */
const SPACE_RUNS = /\s+/g;
const BREAK = /[\t\n]/;
const flatRun = (run: string) => (BREAK.test(run) ? ' ' : run);
/**
 * Code units read of one field before it is cleaned: twice the longest cap plus room for what
 * cleaning removes. A field of 18 MB costs what one of 4 kB does; nothing past it is ever shown.
 */
const READ_PER_FIELD = 4_096;

/** The start of a long field, never ending on half a surrogate pair. */
function head(text: string, max: number): string {
  const limit = Math.max(READ_PER_FIELD, max * 2 + 64);
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Beyond this depth a service value is replaced: deep nesting only serves to exhaust the stack. */
export const MAX_DEPTH = 64;
const TOO_DEEP = '[nested too deeply; left out]';

/** Service error messages are cut to this many characters. */
export const MAX_SERVICE_TEXT = 300;
/** Any other string value from the service: long enough for any real field, short enough to read. */
export const MAX_SERVICE_FIELD = 1_000;
/** Tighter caps where a field has a known small shape. */
const FIELD_CAPS: Readonly<Record<string, number>> = {
  server_version: 64,
  name: 200,
  code: 64,
  // Error texts are redacted and then cut to MAX_SERVICE_TEXT: a cut here first could halve a secret.
  error: 20_000,
  message: 20_000,
};
/**
 * The only service field allowed several lines: release notes' HTML, which html-to-markdown turns
 * into markdown (where line structure is meaning) and the tool labels as third-party text.
 */
const MULTILINE_KEYS = new Set(['html']);

/** Removes control (except \n and \t), zero-width and bidi-override characters from one string. */
export function sanitizeText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(LINE_SEPARATORS, '\n').replace(UNSAFE, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Cut to `max` code points (never splitting an emoji into a lone surrogate), marked with "…". */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Any 2 * max + 2 code units hold more than max code points: the rest is never split up.
  const chars = Array.from(text.length > max * 2 + 2 ? text.slice(0, max * 2 + 2) : text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * One line of someone else's text: sanitized, every line break and tab a single space, capped.
 * A newline is how a name becomes a heading, a fake notice or a fake [PASS] line.
 */
export function oneLine(text: string, max = MAX_SERVICE_FIELD): string {
  const read = head(text, max);
  const flat = NEEDS_WORK_ONE_LINE.test(read)
    ? sanitizeText(read).replace(SPACE_RUNS, flatRun).trim()
    : read;
  return capText(flat, max);
}

/**
 * A name or other chosen text inside this server's own sentence: one line, with quotes and
 * backslashes escaped, so it can be written between double quotes and never close them.
 */
export function quotable(text: string, max = FIELD_CAPS['name'] as number): string {
  return JSON.stringify(oneLine(text, max)).slice(1, -1);
}

/** A markdown code span that holds `text` whole, whatever backticks it contains. */
export function codeSpan(text: string): string {
  const line = oneLine(text, 200);
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * Sanitizes every string (and object key) in a parsed JSON value: each on one line and capped,
 * except release-note HTML. Keys are rebuilt with Object.fromEntries so a "__proto__" key stays
 * a plain property, never a prototype.
 */
export function sanitizeJson(value: unknown, depth = 0, key = ''): unknown {
  // Most service JSON is already clean: checking it is ~5x cheaper than rebuilding every object.
  if (depth === 0 && isClean(value, 0, key)) return value;
  if (typeof value === 'string') return cleanString(value, key);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => sanitizeJson(item, depth + 1, key));
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      oneLine(name, 100),
      sanitizeJson(inner, depth + 1, name),
    ]),
  );
}

/**
 * sanitizeJson's answer for a value found `depth` deep under `key`, such as one item of a list
 * cleaned item by item (src/api/envelope.ts): unchanged when clean, else rebuilt as sanitizeJson
 * rebuilds it there.
 */
export function sanitizeJsonAt(value: unknown, depth: number, key: string): unknown {
  return isClean(value, depth, key) ? value : sanitizeJson(value, depth, key);
}

function cleanString(value: string, key: string): string {
  if (MULTILINE_KEYS.has(key)) return sanitizeText(value);
  return oneLine(value, FIELD_CAPS[key] ?? MAX_SERVICE_FIELD);
}

/** True when sanitizeJson would change nothing: no string or key needs work, nothing too deep. */
function isClean(value: unknown, depth: number, key: string): boolean {
  if (typeof value === 'string') {
    if (MULTILINE_KEYS.has(key)) return !NEEDS_WORK.test(value);
    return (
      !NEEDS_WORK_ONE_LINE.test(value) && value.length <= (FIELD_CAPS[key] ?? MAX_SERVICE_FIELD)
    );
  }
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    // A loop, not every(): no closure per list on the hot path of every response.
    for (let at = 0; at < value.length; at++) {
      if (!isClean(value[at], depth + 1, key)) return false;
    }
    return true;
  }
  const record = value as Record<string, unknown>;
  // for...in, not Object.entries: no array per object on the hot path of every response.
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    if (NEEDS_WORK_ONE_LINE.test(name) || name.length > 100) return false;
    if (!isClean(record[name], depth + 1, name)) return false;
  }
  return true;
}

/** Error text from the service: sanitized, on one line, and cut to `max` characters. */
export function serviceText(text: string, max = MAX_SERVICE_TEXT): string {
  return capText(sanitizeText(head(text, max)).replace(SPACE_RUNS, ' ').trim(), max);
}
