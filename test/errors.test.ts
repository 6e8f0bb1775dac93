// Every failure row of the contract as an isError result that says what happened and what to do next.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../src/api/errors.js';
import { describeError } from '../src/mcp/tool-error.js';
import { SAMPLE_CREDENTIAL_ID, SAMPLE_ORGANIZATION_ID } from '../src/sample-api/data.js';
import type { Intercept } from '../src/sample-api/server.js';
import { envelopeError, JSON_TYPE, reply } from './fake-api.js';
import { type Harness, textOf, useHarness } from './harness.js';

const DISCOVERY = '/api/v1/discovery';
const UNKNOWN_ID = '99999999-9999-4999-8999-999999999999';

const start = useHarness();

/** Answers requests to one path with a fixed response; everything else goes to the fake API. */
function on(
  path: string,
  status: number,
  body: string,
  headers: Record<string, string> = JSON_TYPE,
): Intercept {
  return (request, res) => (request.path === path ? reply(res, status, body, headers) : false);
}

/**
 * Calls a tool and returns its text, requiring an isError result: without structuredContent,
 * except a failed write's, which says whether it was written.
 */
async function failureOf(h: Harness, tool: string, args: Record<string, unknown> = {}) {
  const result = await h.call(tool, args);
  expect(result.isError).toBe(true);
  if (result.structuredContent === undefined) return textOf(result);
  expect(tool).toBe('update_snmp_credential');
  expect(result.structuredContent).toMatchObject({
    written: expect.stringMatching(/^(no|unknown)$/),
  });
  return textOf(result);
}

const update = (id = SAMPLE_CREDENTIAL_ID) => ({
  id,
  name: 'Office switches',
  organization_id: SAMPLE_ORGANIZATION_ID,
  community: 'rotated-community-2026',
  tags: [],
});

describe('HTTP error statuses', () => {
  it('400: the service validation message and a fix-and-retry step', async () => {
    const h = await start({
      sample: {
        intercept: on(DISCOVERY, 400, envelopeError('limit: must be at most 1000', 'validation')),
      },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 400');
    expect(text).toContain('limit: must be at most 1000');
    expect(text).toContain('validation');
    expect(text).toMatch(/fix what its message names and call again/);
  });

  it('400 in plain text (a malformed query) is shown short, not as an envelope', async () => {
    const h = await start({
      sample: {
        intercept: on(DISCOVERY, 400, 'Failed to deserialize query string', {
          'content-type': 'text/plain',
        }),
      },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 400');
    expect(text).toContain('Failed to deserialize query string');
  });

  it('401: the key was not accepted; set NETWORK_DISCOVERY_API_KEY', async () => {
    const h = await start({ apiKey: 'scp_u_UNKNOWNKEY00000000000000000000' });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 401');
    expect(text).toContain('auth_not_authenticated');
    expect(text).toContain('Not authenticated');
    expect(text).toMatch(/not accepted/);
    expect(text).toContain('NETWORK_DISCOVERY_API_KEY');
  });

  it('402 with an object error and no meta: the plan has no API access', async () => {
    const body = JSON.stringify({
      success: false,
      error: { message: 'Your plan does not include API access', code: 'payment_required' },
    });
    const h = await start({ sample: { intercept: on(DISCOVERY, 402, body) } });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 402');
    expect(text).toContain('Your plan does not include API access');
    expect(text).not.toContain('[object Object]');
    expect(text).toMatch(/plan does not include API access; an owner must enable it/);
  });

  it('403 auth_daemon_required: the key does not look like a user key', async () => {
    const h = await start({ apiKey: 'daemon-key-0123456789abcdef' });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 403');
    expect(text).toContain('auth_daemon_required');
    expect(text).toContain('scp_u_');
    expect(text).toContain('NETWORK_DISCOVERY_API_KEY');
  });

  it('403 auth_permission_denied on a write: it needs an admin or owner', async () => {
    const h = await start({ elicit: 'accept', sample: { role: 'member' } });
    const text = await failureOf(h, 'update_snmp_credential', update());
    expect(text).toContain('HTTP 403');
    expect(text).toContain('auth_permission_denied');
    expect(text).toContain('Permission denied: requires admin');
    expect(text).toMatch(/admin or owner/);
  });

  it('403 entity_access_denied: the record belongs elsewhere', async () => {
    const h = await start({ elicit: 'accept' });
    const text = await failureOf(h, 'update_snmp_credential', {
      ...update(),
      organization_id: '0d9c8b7a-6f5e-4d3c-8b2a-190817263544',
    });
    expect(text).toContain('HTTP 403');
    expect(text).toContain('entity_access_denied');
    expect(text).toMatch(/organization_id/);
  });

  it('404 entity_not_found names the id and says to list first', async () => {
    const h = await start({ elicit: 'accept' });
    const text = await failureOf(h, 'update_snmp_credential', update(UNKNOWN_ID));
    expect(text).toContain('HTTP 404');
    expect(text).toContain('entity_not_found');
    expect(text).toContain(`SnmpCredential with id ${UNKNOWN_ID}`);
    expect(text).toMatch(/List the records to find the right id/);
  });

  it('404 in the envelope from the version endpoint: no such endpoint here, check the path prefix', async () => {
    // Another JSON API behind a wrong path prefix answers in an envelope-like shape.
    const h = await start({
      sample: { intercept: on('/api/version', 404, '{"success":false,"error":"Not Found"}') },
    });
    const text = await failureOf(h, 'get_version');
    expect(text).toContain('GET /api/version failed with HTTP 404 ("Not Found")');
    expect(text).toMatch(/no GET \/api\/version at this address/);
    expect(text).toContain('NETWORK_DISCOVERY_BASE_URL');
    expect(text).toMatch(/path prefix/);
    expect(text).toContain('doctor');
    expect(text).not.toMatch(/No record|List the records/);
  });

  it('404 in the envelope from a list endpoint: no such endpoint here, not a missing record', async () => {
    const h = await start({
      sample: { intercept: on(DISCOVERY, 404, envelopeError('Not Found')) },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toMatch(/no GET \/api\/v1\/discovery at this address/);
    expect(text).not.toMatch(/No record|List the records/);
  });

  it('404 without a code on a path that ends in an id: still a missing record', async () => {
    const h = await start({
      sample: {
        intercept: on(`/api/v1/snmp-credentials/${UNKNOWN_ID}`, 404, envelopeError('Not Found')),
      },
    });
    const text = await failureOf(h, 'list_snmp_credentials', { id: UNKNOWN_ID });
    expect(text).toMatch(/No record exists for this organization. List the records/);
    expect(text).not.toMatch(/at this address/);
  });

  it('409: a conflict, read the current state', async () => {
    const h = await start({
      sample: { intercept: on(DISCOVERY, 409, envelopeError('Name already in use', 'conflict')) },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 409');
    expect(text).toContain('Name already in use');
    expect(text).toContain('code conflict');
    expect(text).toMatch(/conflicts with the current state/);
  });

  it('429: rate limited, wait and retry', async () => {
    const body = JSON.stringify({
      success: false,
      error: 'Rate limit exceeded',
      meta: { api_version: 1 },
    });
    const h = await start({
      sample: { intercept: on(DISCOVERY, 429, body, { ...JSON_TYPE, 'retry-after': '0' }) },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 429');
    expect(text).toContain('Rate limit exceeded');
    expect(text).toMatch(/rate limiting/);
    expect(text).toMatch(/Wait .* and try again/);
  });

  it('500 with a raw database message: the service failed, try later', async () => {
    const h = await start({
      sample: {
        intercept: on(DISCOVERY, 500, 'error returned from database: connection reset', {
          'content-type': 'text/plain',
        }),
      },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 500');
    expect(text).toContain('error returned from database: connection reset');
    expect(text).toMatch(/Try again later/);
  });

  it('500 from a duplicate name on update comes back as an error, not a crash', async () => {
    const h = await start({ elicit: 'accept' });
    const text = await failureOf(h, 'update_snmp_credential', {
      ...update(),
      name: 'Lab printers',
    });
    expect(text).toContain('HTTP 500');
    expect(text).toMatch(/duplicate/);
  });
});

describe('answers that are not the API', () => {
  const PAGE =
    '<!doctype html><html><head><title>Scanopy</title></head><body><div id="app">planted-page-content</div></body></html>';

  it('a 200 HTML page: the server does not offer this endpoint, without the page', async () => {
    const h = await start({
      sample: { intercept: on(DISCOVERY, 200, PAGE, { 'content-type': 'text/html' }) },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toMatch(/does not offer GET \/api\/v1\/discovery/);
    expect(text).toContain('HTTP 200');
    expect(text).not.toContain('planted-page-content');
    expect(text).not.toMatch(/<[a-z!]/i);
  });

  it('a 404 in plain text names the server version once it is known', async () => {
    const h = await start({
      sample: {
        intercept: on('/api/v1/release-notes/unseen', 404, 'Not Found: planted-404-body', {
          'content-type': 'text/plain',
        }),
      },
    });
    expect((await h.call('get_version')).isError).toBeFalsy();
    const text = await failureOf(h, 'get_unseen_release_notes');
    expect(text).toMatch(/does not offer GET \/api\/v1\/release-notes\/unseen/);
    expect(text).toContain('HTTP 404');
    expect(text).toContain('0.14.13');
    expect(text).not.toContain('planted-404-body');
  });

  it('a server without the SNMP route (0.15+) answering with its web page', async () => {
    const h = await start({ elicit: 'accept', sample: { offerSnmpRoutes: false } });
    const text = await failureOf(h, 'update_snmp_credential', update());
    expect(text).toMatch(/does not offer PUT \/api\/v1\/snmp-credentials\//);
    expect(text).toMatch(/0\.14\.x/);
    expect(text).not.toContain('<html');
  });

  it('release notes on a server that has no such route', async () => {
    const h = await start({ sample: { offerReleaseNotes: false } });
    const text = await failureOf(h, 'get_unseen_release_notes');
    expect(text).toMatch(/does not offer GET \/api\/v1\/release-notes\/unseen/);
  });

  it('invalid JSON: the answer is not what the API describes', async () => {
    const h = await start({ sample: { intercept: on(DISCOVERY, 200, '{"success": tru') } });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('HTTP 200');
    expect(text).toMatch(/not valid JSON/);
    expect(text).toContain('NETWORK_DISCOVERY_BASE_URL');
  });

  it('JSON that is not the envelope', async () => {
    const h = await start({ sample: { intercept: on(DISCOVERY, 200, '{"items": []}') } });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toMatch(/not the JSON envelope/);
  });
});

describe('transport failures', () => {
  it('connection refused names the address and what to check', async () => {
    const port = await closedPort();
    const h = await start({ baseUrl: new URL(`http://127.0.0.1:${port}`) });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain(`127.0.0.1:${port}`);
    expect(text).toContain('ECONNREFUSED');
    expect(text).toMatch(/Could not reach the service/);
    expect(text).toContain('NETWORK_DISCOVERY_BASE_URL');
  });

  it('a host name that does not resolve says so and names the fix, not "is it running"', async () => {
    // glibc refuses a label over 63 bytes before asking any name server: a real ENOTFOUND from
    // the system resolver, and not one packet leaves this machine.
    const host = `${'x'.repeat(64)}.invalid`;
    const h = await start({ baseUrl: new URL(`http://${host}:60072`) });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain(`Could not resolve the host name ${host} (ENOTFOUND)`);
    expect(text).toContain('Check the spelling of the host in NETWORK_DISCOVERY_BASE_URL');
    expect(text).toContain("use the service's IP address");
    expect(text).not.toMatch(/running/);
  });

  it('a service that never answers times out with a next step', async () => {
    const h = await start({
      timeoutMs: 300,
      sample: { intercept: (request) => (request.path === DISCOVERY ? hang() : false) },
    });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toMatch(/GET \/api\/v1\/discovery got no answer within 0\.3 s/);
    expect(text).toMatch(/wrong port .* proxy/);
    expect(text).toContain('NETWORK_DISCOVERY_TIMEOUT_MS');
  });

  it('a write that times out says it may or may not have been applied', async () => {
    const h = await start({
      elicit: 'accept',
      timeoutMs: 300,
      sample: { intercept: (request) => (request.method === 'PUT' ? hang() : false) },
    });
    const text = await failureOf(h, 'update_snmp_credential', update());
    expect(text).toMatch(/^Unknown whether written: /);
    expect(text).toMatch(/may or may not have been applied/);
    // The read before it answered, so the address is right: no wrong-port advice for a write.
    expect(text).toContain('The service may be overloaded');
    expect(text).not.toContain('wrong port');
    expect(h.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});

describe('credentials that are not configured', () => {
  it('a tool that needs the key names NETWORK_DISCOVERY_API_KEY and sends nothing', async () => {
    const h = await start({ apiKey: null });
    const text = await failureOf(h, 'list_discoveries');
    expect(text).toContain('NETWORK_DISCOVERY_API_KEY');
    expect(h.api.requests).toHaveLength(0);
  });

  it('release notes without a session or key name both variables', async () => {
    const h = await start({ apiKey: null });
    const text = await failureOf(h, 'get_unseen_release_notes');
    expect(text).toContain('NETWORK_DISCOVERY_SESSION_ID');
    expect(h.api.requests).toHaveLength(0);
  });

  it('get_version works with no key at all and sends no credential', async () => {
    const h = await start({ apiKey: null });
    const result = await h.call('get_version');
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ server_version: '0.14.13' });
    const request = h.api.requests.at(-1);
    expect(request?.headers['authorization']).toBeUndefined();
    expect(request?.headers['cookie']).toBeUndefined();
  });
});

/** A loopback port nothing listens on: bound, noted, released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** An intercept answer that never comes (the fake closes the socket on shutdown). */
function hang(): Promise<boolean> {
  return new Promise<boolean>(() => {});
}

describe('a write that fails in the TLS handshake', () => {
  const put = { method: 'PUT', path: `/api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}` } as const;
  const context = { apiKeyLooksLikeUserKey: true };

  it('is not called maybe applied: the handshake fails before a byte of the request is sent', () => {
    for (const code of ['EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER', 'DEPTH_ZERO_SELF_SIGNED_CERT']) {
      const text = describeError(new NetworkError(put, code, 'https://127.0.0.1:8443'), context);
      expect(text, code).not.toContain('may or may not have been applied');
      expect(text, code).toContain(`PUT /api/v1/snmp-credentials/${SAMPLE_CREDENTIAL_ID}`);
    }
  });

  it('still is when the connection broke after the request went out', () => {
    const text = describeError(
      new NetworkError(put, 'ECONNRESET', 'https://127.0.0.1:8443'),
      context,
    );
    expect(text).toContain('may or may not have been applied');
  });
});
