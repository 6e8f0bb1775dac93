// What list_discoveries no longer copies per call (a clean item as parsed from JSON, lean items built once) gives the same values as the copies did, for any item.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discoverySchema, discoveryWireSchema } from '../src/api/schemas.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { seedFastCheck } from './fast-check-seed.js';

seedFastCheck('test/call-cost-allocation.test.ts');

/** The wire parse as it was: zod's copy, then the same normalization. */
const throughZod = (value: unknown) => {
  const parsed = discoveryWireSchema.safeParse(value);
  // The zod path alone: an item zod passes is normalized by discoverySchema from zod's copy.
  return parsed.success ? discoverySchema.safeParse(parsed.data) : { success: false as const };
};

/** JSON text round trip: the items the parser sees come from JSON.parse, as the service's do. */
const fromJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('a discovery that zod would only copy is used as parsed', () => {
  it('keeps every realistic 0.14 item as the same object (not copied) with the values zod gave', () => {
    for (const item of realisticDiscoveries(60).map(fromJson)) {
      const parsed = discoverySchema.safeParse(item);
      expect(parsed.success).toBe(true);
      if (!parsed.success) continue;
      expect(parsed.data).toBe(item);
      const expected = throughZod(fromJson(item));
      expect(expected.success).toBe(true);
      if (expected.success) expect(parsed.data).toStrictEqual(expected.data);
    }
  });

  it('gives what zod gives for any item, odd fields, odd tags and `__proto__` keys included', () => {
    const text = fc.string({ maxLength: 6 });
    const anyValue = fc.oneof(
      fc.constant(null),
      text,
      fc.integer(),
      fc.boolean(),
      fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 4 }), text, { maxKeys: 2 }),
    );
    const tagged = fc.record(
      { type: text, host_id: anyValue, results: anyValue, cron_schedule: anyValue },
      { requiredKeys: ['type'] },
    );
    // A clean item, then up to three of its fields taken out or given any other value.
    const clean = fc.record(
      {
        id: text,
        name: text,
        discovery_type: tagged,
        run_type: tagged,
        tags: fc.array(text, { maxLength: 3 }),
        created_at: text,
        updated_at: text,
        network_id: anyValue,
        site_id: anyValue,
        daemon_id: anyValue,
        extra: anyValue,
      },
      { requiredKeys: ['id', 'name', 'discovery_type', 'run_type', 'tags'] },
    );
    const PLACES = [
      'id',
      'name',
      'discovery_type',
      'run_type',
      'tags',
      'created_at',
      'updated_at',
      'discovery_type.type',
      'run_type.type',
      'tags.0',
    ] as const;
    const spoil = fc.array(
      fc.tuple(fc.constantFrom(...PLACES), fc.option(anyValue, { nil: undefined })),
      { maxLength: 3 },
    );
    const item = fc.tuple(clean, spoil).map(([base, changes]) => {
      const out = JSON.parse(JSON.stringify(base)) as Record<string, Record<string, unknown>>;
      for (const [place, value] of changes) {
        const [key = '', inner] = place.split('.');
        const holder = inner === undefined ? out : out[key];
        const at = inner ?? key;
        if (holder === null || typeof holder !== 'object') continue;
        if (value === undefined) delete holder[at];
        else holder[at] = value as Record<string, unknown>;
      }
      return out;
    });
    fc.assert(
      fc.property(item, fc.boolean(), fc.nat(2), (shape, proto, where) => {
        let json = JSON.stringify(shape);
        if (proto) {
          // A `__proto__` key, at the top or inside a tagged object, as JSON.parse makes it: an own key.
          const at =
            [json.indexOf('{'), json.indexOf('"discovery_type":{'), json.indexOf('"run_type":{')][
              where
            ] ?? -1;
          if (at >= 0) {
            const brace = json.indexOf('{', at) + 1;
            json = `${json.slice(0, brace)}"__proto__":{"x":1}${json[brace] === '}' ? '' : ','}${json.slice(brace)}`;
          }
        }
        const parsed = discoverySchema.safeParse(JSON.parse(json));
        const expected = throughZod(JSON.parse(json));
        expect(parsed.success).toBe(expected.success);
        if (!parsed.success || !expected.success) return;
        expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype);
        // Every reader takes these fields by name: the values are what must not change.
        expect(parsed.data).toStrictEqual(expected.data);
      }),
      { numRuns: 2_000 },
    );
  });
});
