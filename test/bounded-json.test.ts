// The bounded envelope parse, whole (a small page) and by the walk: what JSON.parse gives, with only the first N items of `data` built; refuses what JSON.parse refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoundedEnvelope } from '../src/api/bounded-json.js';
import { seedFastCheck } from './fast-check-seed.js';

seedFastCheck('test/bounded-json.test.ts');

/** JSON.parse's answer with `data` cut to `n` items and its length kept (holes after). */
function expected(text: string, n: number): unknown {
  const value = JSON.parse(text);
  if (value && typeof value === 'object' && !Array.isArray(value) && Array.isArray(value.data)) {
    const length = value.data.length;
    value.data = value.data.slice(0, n);
    value.data.length = length;
  }
  return value;
}

const envelope = fc.record(
  {
    success: fc.boolean(),
    data: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 12 }), fc.jsonValue()),
    meta: fc.jsonValue(),
    // Whole Unicode characters: multi-byte UTF-8 goes through the byte reader too.
    'we"ird\\key': fc.string({ unit: 'grapheme' }),
    names: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

describe('parseBoundedEnvelope', () => {
  it('equals JSON.parse with data cut to n items, for any envelope, spaced or not', () => {
    fc.assert(
      fc.property(envelope, fc.nat(14), fc.boolean(), (value, n, spaced) => {
        const text = spaced ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        // Parsed whole and cut (a small page), and by the walk (as a page over 64 KB is).
        for (const wholeUpTo of [undefined, 0]) {
          expect(parseBoundedEnvelope(text, n, wholeUpTo)).toStrictEqual(expected(text, n));
          // The same from the UTF-8 bytes, as the sender hands them over.
          expect(parseBoundedEnvelope(Buffer.from(text), n, wholeUpTo)).toStrictEqual(
            expected(text, n),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('builds only the keys asked for of each object item, whole or by the walk', () => {
    fc.assert(
      fc.property(envelope, fc.nat(14), (value, n) => {
        const text = JSON.stringify(value);
        const keys = ['id', 'name'];
        const cut = expected(text, n) as { data?: unknown };
        const isPlain = (v: unknown): v is object =>
          !!v && typeof v === 'object' && !Array.isArray(v);
        // A `data` that is one object is cut to the keys itself.
        if (isPlain(cut) && isPlain(cut.data)) {
          cut.data = Object.fromEntries(Object.entries(cut.data).filter(([k]) => keys.includes(k)));
        }
        if (cut && typeof cut === 'object' && Array.isArray(cut.data)) {
          for (let at = 0; at < Math.min(n, cut.data.length); at++) {
            const item = cut.data[at];
            if (item && typeof item === 'object' && !Array.isArray(item)) {
              const kept = Object.entries(item).filter(([key]) => keys.includes(key));
              cut.data[at] = Object.fromEntries(kept);
            }
          }
        }
        for (const wholeUpTo of [undefined, 0]) {
          expect(parseBoundedEnvelope(text, n, wholeUpTo, keys)).toStrictEqual(cut);
          expect(parseBoundedEnvelope(Buffer.from(text), n, wholeUpTo, keys)).toStrictEqual(cut);
        }
      }),
    );
    const host = { id: 'h1', name: 'lab', interfaces: [{ ip: '10.0.0.1' }], ports: [22, 80] };
    const page = JSON.stringify({ success: true, data: [host, host] });
    expect(parseBoundedEnvelope(page, 1, 0, ['id', 'name'])).toStrictEqual({
      success: true,
      data: Object.assign([{ id: 'h1', name: 'lab' }], { length: 2 }),
    });
  });

  it('builds only the keys asked for of a data object (a topology bundle), whole or by the walk', () => {
    // The bundle's interfaces are most of its bytes; links read its neighbours and candidates.
    const bundle = {
      interfaces: [{ id: 'i1', if_name: 'Gi0/1 "]}' }],
      neighbours: [{ interface_id: 'i1', neighbor: { type: 'Host', id: 'h2' } }],
      candidates: [],
    };
    const text = JSON.stringify({ success: true, data: bundle, meta: { n: 1 } });
    const wanted = {
      success: true,
      data: { neighbours: bundle.neighbours, candidates: [] },
      meta: { n: 1 },
    };
    for (const wholeUpTo of [undefined, 0]) {
      for (const input of [text, Buffer.from(text)]) {
        expect(
          parseBoundedEnvelope(input, Number.POSITIVE_INFINITY, wholeUpTo, [
            'neighbours',
            'candidates',
          ]),
        ).toStrictEqual(wanted);
      }
    }
  });

  it('counts every item sent but builds only n of them', () => {
    const items = Array.from({ length: 1_000 }, (_, i) => ({ id: i, name: `n"]},{${i}` }));
    const text = JSON.stringify({ success: true, data: items });
    for (const wholeUpTo of [undefined, 0]) {
      const parsed = parseBoundedEnvelope(text, 3, wholeUpTo) as { data: unknown[] };
      expect(parsed.data.length).toBe(1_000);
      expect(Object.keys(parsed.data)).toEqual(['0', '1', '2']);
      expect(parsed.data[2]).toEqual(items[2]);
    }
  });

  it('keeps "__proto__" as an own key, as JSON.parse does', () => {
    for (const wholeUpTo of [undefined, 0]) {
      const text = '{"__proto__":{"polluted":1},"data":[]}';
      const parsed = parseBoundedEnvelope(text, 5, wholeUpTo) as object;
      expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    '',
    '{',
    '{"data":[1,2',
    '{"data":[1,,2]}',
    '{"data":[1] x}',
    '{"a" 1}',
    '{"a":1,}',
    '{"a":"unterminated}',
    '{"data":[{"a":1}]}}',
    '{"data":[tru]}',
  ])('refuses %j like JSON.parse (items built: 1)', (text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    for (const wholeUpTo of [undefined, 0]) {
      expect(() => parseBoundedEnvelope(text, 1, wholeUpTo)).toThrow(SyntaxError);
      expect(() => parseBoundedEnvelope(Buffer.from(text), 1, wholeUpTo)).toThrow(SyntaxError);
    }
  });

  it('parses anything that is not an object whole', () => {
    expect(parseBoundedEnvelope(' [1,2,3] ', 1)).toEqual([1, 2, 3]);
    expect(parseBoundedEnvelope('"text"', 1)).toBe('text');
  });
});
