// The `code` and `params` of a service error envelope, cut down to what a message can quote.
import { oneLine } from './sanitize.js';

const MAX_PARAMS = 8;
const MAX_PARAM_KEY = 40;
const MAX_PARAM_VALUE = 100;

/** An error code is an identifier: anything else (prose, markup, a novel) is not quoted at all. */
export function errorCode(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const line = oneLine(code, 64);
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(line) ? line : undefined;
}

/**
 * Params as a flat record of short scalars: at most 8 keys, nested values left out, strings on one
 * line and cut to 100 characters. A 2,859-character error came from params nobody shortened.
 */
export function errorParams(
  params: unknown,
): Record<string, string | number | boolean> | undefined {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return undefined;
  const flat: [string, string | number | boolean][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (flat.length >= MAX_PARAMS) break;
    const name = oneLine(key, MAX_PARAM_KEY);
    if (typeof value === 'string') flat.push([name, oneLine(value, MAX_PARAM_VALUE)]);
    else if (typeof value === 'number' || typeof value === 'boolean') flat.push([name, value]);
  }
  // fromEntries, not assignment: a "__proto__" key stays a plain property.
  return flat.length > 0 ? Object.fromEntries(flat) : undefined;
}
