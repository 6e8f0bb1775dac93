// Deterministic response bodies sampled from an operation's response schema (openapi-sampler).
import { sample } from 'openapi-sampler';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** FNV-1a: a stable 32-bit hash, so the same path always yields the same value. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function uuidFor(seed: string): string {
  const hex = [0, 1, 2, 3].map((i) => hash(`${seed}#${i}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * openapi-sampler gives every uuid the same value and every plain string "string"; a test that
 * looks for "the network id" in a tool's answer needs each field to hold its own value. Each uuid
 * and each placeholder string is replaced by one derived from its place in the body, keeping its
 * type and format (the caller validates the result against the schema again).
 */
export function distinguish(value: Json, place: string): Json {
  if (Array.isArray(value)) return value.map((item, i) => distinguish(item, `${place}/${i}`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, distinguish(inner, `${place}/${key}`)]),
    );
  }
  if (typeof value !== 'string') return value;
  if (UUID.test(value)) return uuidFor(place);
  if (value === 'string') return `${place.split('/').at(-1)}-${hash(place).toString(36)}`;
  return value;
}

const prepared = new WeakMap<object, object>();

/**
 * openapi-sampler takes a oneOf's first branch, and for Scanopy's many `oneOf: [{type: null}, X]`
 * it answers `{}`, which matches neither branch. Putting the null branch last makes the sample
 * the real value, which also exercises more of what the tools read.
 */
function nullBranchesLast(document: object): object {
  const cached = prepared.get(document);
  if (cached) return cached;
  const copy = structuredClone(document);
  const isNull = (branch: unknown) => (branch as { type?: unknown } | null)?.type === 'null';
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (Array.isArray(schema['oneOf'])) {
      const branches = schema['oneOf'] as unknown[];
      schema['oneOf'] = [...branches.filter((b) => !isNull(b)), ...branches.filter(isNull)];
    }
    Object.values(schema).forEach(visit);
  };
  visit(copy);
  prepared.set(document, copy);
  return copy;
}

/**
 * A sample of a schema (oneOf: its first variant), refs resolved in the whole document, with every
 * optional field present. A top-level `data` list holds `items` copies, each with its own values.
 */
export function sampleSchema(schema: object, document: object, place: string, items = 1): Json {
  const spec = nullBranchesLast(document);
  const options = { skipReadOnly: false, skipNonRequired: false };
  const own = (nullBranchesLast({ schema }) as { schema: object }).schema;
  const raw = sample(own as never, options, spec);
  const body = raw as { data?: unknown };
  if (Array.isArray(body.data) && body.data.length > 0) {
    const first: unknown = body.data[0];
    body.data = Array.from({ length: items }, () => first);
  }
  return distinguish(raw as Json, place);
}
