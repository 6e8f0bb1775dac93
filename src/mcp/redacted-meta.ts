// A result's `_meta` through the redactor, keys included, kept as it is when nothing in it needs masking.
import type { Redactor } from '../safety/redact.js';

/**
 * `_meta` goes to the view, not the model, but may hold the service's text (list_discoveries'
 * schedules, keyed by their cron): it passes the redactor as the channels do, keys included.
 */
export function redactedMeta(
  meta: Record<string, unknown>,
  redactor: Redactor,
): Record<string, unknown> {
  // Asked first, as redactValue does: a `_meta` with nothing to mask (nearly every one) is kept
  // as it is, not rebuilt key by key on every call.
  const clean = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') return redactor.redact(value) === value;
    if (value === null || typeof value !== 'object' || depth > 64) return true;
    if (Array.isArray(value)) return value.every((inner) => clean(inner, depth + 1));
    // Anything but a plain object the walk would rebuild as one: it takes the walk.
    if (Object.getPrototypeOf(value) !== Object.prototype) return false;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      if (redactor.redact(key) !== key || !clean(record[key], depth + 1)) return false;
    }
    return true;
  };
  if (clean(meta, 0)) return meta;
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return redactor.redact(value);
    if (value === null || typeof value !== 'object' || depth > 64) return value;
    if (Array.isArray(value)) return value.map((inner) => walk(inner, depth + 1));
    // Object.fromEntries makes own keys: a key such as `__proto__` stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [redactor.redact(key), walk(inner, depth + 1)]),
    );
  };
  return walk(meta, 0) as Record<string, unknown>;
}
