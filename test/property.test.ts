// Property tests: arbitrary arguments and arbitrary service answers never crash the server.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_NETWORKS,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
} from '../src/sample-api/data.js';
import type { RecordedRequest } from '../src/sample-api/server.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import { seedFastCheck } from './fast-check-seed.js';
import { updateArgs } from './fixtures.js';
import { type Harness, startHarness, textOf } from './harness.js';

const RUNS = 120;

seedFastCheck('test/property.test.ts');

/** Messages that mean the server itself broke, rather than explaining a bad call or answer. */
const BROKEN =
  /Output validation error|Internal error in network-discovery-mcp|Structured content/i;

function expectWellFormed(result: CallToolResult) {
  expect(Array.isArray(result.content)).toBe(true);
  if (result.isError) {
    expect(textOf(result).length).toBeGreaterThan(0);
  } else {
    expect(result.structuredContent).toBeDefined();
  }
  expect(textOf(result)).not.toMatch(BROKEN);
}

/** Values close to what the tools take, so many objects are valid or nearly so. */
const nearValue = fc.oneof(
  fc.constantFrom(
    SAMPLE_CREDENTIAL_ID,
    SAMPLE_ORGANIZATION_ID,
    SAMPLE_NETWORKS.office,
    SAMPLE_TAGS.core,
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '',
    '********',
    'V2c',
    'V3',
    'v2c',
    'ct1.zzzz.short',
  ),
  fc.uuid(),
  fc.integer({ min: -5, max: 2_000 }),
  fc.constantFrom(0, 1, 50, 1000, 1001, 2_147_483_647, 2_147_483_648, -1, 1.5),
  fc.string({ maxLength: 120 }),
  fc.array(fc.constantFrom(SAMPLE_TAGS.core, SAMPLE_TAGS.printers, 'x'), { maxLength: 3 }),
  fc.array(fc.uuid(), { maxLength: 3 }),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

const UPDATE_ARGS = updateArgs('property-Community#9');

/**
 * A valid call per tool that needs arguments ({} for the others), the base from which valid
 * variants and one-field breakages are made: both sides of the property are reached on purpose.
 */
const VALID: Readonly<Record<string, Record<string, unknown>>> = {
  update_snmp_credential: UPDATE_ARGS,
  get_host: { host: 'nas-01' },
  apply_snmp_rotation: { approval: 'ap1.property' },
  cancel_snmp_rotation: { approval: 'ap1.property' },
};

/** Values no argument of any tool takes: a field set to one of them breaks the call. */
const BREAKING: readonly unknown[] = [{ nested: [1] }, -1, 'x'.repeat(5_000), null];

/** The tool's valid base, checked against its own schema so a stale base fails loudly. */
function validBase(name: string, schema: z.ZodType): Record<string, unknown> {
  const base = VALID[name] ?? {};
  if (!schema.safeParse(base).success) {
    throw new Error(`the valid base for ${name} no longer passes its schema: update VALID`);
  }
  return base;
}

/** The base with its first breakable field set to a breaking value, or undefined without fields. */
function brokenBase(
  keys: readonly string[],
  base: Record<string, unknown>,
  schema: z.ZodType,
): Record<string, unknown> | undefined {
  for (const key of keys) {
    for (const value of BREAKING) {
      const args = { ...base, [key]: value };
      if (!schema.safeParse(args).success) return args;
    }
  }
  return undefined;
}

function argumentsFor(name: string, shape: z.ZodRawShape) {
  const keys = Object.keys(shape);
  const schema = z.object(shape);
  const base = validBase(name, schema);
  const broken = brokenBase(keys, base, schema);
  const changed = (count: number) =>
    fc
      .tuple(
        fc.subarray([...keys, 'extra'], { maxLength: Math.min(count, keys.length + 1) }),
        fc.array(fc.option(nearValue, { nil: undefined }), { minLength: count, maxLength: count }),
      )
      .map(([fields, values]) => {
        const args: Record<string, unknown> = { ...base };
        fields.forEach((key, i) => {
          if (values[i] === undefined) delete args[key];
          else args[key] = values[i];
        });
        return args;
      });
  const isValid = (args: Record<string, unknown>) => schema.safeParse(args).success;
  const sides = [
    // Valid on purpose: the base, or the base with one field changed to a value it still takes.
    fc.oneof(fc.constant(base), changed(1).filter(isValid)),
    fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), nearValue, {
      maxKeys: keys.length + 2,
    }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    // Near misses and valid variants: up to two fields replaced or dropped.
    changed(2),
  ];
  if (broken) {
    // Invalid on purpose: the valid base with one field broken at a time.
    sides.push(
      fc
        .tuple(fc.constantFrom(...keys), fc.constantFrom(...BREAKING))
        .map(([key, value]) => ({ ...base, [key]: value }))
        .filter((args) => !isValid(args)),
    );
  }
  // The examples run first in every run, whatever the seed: both sides are always reached.
  const examples: [Record<string, unknown>][] = broken ? [[base], [broken]] : [[base]];
  return { arbitrary: fc.oneof(...sides), examples };
}

describe('arbitrary argument objects, for every tool', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ retry: { maxAttempts: 1, transientAttempts: 1 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s: never a crash; invalid arguments never reach the service',
    async (_name, tool) => {
      const schema = z.object(tool.inputSchema);
      const seen = new Set<string>();
      const { arbitrary, examples } = argumentsFor(tool.name, tool.inputSchema);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (args) => {
          const before = h.api.requests.length;
          const result = (await h.client.callTool({
            name: tool.name,
            arguments: args,
          })) as CallToolResult;
          expectWellFormed(result);
          if (!schema.safeParse(args).success) {
            expect(result.isError).toBe(true);
            expect(h.api.requests.length).toBe(before);
          }
          // Without a person's confirmation nothing is ever written.
          expect(h.api.requests.some((r) => r.method === 'PUT')).toBe(false);
          seen.add(schema.safeParse(args).success ? 'valid' : 'invalid');
        }),
        { numRuns: RUNS, examples },
      );
      // The generator must reach both sides of the property, or it proves nothing (a tool without
      // arguments accepts every object).
      const sides = Object.keys(tool.inputSchema).length > 0 ? ['invalid', 'valid'] : ['valid'];
      expect([...seen].sort()).toEqual(sides);
    },
  );
});

const status = fc.oneof(
  fc.constantFrom(200, 201, 204, 301, 302, 400, 401, 402, 403, 404, 409, 415, 422, 429, 500, 502),
  fc.integer({ min: 200, max: 599 }),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/html',
  'text/plain',
  undefined,
);

const envelope = fc.record(
  {
    success: fc.boolean(),
    data: fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.array(
        fc.dictionary(
          fc.constantFrom(
            'id',
            'name',
            'network_id',
            'daemon_id',
            'discovery_type',
            'run_type',
            'tags',
            'organization_id',
            'version',
            'releases',
            'community',
          ),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        { maxLength: 4 },
      ),
      fc.record(
        {
          api_version: fc.oneof(fc.integer(), fc.string()),
          server_version: fc.oneof(fc.string(), fc.integer()),
          releases: fc.array(
            fc.dictionary(
              fc.constantFrom('version', 'title', 'date', 'html', 'url'),
              fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    error: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 })),
    code: fc.oneof(fc.string(), fc.integer()),
    params: fc.jsonValue({ maxDepth: 2 }),
    meta: fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record(
        {
          api_version: fc.integer(),
          server_version: fc.string(),
          pagination: fc.record({
            total_count: fc.integer({ min: -2, max: 1_000 }),
            limit: fc.integer({ min: -2, max: 1_000 }),
            offset: fc.integer({ min: -2, max: 1_000 }),
            has_more: fc.boolean(),
          }),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['success'] },
);

const body = fc.oneof(
  envelope.map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', '<!doctype html><div id="app"></div>', '{"success":tru', 'null', '[]'),
);

/** Any text, control, bidi and astral characters included. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const odd = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, odd);

const tagged = (types: readonly string[]) =>
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...types), anyText),
      cron_schedule: anyText,
      enabled: maybe(fc.boolean()),
      last_run: fc.oneof(anyText, fc.constant(null)),
      timezone: anyText,
      host_id: anyText,
      results: odd,
      snmp_credentials: fc.array(fc.record({ community: anyText }), { maxLength: 2 }),
    },
    { requiredKeys: ['type'] },
  );

const discovery = fc.record(
  {
    id: anyText,
    name: anyText,
    network_id: anyText,
    daemon_id: anyText,
    discovery_type: maybe(tagged(['Network', 'SelfReport', 'Docker', 'Unified'])),
    run_type: maybe(tagged(['Scheduled', 'AdHoc', 'Historical'])),
    tags: maybe(fc.array(anyText, { maxLength: 3 })),
    created_at: maybe(anyText),
    updated_at: maybe(anyText),
    extra: odd,
  },
  { requiredKeys: ['id', 'name', 'network_id', 'daemon_id', 'discovery_type', 'run_type'] },
);

const credential = fc.record(
  {
    // Often the id asked for: an update answered with another record's id is refused (issue 19).
    id: fc.oneof(fc.constant(UPDATE_ARGS.id), anyText),
    name: anyText,
    organization_id: anyText,
    community: anyText,
    version: maybe(anyText),
    tags: maybe(fc.array(anyText, { maxLength: 3 })),
    created_at: maybe(anyText),
    updated_at: maybe(anyText),
  },
  { requiredKeys: ['id', 'name', 'organization_id'] },
);

const htmlPiece = fc.oneof(
  anyText,
  fc.constantFrom(
    '<p>',
    '</p>',
    '<a href="javascript:alert(1)">',
    '<a href="https://ok.example/x">',
    '</a>',
    '<script>alert(1)</script>',
    '<pre>```',
    '</pre>',
    '<img alt="](x)">',
    '&lt;',
    '&#x202e;',
  ),
);

const releaseNotes = fc.record(
  {
    releases: fc.array(
      fc.record({
        version: anyText,
        title: maybe(anyText),
        date: maybe(anyText),
        html: maybe(fc.array(htmlPiece, { maxLength: 12 }).map((parts) => parts.join(''))),
        url: maybe(anyText),
      }),
      { maxLength: 3 },
    ),
    changelog_url: anyText,
  },
  { requiredKeys: ['releases'] },
);

const versionData = fc.record({
  api_version: fc.oneof(fc.constant(1), fc.integer(), anyText),
  server_version: fc.oneof(fc.constant('0.14.13'), anyText),
});

const pagination = fc.record({
  total_count: fc.integer({ min: -1, max: 500 }),
  limit: fc.integer({ min: -1, max: 1_000 }),
  offset: fc.integer({ min: -1, max: 500 }),
  has_more: maybe(fc.boolean()),
});

/** A 200 success envelope whose data has roughly the right shape, odd in every detail. */
const plausible = (data: fc.Arbitrary<unknown>) =>
  fc
    .record({
      data,
      meta: fc.record(
        { api_version: maybe(fc.constant(1)), server_version: anyText, pagination },
        { requiredKeys: [] },
      ),
    })
    .map(({ data, meta }) => ({
      status: 200,
      contentType: 'application/json' as string | undefined,
      body: JSON.stringify({ success: true, data, meta }),
      retryAfter: undefined as string | undefined,
    }));

const answer = fc.record({
  status,
  contentType,
  body,
  retryAfter: fc.option(fc.constantFrom('0', '1', 'soon', '-3'), { nil: undefined }),
});

type Answer = {
  status: number;
  contentType: string | undefined;
  body: string;
  retryAfter: string | undefined;
};

/** "Let the sample service answer as itself": a usable answer reached on purpose, not by luck. */
const AS_ITSELF = 'as-itself' as const;

/** A failing answer reached on purpose in every run. */
const FAILING: Answer = {
  status: 500,
  contentType: 'application/json',
  body: '{"success":false,"error":"boom"}',
  retryAfter: undefined,
};

const CALLS: readonly (readonly [
  string,
  string,
  Record<string, unknown>,
  fc.Arbitrary<unknown>,
])[] = [
  ['get_version', 'get_version', {}, versionData],
  ['list_discoveries', 'list_discoveries', {}, fc.array(discovery, { maxLength: 4 })],
  ['list_snmp_credentials', 'list_snmp_credentials', {}, fc.array(credential, { maxLength: 4 })],
  [
    'list_snmp_credentials by id',
    'list_snmp_credentials',
    { id: SAMPLE_CREDENTIAL_ID },
    credential,
  ],
  ['get_unseen_release_notes', 'get_unseen_release_notes', {}, releaseNotes],
  ['update_snmp_credential (read and write)', 'update_snmp_credential', UPDATE_ARGS, credential],
];

describe('arbitrary service bodies and statuses', () => {
  let h: Harness;
  let next: Answer | typeof AS_ITSELF | undefined;
  beforeAll(async () => {
    // Elicitation accepts, so the update reaches the PUT and its answer is arbitrary too.
    h = await startHarness({
      elicit: 'accept',
      retry: { maxAttempts: 1, transientAttempts: 1 },
      sample: {
        intercept: (_req: RecordedRequest, res) => {
          if (!next || next === AS_ITSELF) return false;
          const headers: Record<string, string> = {};
          if (next.contentType) headers['content-type'] = next.contentType;
          if (next.retryAfter !== undefined) headers['retry-after'] = next.retryAfter;
          if (next.status >= 300 && next.status < 400)
            headers['location'] = 'https://elsewhere.example/';
          res.writeHead(next.status, headers);
          res.end(next.status === 204 || next.status === 304 ? undefined : next.body);
          return true;
        },
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(CALLS)(
    '%s: never a crash, always a valid result or an isError result',
    async (_label, name, args, data) => {
      const outcomes = new Set<string>();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(answer, plausible(data), fc.constant(AS_ITSELF)),
          async (generated) => {
            next = generated;
            const result = (await h.client.callTool({ name, arguments: args })) as CallToolResult;
            next = undefined;
            expectWellFormed(result);
            expect(JSON.stringify(result)).not.toContain('property-Community#9');
            outcomes.add(result.isError ? 'error' : 'result');
          },
        ),
        // Both outcomes come first in every run, whatever the seed.
        { numRuns: RUNS, examples: [[AS_ITSELF], [FAILING]] },
      );
      // The generators must reach both a usable answer and a failing one, or this proves little.
      expect([...outcomes].sort()).toEqual(['error', 'result']);
      // And the server still answers normally afterwards.
      const healthy = await h.call('get_version');
      expect(healthy.isError).toBeFalsy();
    },
  );
});
