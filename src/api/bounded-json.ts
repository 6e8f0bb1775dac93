// JSON.parse of an envelope that builds only the first N items of its `data` list: the rest are stepped over and counted.
//
// Hand-written because no parser in the dependencies can stop building a list part-way: a hostile
// service answering a page of 50 with 400,000 items just under the size cap had every item built
// (about 10x the text in objects) only to be thrown away. The pieces that are kept still go
// through JSON.parse, so their values are exactly what JSON.parse gives; this file only finds where
// each top-level value and each list item begins and ends.
import type { Turns } from './turns.js';

/** The text being read: a string, or the bytes of UTF-8 (no byte of a multi-byte character is below 0x80, so the structure reads the same). */
interface Source {
  readonly length: number;
  code(at: number): number;
  /** Where the next `"` is, from `from`; -1 when none. */
  quote(from: number): number;
  slice(start: number, end: number): string;
}

function sourceOf(input: string | Uint8Array): Source {
  if (typeof input === 'string') {
    return {
      length: input.length,
      code: (at) => input.charCodeAt(at),
      quote: (from) => input.indexOf('"', from),
      slice: (start, end) => input.slice(start, end),
    };
  }
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  return {
    length: bytes.length,
    code: (at) => bytes[at] ?? Number.NaN,
    quote: (from) => bytes.indexOf(0x22, from),
    slice: (start, end) => bytes.toString('utf8', start, end),
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * The JSON value of `text`, as JSON.parse would give it, except that when it is an object with a
 * `data` list only the first `maxItems` items are built; the list's `length` is still the number
 * of items sent (the rest are holes, never read). With `itemKeys`, an object item is built with
 * those keys only (a name list needs a host's id and name, not its 800 bytes of children), and so
 * is a `data` that is one object (a topology bundle's links need its neighbours, not the 80% of its
 * bytes that are interfaces). Items
 * and values stepped over are checked for balanced brackets and strings only, not parsed. Throws
 * SyntaxError where JSON.parse would (and on unbalanced items).
 */
export function parseBoundedEnvelope(
  input: string | Uint8Array,
  maxItems: number,
  wholeUpTo = WHOLE_PARSE_MAX,
  itemKeys?: readonly string[],
): unknown {
  return whole(walkEnvelope(input, maxItems, wholeUpTo, itemKeys));
}

/**
 * The same value as parseBoundedEnvelope, read in turns: between two items of `data` (built or
 * stepped over) `turns.pause()` may let the event loop serve other callers. A hostile page of
 * 20 MB took 0.2-0.6 s to walk in one block, during which no other caller's request was read.
 */
export async function parseBoundedEnvelopeInTurns(
  input: string | Uint8Array,
  maxItems: number,
  turns: Turns,
  itemKeys?: readonly string[],
): Promise<unknown> {
  const walk = walkEnvelope(input, maxItems, WHOLE_PARSE_MAX, itemKeys);
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
    const pause = turns.pause();
    if (pause) await pause;
  }
}

/** The walk itself; it yields between items of `data`, where a reader may give up its turn. */
function* walkEnvelope(
  input: string | Uint8Array,
  maxItems: number,
  wholeUpTo: number,
  itemKeys: readonly string[] | undefined,
): Generator<void, unknown> {
  const keys = itemKeys && new Set(itemKeys);
  if (input.length <= wholeUpTo) return cutData(JSON.parse(textOf(input)), maxItems, keys);
  const text = sourceOf(input);
  const at = skipSpace(text, 0);
  if (text.code(at) !== OPEN_BRACE) return JSON.parse(text.slice(0, text.length));
  const [result, end] = yield* objectAt(text, at, (key, start) =>
    key !== 'data'
      ? wholeValue(text, start)
      : text.code(start) === OPEN_BRACKET
        ? boundedList(text, start, maxItems, keys)
        : // A `data` object (a topology bundle) with only the keys asked for built.
          itemAt(text, start, keys),
  );
  return expectEnd(text, end, result);
}

/** A value and one past its end; `SKIPPED` as the value leaves its key out. */
type ValueRead = readonly [unknown, number];
const SKIPPED = Symbol('skipped');

/**
 * The object starting at `start` ('{'), each value read by `read`, and one past its end. A
 * reader may be a walk of its own (the envelope's `data`), whose pauses pass through.
 */
function* objectAt(
  text: Source,
  start: number,
  read: (key: string, at: number) => ValueRead | Generator<void, ValueRead>,
): Generator<void, [Record<string, unknown>, number]> {
  const result: Record<string, unknown> = {};
  let at = skipSpace(text, start + 1);
  if (text.code(at) === CLOSE_BRACE) return [result, at + 1];
  for (;;) {
    if (text.code(at) !== QUOTE) throw unexpected(text, at);
    const keyEnd = stringEnd(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    at = skipSpace(text, keyEnd);
    if (text.code(at) !== COLON) throw unexpected(text, at);
    const reading = read(key, skipSpace(text, at + 1));
    const [value, end] = isWalk(reading) ? yield* reading : reading;
    if (value !== SKIPPED) defineOwn(result, key, value);
    at = skipSpace(text, end);
    const next = text.code(at);
    if (next === CLOSE_BRACE) return [result, at + 1];
    if (next !== COMMA) throw unexpected(text, at);
    at = skipSpace(text, at + 1);
  }
}

const isWalk = (read: ValueRead | Generator<void, ValueRead>): read is Generator<void, ValueRead> =>
  !Array.isArray(read);

/** A walk that never pauses, run to its end. */
function whole<T>(walk: Generator<void, T>): T {
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

/** As JSON.parse does: an own property even for "__proto__", the last of duplicate keys wins. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function wholeValue(text: Source, start: number): ValueRead {
  const end = valueEnd(text, start);
  return [JSON.parse(text.slice(start, end)), end];
}

/** One item of a list: whole, or an object with only `keys` built. */
function itemAt(text: Source, start: number, keys: ReadonlySet<string> | undefined): ValueRead {
  if (!keys || text.code(start) !== OPEN_BRACE) return wholeValue(text, start);
  return whole(
    objectAt(text, start, (key, at) =>
      keys.has(key) ? wholeValue(text, at) : [SKIPPED, valueEnd(text, at)],
    ),
  );
}

/**
 * Up to this many bytes (or characters) the text is decoded and given to JSON.parse whole, then cut:
 * native parsing is several times faster than stepping over it here (a page of 50 discoveries is
 * ~26 KB), and even 64 KB of the smallest items (`{},` is three bytes) builds at most ~22,000 empty
 * objects, well under a megabyte, before the cut lets them go.
 */
const WHOLE_PARSE_MAX = 64 * 1024;

const textOf = (input: string | Uint8Array) =>
  typeof input === 'string'
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');

/**
 * JSON.parse's value with its `data` list cut to `maxItems`, the length kept (holes after), and
 * its object items cut to `keys`.
 */
function cutData(value: unknown, maxItems: number, keys?: ReadonlySet<string>): unknown {
  if (!isObject(value)) return value;
  const data = (value as { data?: unknown }).data;
  if (keys && isObject(data)) {
    (value as { data: unknown }).data = picked(data, keys);
    return value;
  }
  if (!Array.isArray(data) || (data.length <= maxItems && !keys)) return value;
  const kept = data.slice(0, maxItems);
  if (keys) for (let at = 0; at < kept.length; at++) kept[at] = picked(kept[at], keys);
  kept.length = data.length;
  (value as { data: unknown[] }).data = kept;
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function picked(item: unknown, keys: ReadonlySet<string>): unknown {
  if (!isObject(item)) return item;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(item)) if (keys.has(key)) defineOwn(result, key, item[key]);
  return result;
}

/**
 * The list starting at `start` ('['): its first `maxItems` items built (cut to `keys`), the others
 * counted; a pause after each item.
 */
function* boundedList(
  text: Source,
  start: number,
  maxItems: number,
  keys: ReadonlySet<string> | undefined,
): Generator<void, [unknown[], number]> {
  const items: unknown[] = [];
  let count = 0;
  let at = skipSpace(text, start + 1);
  if (text.code(at) === CLOSE_BRACKET) return [items, at + 1];
  for (;;) {
    let end: number;
    if (count < maxItems) {
      const [item, itemEnd] = itemAt(text, at, keys);
      items.push(item);
      end = itemEnd;
    } else end = valueEnd(text, at);
    count += 1;
    yield;
    at = skipSpace(text, end);
    const next = text.code(at);
    if (next === CLOSE_BRACKET) break;
    if (next !== COMMA) throw unexpected(text, at);
    at = skipSpace(text, at + 1);
  }
  // Holes, not values: the length says how many were sent without holding them.
  items.length = count;
  return [items, at + 1];
}

function expectEnd(text: Source, at: number, value: unknown): unknown {
  const end = skipSpace(text, at);
  if (end !== text.length) throw unexpected(text, end);
  return value;
}

/** Where the value starting at `start` ends (one past its last character). */
function valueEnd(text: Source, start: number): number {
  const first = text.code(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null: up to the next delimiter; JSON.parse judges it, if built.
    let at = start;
    while (at < text.length && !isDelimiter(text.code(at))) at++;
    if (at === start) throw unexpected(text, start);
    return at;
  }
  let depth = 0;
  let at = start;
  while (at < text.length) {
    const code = text.code(at);
    if (code === QUOTE) {
      at = stringEnd(text, at);
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return at + 1;
    }
    at++;
  }
  throw new SyntaxError('Unexpected end of JSON input');
}

/** One past the closing quote of the string starting at `start`. */
function stringEnd(text: Source, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.quote(at);
    if (quote === -1) throw new SyntaxError('Unterminated string in JSON');
    let backslashes = 0;
    while (text.code(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

function skipSpace(text: Source, start: number): number {
  let at = start;
  for (;;) {
    const code = text.code(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return at;
    at++;
  }
}

function isDelimiter(code: number): boolean {
  return (
    code === COMMA ||
    code === CLOSE_BRACE ||
    code === CLOSE_BRACKET ||
    code === 0x20 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09
  );
}

function unexpected(text: Source, at: number): SyntaxError {
  return new SyntaxError(
    at >= text.length ? 'Unexpected end of JSON input' : `Unexpected token in JSON at ${at}`,
  );
}
