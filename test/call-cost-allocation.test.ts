// What list_discoveries no longer copies per call (a clean item as parsed from JSON, lean items built in place, keys made once per pair, a clean _meta kept) gives the same values as the copies did, for any item.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Discovery, discoverySchema, discoveryWireSchema } from '../src/api/schemas.js';
import { redactedMeta } from '../src/mcp/redacted-meta.js';
import { createRedactor, type Redactor } from '../src/safety/redact.js';
import { sanitizeText, serviceText } from '../src/safety/sanitize.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { shortTime } from '../src/views/common/format.js';
import { jsonLength } from '../src/views/common/json-length.js';
import { pairKey } from '../src/views/common/pair-key.js';
import { byteLength, fitsBudget, fitsBudgetWith } from '../src/views/common/result-budget.js';
import { defined, describeRun, leanDiscovery } from '../src/views/discoveries/discovery-format.js';
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

describe('pairKey, the keys of groups and schedules made once per pair', () => {
  it('gives what its join gives, for any pairs, undefined ones, long ones and past its bound', () => {
    const join = (a: string | undefined, b: string | undefined) => `${a ?? '-'}|${b ?? '-'}`;
    const text = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 4 }),
      fc.string({ minLength: 250, maxLength: 300 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 40 }), fc.nat(5), (pairs, max) => {
        const key = pairKey(max + 1, join);
        for (let round = 0; round < 2; round++) {
          for (const [a, b] of pairs) expect(key(a, b)).toBe(join(a, b));
        }
      }),
    );
  });

  it('hands back the same string for a pair it holds, and holds no pair over 256 characters', () => {
    const key = pairKey(2, (a: string, b: string) => `${a} ${b}`);
    const first = key('n1', 'd1');
    // A key made afresh would be equal but another string; only the held one keeps its hash.
    expect(key('n1', 'd1')).toBe(first);
    const calls: string[] = [];
    const counted = pairKey(2, (a: string, b: string) => {
      calls.push(a);
      return `${a} ${b}`;
    });
    counted('x'.repeat(200), 'y'.repeat(57));
    counted('x'.repeat(200), 'y'.repeat(57));
    counted('a', 'b');
    counted('a', 'b');
    expect(calls.length).toBe(3);
  });
});

describe('lean items built in place', () => {
  /** The lean item as it was written before: a literal of every key, then `defined`. */
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const ODD_SPACE = /[^\S ]|^ | $| {2}/;
  const oneLineOf = (text: string, max: number) =>
    text.length <= max && !ODD_SPACE.test(text) && sanitizeText(text) === text
      ? text
      : serviceText(text, max);
  const literalLean = (discovery: Discovery) => {
    const record = discovery as Record<string, unknown>;
    const run = discovery.run_type;
    const results = (run['results'] ?? {}) as Record<string, unknown>;
    const tags = Array.isArray(record['tags']) ? (record['tags'] as string[]) : [];
    const found = discovery.discovery_type['snmp_credentials'];
    const credentials = (Array.isArray(found) ? found : [])
      .map((c) =>
        c && typeof c === 'object'
          ? str((c as Record<string, unknown>)['credential_id'])
          : undefined,
      )
      .filter((id): id is string => id !== undefined);
    return defined<Record<string, unknown>>({
      id: discovery.id,
      name: oneLineOf(discovery.name, 200),
      network_id: str(record['network_id']),
      daemon_id: str(record['daemon_id']),
      tags: tags.length > 0 ? tags : undefined,
      discovery_type: defined<Record<string, unknown>>({
        type: discovery.discovery_type.type,
        host_id: str(discovery.discovery_type['host_id']),
      }),
      run_type:
        run.type === 'Historical'
          ? defined<Record<string, unknown>>({
              type: run.type,
              phase: str(results['phase']),
              progress: typeof results['progress'] === 'number' ? results['progress'] : undefined,
              error: str(results['error']) && serviceText(results['error'] as string),
              finished_at: str(results['finished_at']),
              discovery_id: str(results['discovery_id']),
              hosts_discovered:
                typeof results['hosts_discovered'] === 'number'
                  ? results['hosts_discovered']
                  : undefined,
            })
          : defined<Record<string, unknown>>({
              type: run.type,
              cron_schedule:
                str(run['cron_schedule']) && oneLineOf(run['cron_schedule'] as string, 100),
              enabled: typeof run['enabled'] === 'boolean' ? run['enabled'] : undefined,
              last_run: str(run['last_run']),
              timezone: str(run['timezone']) && oneLineOf(run['timezone'] as string, 64),
            }),
      snmp_credential_ids: credentials.length > 0 ? credentials : undefined,
    });
  };

  it('gives the same JSON, key order included, as the literal and `defined` did', () => {
    const odd = fc.oneof(
      fc.constant(null),
      fc.constant(''),
      fc.string({ maxLength: 8 }),
      fc.constantFrom(' two  spaces ', 'line\nbreak', 'x'.repeat(210)),
      fc.integer(),
      fc.boolean(),
    );
    const run = fc.record(
      {
        type: fc.constantFrom('Scheduled', 'AdHoc', 'Historical', 'Other'),
        cron_schedule: odd,
        enabled: odd,
        last_run: odd,
        timezone: odd,
        results: fc.record(
          {
            phase: odd,
            progress: odd,
            error: odd,
            finished_at: odd,
            discovery_id: odd,
            hosts_discovered: odd,
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['type'] },
    );
    const item = fc.record(
      {
        id: fc.string({ maxLength: 8 }),
        name: fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom(' pad ', 'a\tb', 'n'.repeat(230)),
        ),
        network_id: odd,
        daemon_id: odd,
        tags: fc.oneof(odd, fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 })),
        discovery_type: fc.record(
          {
            type: fc.string({ maxLength: 8 }),
            host_id: odd,
            snmp_credentials: fc.oneof(
              odd,
              fc.array(fc.oneof(odd, fc.record({ credential_id: odd }, { requiredKeys: [] })), {
                maxLength: 3,
              }),
            ),
          },
          { requiredKeys: ['type'] },
        ),
        run_type: run,
      },
      { requiredKeys: ['id', 'name', 'discovery_type', 'run_type'] },
    );
    fc.assert(
      fc.property(item, (wire) => {
        const discovery = wire as unknown as Discovery;
        const lean = leanDiscovery(discovery);
        expect(lean).toStrictEqual(literalLean(discovery));
        expect(JSON.stringify(lean)).toBe(JSON.stringify(literalLean(discovery)));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the budget counted from lengths where they decide it', () => {
  it('says what counting the UTF-8 bytes says, for any text, lone surrogates and pairs included', () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0x7ff }),
      fc.integer({ min: 0x800, max: 0xffff }),
    );
    const text = fc.oneof(
      fc.array(unit, { maxLength: 40 }).map((codes) => String.fromCharCode(...codes)),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, text, fc.nat(200), (a, b, budget) => {
        expect(fitsBudget(a, b, budget)).toBe(byteLength(a) + byteLength(b) <= budget);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('a value measured without serializing it', () => {
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x80, max: 0x7ff }),
    fc.integer({ min: 0x800, max: 0xffff }),
  );
  const text = fc.array(unit, { maxLength: 20 }).map((codes) => String.fromCharCode(...codes));

  it('is as long as JSON.stringify writes it, for any value: escapes, surrogates, -0, NaN, holes, undefined', () => {
    const value = fc.anything({
      key: fc.oneof(fc.string(), text),
      values: [fc.string(), text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null)],
      withNullPrototype: true,
      withSparseArray: true,
      withDate: true,
      withTypedArray: true,
      withMap: true,
      withSet: true,
      withBoxedValues: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonLength(v)).toBe(JSON.stringify(v)?.length);
      }),
      { numRuns: 3_000 },
    );
    expect(jsonLength({ a: undefined, b: () => 1, c: [undefined, Symbol('s')] })).toBe(
      JSON.stringify({ a: undefined, b: () => 1, c: [undefined, Symbol('s')] }).length,
    );
    expect(jsonLength(Object.create({ inherited: 1 }))).toBe(2);
  });

  it('decides the budget as counting the serialized bytes does', () => {
    fc.assert(
      fc.property(
        text,
        fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, fc.integer())),
        fc.nat(400),
        (a, value, budget) => {
          expect(fitsBudgetWith(a, value, budget)).toBe(
            byteLength(a) + byteLength(JSON.stringify(value)) <= budget,
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe("a job's last run, remembered per time", () => {
  it('reads as shortTime makes it, for any time, long ones and past the 2,000 kept', () => {
    const words = Object.assign((cron: string) => cron, {});
    const expected = (iso: string | undefined) => {
      const time = shortTime(iso);
      return `ad hoc; ${time ? `ran ${time}` : 'never run'}`;
    };
    const times = [
      undefined,
      '',
      '2026-11-20T03:00:12.000000Z',
      'not a time',
      `2026-11-20T03:00${'9'.repeat(60)}`,
      ...Array.from({ length: 2_100 }, (_, i) =>
        new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      ),
    ];
    for (let round = 0; round < 2; round++) {
      for (const iso of times) {
        const run = iso === undefined ? { type: 'AdHoc' } : { type: 'AdHoc', last_run: iso };
        expect(describeRun(run, words)).toBe(expected(iso === '' ? undefined : iso));
      }
    }
  });
});

describe("a result's _meta with nothing to mask, kept as it is", () => {
  const SECRET = 'scp_u_0123456789abcdef';
  /** The walk as it was: every key and string through the redactor, every object rebuilt. */
  const rebuilt = (value: unknown, redactor: Redactor, depth = 0): unknown => {
    if (typeof value === 'string') return redactor.redact(value);
    if (value === null || typeof value !== 'object' || depth > 64) return value;
    if (Array.isArray(value)) return value.map((inner) => rebuilt(inner, redactor, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        redactor.redact(key),
        rebuilt(inner, redactor, depth + 1),
      ]),
    );
  };

  /** Only arrays and objects of Object's own prototype, the shapes the walk gives back alike. */
  const plainThroughout = (value: unknown): boolean =>
    value === null ||
    typeof value !== 'object' ||
    (Array.isArray(value)
      ? value.every(plainThroughout)
      : Object.getPrototypeOf(value) === Object.prototype &&
        Object.values(value).every(plainThroughout));

  it('is the same object when clean, and what the walk gave for any meta, secrets in keys or values', () => {
    const redactor = createRedactor([SECRET]);
    const text = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(SECRET, `0 3 * * * ${SECRET}`, `Europe/${SECRET}`, 'password=hunter22'),
    );
    const meta = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constant(null),
        fc.constant(new Date(0)),
        fc.array(tie('value'), { maxLength: 3 }),
        tie('object'),
      ),
      object: fc.dictionary(text, tie('value'), { maxKeys: 3 }),
    })).object;
    fc.assert(
      fc.property(meta, (given) => {
        const expected = rebuilt(given, redactor);
        const shown = redactedMeta(given as Record<string, unknown>, redactor);
        expect(shown).toStrictEqual(expected);
        const json = JSON.stringify(given);
        if (!json.includes(SECRET) && !json.includes('password') && plainThroughout(given))
          expect(shown).toBe(given);
      }),
      { numRuns: 1_000 },
    );
  });
});
