// The length of JSON.stringify(value) without building the string: the result budget asks how big a page's structured channel is on every call, and the SDK serializes it again anyway.

/** Characters JSON.stringify writes as an escape: quote, backslash, controls, lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON escapes are what it looks for
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

const stringLength = (text: string) =>
  // Escapes are rare in names and ids; a text holding one is measured by JSON itself.
  ESCAPED.test(text) ? JSON.stringify(text).length : text.length + 2;

/** JSON.stringify(value)?.length, in UTF-16 units; undefined where JSON.stringify gives undefined. */
export function jsonLength(value: unknown): number | undefined {
  switch (typeof value) {
    case 'string':
      return stringLength(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      // undefined, functions and symbols are left out; a bigint makes JSON.stringify throw.
      return typeof value === 'bigint' ? JSON.stringify(value).length : undefined;
  }
  if (value === null) return 4;
  // Boxed primitives are written as what they box.
  if (value instanceof Number || value instanceof String || value instanceof Boolean) {
    return jsonLength(value.valueOf());
  }
  // A value that says how it is written (a Date, a Buffer) is measured as written.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(value)?.length;
  }
  if (Array.isArray(value)) {
    let length = 2 + Math.max(0, value.length - 1);
    for (const item of value) length += jsonLength(item) ?? 4;
    return length;
  }
  let length = 2;
  let members = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const member = jsonLength((value as Record<string, unknown>)[key]);
    if (member === undefined) continue;
    length += stringLength(key) + 1 + member;
    members++;
  }
  return length + Math.max(0, members - 1);
}
