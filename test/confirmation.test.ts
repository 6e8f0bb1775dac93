// The write flow: elicitation (accept, decline, cancel, unchecked) or a signed single-use token.
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
} from '../src/sample-api/data.js';
import { type Harness, textOf, useHarness } from './harness.js';

// Every 4-character window holds a symbol, so no id, token or wording can contain one by chance.
const COMMUNITY = 'Qz7#Kp2$Wm9!vR4&';

const ARGS = {
  id: SAMPLE_CREDENTIAL_ID,
  name: 'Office switches (rotated)',
  organization_id: SAMPLE_ORGANIZATION_ID,
  community: COMMUNITY,
  tags: [SAMPLE_TAGS.core, SAMPLE_TAGS.printers],
  version: 'V2c',
} as const;

const start = useHarness();

const writes = (h: Harness) => h.api.requests.filter((r) => r.method === 'PUT');

function statusOf(result: { structuredContent?: unknown }): unknown {
  return (result.structuredContent as Record<string, unknown> | undefined)?.['status'];
}

/** The change summary a person sees, checked by facts rather than wording. */
function expectSummary(text: string, args: { tags: readonly string[] } = ARGS) {
  expect(text).toContain(ARGS.id);
  expect(text).toContain(ARGS.name);
  expect(text).toContain(ARGS.organization_id);
  expect(text).toContain('V2c');
  expect(text).toMatch(new RegExp(`tags?\\W+${args.tags.length}\\b|${args.tags.length} tags?`));
  expect(text, 'issue 3: the new community is shown only as "N characters"').toContain(
    `${COMMUNITY.length} characters`,
  );
  expectNoCommunity(text);
}

/** Not the community, nor any run of 4+ of its characters. */
function expectNoCommunity(text: string) {
  expect(text).not.toContain(COMMUNITY);
  for (let i = 0; i + 4 <= COMMUNITY.length; i++) {
    expect(text).not.toContain(COMMUNITY.slice(i, i + 4));
  }
}

describe('with a client that offers elicitation', () => {
  it('asks once with a single required boolean and writes exactly the API fields on accept', async () => {
    const h = await start({ elicit: 'accept' });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(result.isError).toBeFalsy();
    expect(statusOf(result)).toBe('updated');

    expect(h.elicitations).toHaveLength(1);
    const asked = h.elicitations[0];
    if (!asked || !('requestedSchema' in asked)) throw new Error('expected a form elicitation');
    expect(asked.mode ?? 'form').toBe('form');
    const schema = asked.requestedSchema;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(['confirm']);
    expect(schema.properties['confirm']).toMatchObject({ type: 'boolean' });
    expect(schema.required).toEqual(['confirm']);
    expectSummary(asked.message);
    expectNoCommunity(JSON.stringify(asked));

    expect(writes(h)).toHaveLength(1);
    const put = writes(h)[0];
    expect(put?.path).toBe(`/api/v1/snmp-credentials/${ARGS.id}`);
    expect(put?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(put?.body ?? '')).toEqual({
      name: ARGS.name,
      organization_id: ARGS.organization_id,
      community: COMMUNITY,
      tags: ARGS.tags,
      version: 'V2c',
    });
    expectNoCommunity(JSON.stringify(result));
  });

  it('leaves version out of the body when it is not given', async () => {
    const h = await start({ elicit: 'accept' });
    const { version: _omitted, ...args } = ARGS;
    const result = await h.call('update_snmp_credential', args);
    expect(result.isError).toBeFalsy();
    expect(Object.keys(JSON.parse(writes(h)[0]?.body ?? '{}')).sort()).toEqual([
      'community',
      'name',
      'organization_id',
      'tags',
    ]);
  });

  it.each([
    ['decline', 'declined'],
    ['cancel', 'declined'],
    ['accept-false', 'declined'],
  ] as const)('writes nothing when the user answers %s', async (answer, status) => {
    const h = await start({ elicit: answer });
    const result = await h.call('update_snmp_credential', ARGS);
    expect(result.isError).toBeFalsy();
    expect(statusOf(result)).toBe(status);
    expect(textOf(result)).toMatch(/nothing was written/i);
    expect(h.elicitations).toHaveLength(1);
    expect(writes(h)).toHaveLength(0);
    expect(h.api.data.credentials[0]?.name).toBe('Office switches');
  });
});

describe('NETWORK_DISCOVERY_CONFIRM=token, a client without elicitation (token path)', () => {
  it('previews with a token and writes nothing; the same arguments and token then write once', async () => {
    const h = await start({ confirm: 'token' });
    const preview = await h.call('update_snmp_credential', ARGS);
    expect(preview.isError).toBeFalsy();
    expect(statusOf(preview)).toBe('preview');
    const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
    expect(token).toEqual(expect.any(String));
    expectSummary(textOf(preview));
    expect(textOf(preview)).toContain(String(token));
    expect(textOf(preview)).toMatch(/same arguments/);
    expectNoCommunity(JSON.stringify(preview));
    expect(writes(h)).toHaveLength(0);

    const confirmed = await h.call('update_snmp_credential', {
      ...ARGS,
      confirmation_token: token,
    });
    expect(confirmed.isError).toBeFalsy();
    expect(statusOf(confirmed)).toBe('updated');
    expect(writes(h)).toHaveLength(1);
    expect(JSON.parse(writes(h)[0]?.body ?? '')).toEqual({
      name: ARGS.name,
      organization_id: ARGS.organization_id,
      community: COMMUNITY,
      tags: ARGS.tags,
      version: 'V2c',
    });
    expect(h.api.data.credentials[0]?.community).toBe(COMMUNITY);
  });

  async function previewToken(h: Harness, args: Record<string, unknown> = ARGS): Promise<string> {
    const preview = await h.call('update_snmp_credential', args);
    const token = (preview.structuredContent as Record<string, unknown> | undefined)?.[
      'confirmation_token'
    ];
    if (typeof token !== 'string') throw new Error('expected a confirmation_token');
    return token;
  }

  it.each([
    ['name', { name: 'Another name' }],
    ['community', { community: 'a-different-community' }],
    ['tags', { tags: [] }],
    ['version', { version: 'V3' }],
    ['id', { id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e' }],
  ])('refuses a token issued for different arguments (%s changed)', async (_field, change) => {
    const h = await start({ confirm: 'token' });
    const token = await previewToken(h);
    const result = await h.call('update_snmp_credential', {
      ...ARGS,
      ...change,
      confirmation_token: token,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing was written/);
    expect(writes(h)).toHaveLength(0);
  });

  it('refuses a token that was already used', async () => {
    const h = await start({ confirm: 'token' });
    const token = await previewToken(h);
    const first = await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(first.isError).toBeFalsy();
    const again = await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/already used/);
    expect(writes(h)).toHaveLength(1);
  });

  it.each([
    'not-a-token',
    'ct1.zzzz.short',
    'ct1.mwrwpivp.3SPBicToBZpR97dBOnBDbFdcpy7BQUB2_n01Yfxs68Y',
  ])('refuses a token this server did not issue: %s', async (token) => {
    const h = await start({ confirm: 'token' });
    const result = await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing was written/);
    expect(writes(h)).toHaveLength(0);
  });

  it('refuses a token after its five minutes', async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const h = await start({ confirm: 'token', now: () => clock });
    const token = await previewToken(h);
    clock += 5 * 60 * 1000 + 1000;
    const result = await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/expired/);
    expect(writes(h)).toHaveLength(0);
  });

  it('accepts a token just inside its five minutes', async () => {
    let clock = Date.parse('2026-11-22T10:00:00Z');
    const h = await start({ confirm: 'token', now: () => clock });
    const token = await previewToken(h);
    clock += 5 * 60 * 1000 - 1000;
    const result = await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(result.isError).toBeFalsy();
    expect(writes(h)).toHaveLength(1);
  });
});

describe('by default, a client with neither forms nor apps', () => {
  it('is refused with the opt-in named, no token issued and nothing written', async () => {
    const h = await start();
    const result = await h.call('update_snmp_credential', ARGS);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Nothing was written/);
    expect(textOf(result)).toContain('NETWORK_DISCOVERY_CONFIRM=token');
    expect(JSON.stringify(result)).not.toMatch(/ct2\./);
    expect(writes(h)).toHaveLength(0);
  });

  it('refuses a token sent anyway: the token path is off', async () => {
    const issuing = await start({ confirm: 'token' });
    const token = (
      (await issuing.call('update_snmp_credential', ARGS)).structuredContent as Record<
        string,
        unknown
      >
    )['confirmation_token'];
    const h = await start();
    const result = await h.call('update_snmp_credential', { ...ARGS, confirmation_token: token });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('NETWORK_DISCOVERY_CONFIRM=token');
    expect(writes(h)).toHaveLength(0);
  });
});

describe('the redaction placeholder as community', () => {
  it.each([
    ['********', undefined],
    ['*', undefined],
    ['********', 'accept'],
  ] as const)('refuses %j before any request (elicitation: %s)', async (community, elicit) => {
    const h = await start(elicit ? { elicit } : {});
    const result = await h.call('update_snmp_credential', { ...ARGS, community });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/placeholder/);
    expect(result.structuredContent).toBeUndefined();
    expect(h.elicitations).toHaveLength(0);
    expect(h.api.requests).toHaveLength(0);
  });
});
