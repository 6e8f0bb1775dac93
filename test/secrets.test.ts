// Planted secrets (API key, session id, community) never reach a result, elicitation, log line or stderr.
import { describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID, sampleData } from '../src/sample-api/data.js';
import type { Intercept } from '../src/sample-api/server.js';
import { ensureBuilt } from './build-dist.js';
import {
  echo,
  envelopeError,
  JSON_TYPE,
  reply,
  startFakeApi,
  TEST_API_KEY,
  TEST_SESSION_ID,
  TEXT_TYPE,
} from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type Harness, type HarnessOptions, useHarness } from './harness.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

const COMMUNITY = 'planted-Community-7f3a9c';
const SECRETS = [TEST_API_KEY, TEST_SESSION_ID, COMMUNITY];

const UPDATE = updateArgs(COMMUNITY);

/** Errors from every route that repeat the caller's credentials and body. */
const echoingErrors: Intercept = (request, res) => {
  if (request.path === '/api/version') return false;
  if (request.path === '/api/v1/discovery') {
    return reply(
      res,
      400,
      envelopeError(`bad query from ${echo(request)}`, 'validation'),
      JSON_TYPE,
    );
  }
  if (request.path === '/api/v1/release-notes/unseen') {
    return reply(res, 401, `no session for ${echo(request)}`, TEXT_TYPE);
  }
  return reply(
    res,
    400,
    envelopeError(`invalid ${echo(request)}`, 'validation', {
      community: COMMUNITY,
      authorization: request.headers['authorization'],
    }),
    JSON_TYPE,
  );
};

const start = useHarness();
/** The harness of the test's last observe(). */
let harness: Harness | undefined;

type Step = (h: Harness) => Promise<unknown>;

/** Runs steps on a harness with every secret configured; returns everything a person or model sees. */
async function observe(options: HarnessOptions, steps: Step[]): Promise<string[]> {
  harness = await start({ sessionId: TEST_SESSION_ID, ...options });
  const h = harness;
  const seen: string[] = [];
  for (const step of steps) seen.push(JSON.stringify(await step(h)));
  seen.push(JSON.stringify(h.elicitations), ...h.logs);
  // The secrets did travel to the fake API: otherwise this test would prove nothing.
  const sent = h.api.requests.map(
    (r) => `${r.headers['authorization']} ${r.headers['cookie']} ${r.body}`,
  );
  expect(sent.join('\n')).toContain(TEST_API_KEY);
  return seen;
}

function expectNoSecret(seen: readonly string[]) {
  const all = seen.join('\n');
  for (const secret of SECRETS) {
    expect(all).not.toContain(secret);
    expect(all).not.toContain(encodeURIComponent(secret));
  }
}

const callAll = (updateArgs: Record<string, unknown> = UPDATE): Step[] => [
  (h) => h.call('get_version'),
  (h) => h.call('list_discoveries'),
  (h) => h.call('list_discoveries', { limit: 0 }),
  (h) => h.call('get_unseen_release_notes'),
  (h) => h.call('update_snmp_credential', updateArgs),
];

describe('secrets never leave', () => {
  it('on every happy path, with a write confirmed by elicitation', async () => {
    const seen = await observe({ elicit: 'accept' }, callAll());
    expectNoSecret(seen);
    expect(harness?.api.data.credentials[0]?.community).toBe(COMMUNITY);
  });

  it('on the token path: preview, confirmed write, reused and mismatched tokens', async () => {
    let token = '';
    const seen = await observe({ confirm: 'token' }, [
      async (h) => {
        const preview = await h.call('update_snmp_credential', UPDATE);
        token = String(
          (preview.structuredContent as Record<string, unknown>)['confirmation_token'],
        );
        return preview;
      },
      (h) => h.call('update_snmp_credential', { ...UPDATE, confirmation_token: token }),
      (h) => h.call('update_snmp_credential', { ...UPDATE, confirmation_token: token }),
      (h) =>
        h.call('update_snmp_credential', {
          ...UPDATE,
          name: 'Renamed',
          confirmation_token: token,
        }),
    ]);
    expectNoSecret(seen);
  });

  it('when the user declines, or the arguments are invalid', async () => {
    const seen = await observe({ elicit: 'decline' }, [
      (h) => h.call('update_snmp_credential', UPDATE),
      (h) => h.call('update_snmp_credential', { ...UPDATE, id: 'not-a-uuid' }),
      (h) => h.call('update_snmp_credential', { ...UPDATE, name: '' }),
      (h) => h.call('update_snmp_credential', { ...UPDATE, version: COMMUNITY }),
      (h) => h.call('list_discoveries', { network_id: COMMUNITY }),
      (h) => h.call('list_discoveries'),
    ]);
    expectNoSecret(seen);
  });

  it('when every error message echoes the key, the session and the community', async () => {
    const seen = await observe(
      { elicit: 'accept', sample: { intercept: echoingErrors } },
      callAll(),
    );
    expectNoSecret(seen);
    // The write did reach the (echoing) service with the real community.
    expect(harness?.api.requests.some((r) => r.body.includes(COMMUNITY))).toBe(true);
  });

  it('when plain-text 5xx bodies echo the request', async () => {
    const seen = await observe(
      {
        elicit: 'accept',
        sample: {
          intercept: (request, res) =>
            request.path === '/api/version'
              ? false
              : reply(res, 500, `database error: ${echo(request)}`, TEXT_TYPE),
        },
      },
      callAll(),
    );
    expectNoSecret(seen);
  });

  it('when successful answers carry the secrets in their data', async () => {
    const data = sampleData();
    const first = data.discoveries[0] as Record<string, unknown>;
    first['name'] = `Sweep for ${TEST_API_KEY}`;
    // A schedule the view gets in words in `_meta`, keyed by its cron and zone: both redacted too.
    const second = data.discoveries[1] as { run_type: Record<string, unknown> };
    second.run_type['cron_schedule'] = `0 3 * * * ${TEST_API_KEY}`;
    second.run_type['timezone'] = `Europe/${TEST_SESSION_ID}`;
    first['discovery_type'] = {
      type: 'Network',
      snmp_credentials: [{ credential_id: SAMPLE_CREDENTIAL_ID, community: COMMUNITY }],
    };
    const release = data.releases[0];
    if (release) release.html = `<p>session ${TEST_SESSION_ID}</p>`;
    const leakyUpdate: Intercept = (request, res) => {
      if (request.method !== 'PUT') return false;
      return reply(
        res,
        200,
        JSON.stringify({
          success: true,
          data: {
            ...UPDATE,
            name: `renamed with ${COMMUNITY}`,
            version: 'V2c',
            community: COMMUNITY,
          },
          meta: { api_version: 1, server_version: '0.14.13' },
        }),
        JSON_TYPE,
      );
    };
    const seen = await observe(
      { elicit: 'accept', sample: { data, intercept: leakyUpdate } },
      callAll(),
    );
    expectNoSecret(seen);
  });

  it('when the community is the redaction placeholder next to real secrets', async () => {
    const seen = await observe({ elicit: 'accept' }, [
      (h) => h.call('list_discoveries'),
      (h) => h.call('update_snmp_credential', { ...UPDATE, community: '********' }),
    ]);
    expectNoSecret(seen);
  });
});

describe('secrets never reach stderr of the built server', () => {
  it('across reads, a token write and echoed errors over stdio', async () => {
    await ensureBuilt();
    const api = await startFakeApi({
      intercept: (request, res) =>
        request.path === '/api/v1/discovery' ? echoingErrors(request, res) : false,
    });
    let server: StdioServer | undefined;
    const seen: string[] = [];
    try {
      server = await connectStdio({
        baseUrl: api.url,
        env: { NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID, NETWORK_DISCOVERY_CONFIRM: 'token' },
        name: 'secrets-test',
      });
      const { client } = server;
      const call = async (name: string, args: Record<string, unknown> = {}) => {
        const result = await client.callTool({ name, arguments: args });
        seen.push(JSON.stringify(result));
        return result;
      };
      await call('get_version');
      await call('list_discoveries');
      await call('get_unseen_release_notes');
      const preview = await call('update_snmp_credential', UPDATE);
      const token = (preview.structuredContent as Record<string, unknown>)['confirmation_token'];
      await call('update_snmp_credential', { ...UPDATE, confirmation_token: token });
      await call('update_snmp_credential', { ...UPDATE, confirmation_token: token });
    } finally {
      await server?.close();
      await api.close();
    }
    expect(api.data.credentials[0]?.community).toBe(COMMUNITY);
    expectNoSecret([...seen, server.stderr()]);
  });
});

describe('API keys of several shapes (the scp_u_ pattern masks only one of them)', () => {
  const KEYS = [
    'plainHexKey0123456789abcdef0123',
    'k-7f3a9c.with_dots-and-dashes',
    'NoDigitsAtAllJustAVeryLongKeyOfLetters',
    'Bearer-looking key with spaces 42',
  ];

  it.each(KEYS)('never shows the key %s, even when the service echoes it', async (key) => {
    const h = await start({
      apiKey: key,
      sample: {
        apiKey: key,
        intercept: (request, res) =>
          request.path === '/api/v1/discovery' &&
          reply(res, 400, envelopeError(`bad query from ${echo(request)} ${key}`), JSON_TYPE),
      },
    });
    const seen = [
      JSON.stringify(await h.call('list_discoveries')),
      JSON.stringify(await h.call('list_snmp_credentials')),
      ...h.logs,
    ].join('\n');
    expect(h.api.requests.some((r) => r.headers['authorization'] === `Bearer ${key}`)).toBe(true);
    expect(seen).not.toContain(key);
    expect(seen).not.toContain(encodeURIComponent(key));
    expect(seen).toContain('[redacted]');
  });
});
