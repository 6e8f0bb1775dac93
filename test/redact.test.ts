// The redactor: known secrets in every encoding, credential syntax, and ordinary text left alone.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';
import { describeError } from '../src/mcp/tool-error.js';
import { createRedactor } from '../src/safety/redact.js';
import { envelopeError, JSON_TYPE, reply, TEST_API_KEY, TEXT_TYPE } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { textOf, useHarness } from './harness.js';

const KEY = 'scp_u_abcdefghijklmnopqrstuvwxyz012345';
const SESSION = 'sess-4f1b9c2d7e6a5b3c';
const COMMUNITY = 'c0mmunity with spaces & "quotes"';

describe('a redactor for one HTTP caller (withSecret)', () => {
  it("masks the caller's own secret without the shared redactor learning it", () => {
    const shared = createRedactor(['configured-secret-value']);
    const caller = shared.withSecret('callers-own-token-0123');
    expect(caller.redact('a callers-own-token-0123 b configured-secret-value')).toBe(
      'a [redacted] b [redacted]',
    );
    // Another caller's key never accumulates in the process-wide list.
    expect(shared.redact('callers-own-token-0123')).toBe('callers-own-token-0123');
  });

  it('keeps what it sees (a community) to itself: other callers are not masked by it', () => {
    const shared = createRedactor();
    const caller = shared.withSecret('callers-own-token-4567');
    caller.add('community-seen-by-one-caller');
    expect(caller.redact('community-seen-by-one-caller')).toBe('[redacted]');
    expect(shared.redact('community-seen-by-one-caller')).toBe('community-seen-by-one-caller');
    expect(shared.withSecret('other-callers-token-89').redact('community-seen-by-one-caller')).toBe(
      'community-seen-by-one-caller',
    );
  });
});

describe('values redacted field by field (redactValue)', () => {
  const result = {
    discoveries: [
      { id: 'a', name: 'Office LAN sweep', tags: ['core'] },
      { id: 'b', name: `echo ${COMMUNITY}`, run_type: { error: `key ${KEY}` } },
    ],
    total: 2,
  };

  it('returns a result with nothing to mask as it is, not a copy', () => {
    const redactor = createRedactor([KEY, COMMUNITY]);
    const clean = { discoveries: [result.discoveries[0]], total: 1 };
    expect(redactor.redactValue(clean)).toBe(clean);
  });

  it('masks each secret inside its own string and leaves the structure and other values', () => {
    const redacted = createRedactor([KEY, COMMUNITY]).redactValue(result);
    expect(redacted).not.toBe(result);
    expect(redacted.discoveries[0]).toBe(result.discoveries[0]);
    expect(redacted.discoveries[1]?.name).toBe('echo [redacted]');
    expect(redacted.discoveries[1]?.run_type?.error).toBe('key [redacted]');
    expect(redacted.total).toBe(2);
    expect(JSON.stringify(redacted)).not.toContain(KEY);
  });

  it('never masks across two values: a secret split between fields stays as the fields are', () => {
    const split = { a: KEY.slice(0, 10), b: KEY.slice(10) };
    expect(createRedactor([KEY]).redactValue(split)).toEqual(split);
  });
});

describe('known secrets', () => {
  const redactor = createRedactor([KEY, SESSION, COMMUNITY]);

  it.each([
    ['plain', `key ${KEY} here`],
    ['URL-encoded', `q=${encodeURIComponent(COMMUNITY)}`],
    ['form-encoded', `community=${encodeURIComponent(COMMUNITY).replace(/%20/g, '+')}`],
    ['JSON-escaped', JSON.stringify({ echoed: COMMUNITY })],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify({ echoed: COMMUNITY }))],
    ['inside a longer word', `prefix${KEY}suffix`],
  ])('masks a secret written %s', (_form, text) => {
    const out = redactor.redact(text);
    expect(out).toContain('[redacted]');
    expect(out).not.toContain(KEY);
    expect(out).not.toContain('c0mmunity');
    expect(out).not.toContain(SESSION);
  });

  it('keeps JSON valid when masking inside it', () => {
    const json = JSON.stringify({ a: `x ${COMMUNITY} y`, b: [SESSION] });
    expect(() => JSON.parse(redactor.redact(json))).not.toThrow();
  });

  it('masks a short secret only as a whole word', () => {
    const r = createRedactor(['pub123']);
    expect(r.redact('community pub123 in use')).toBe('community [redacted] in use');
    expect(r.redact('pub1234 and xpub123 stay')).toBe('pub1234 and xpub123 stay');
  });

  it('never searches free text for a value shorter than 6 characters (issue 19, attack 12)', () => {
    const r = createRedactor(['Head1']);
    r.addEchoed('Head');
    expect(r.redact('Head office and Head1 rack')).toBe('Head office and Head1 rack');
  });

  it('masks an echoed secret by place: in errors, not in names the service gave other records', () => {
    const r = createRedactor(['scp_d_daemonKEY0123456789']);
    r.addEchoed('Head office');
    const names = ['[service data] Head office sweep', 'Head office sweep'];
    expect(r.redactSparing('- "Head office sweep" · failed: Head office refused', names)).toBe(
      '- "Head office sweep" · failed: [redacted] refused',
    );
    expect(r.redact('bad community Head office')).toBe('bad community [redacted]');
    const view = {
      name: 'Head office sweep',
      error: 'Head office refused',
      names: { a: 'Head office' },
    };
    expect(r.redactValueSparing(view, new Set(['name', 'names']))).toEqual({
      name: 'Head office sweep',
      error: '[redacted] refused',
      names: { a: 'Head office' },
    });
    // Secrets added everywhere are masked inside names too.
    expect(
      r.redactSparing('x scp_d_daemonKEY0123456789 y', ['x scp_d_daemonKEY0123456789 y']),
    ).toBe('x [redacted] y');
  });

  it('ignores empty, very short and placeholder values', () => {
    const r = createRedactor(['', '   ', 'ab', '********']);
    const text = 'a tab ******** ab';
    expect(r.redact(text)).toBe(text);
  });

  it('masks a secret added later, and the longest secret whole', () => {
    const r = createRedactor();
    expect(r.redact('new-community-2026')).toBe('new-community-2026');
    r.add('community-2026');
    r.add('new-community-2026');
    expect(r.redact('was new-community-2026.')).toBe('was [redacted].');
  });
});

describe('credentials recognised by their syntax', () => {
  const redactor = createRedactor();

  it.each([
    ['Authorization: Bearer scp_u_0123456789abcdefABCDEF', 'Authorization: Bearer [redacted]'],
    ['authorization: Basic dXNlcjpwYXNzd29yZA==', 'authorization: Basic [redacted]'],
    ['{"authorization":"Bearer abc.def.ghi123"}', '{"authorization":"Bearer [redacted]"}'],
    ['Cookie: session_id=abc123; theme=dark', 'Cookie: [redacted]'],
    ['set-cookie: session_id=s3cr3t; HttpOnly', 'set-cookie: [redacted]'],
    ['sent session_id=zzz-111 along', 'sent session_id=[redacted] along'],
    ['{"email":"a@b.c","password":"hunter2!"}', '{"email":"a@b.c","password":"[redacted]"}'],
    ['{"community":"office-secret"}', '{"community":"[redacted]"}'],
    ['login?password=hunter2&x=1', 'login?password=[redacted]&x=1'],
    ['token: bearer eyJhbGciOiJIUzI1NiJ9x1', 'token: bearer [redacted]'],
    ['key scp_u_ZZZZZZZZZZZZZZZZZZZZ of another user', 'key [redacted] of another user'],
    ['daemon scp_d_YYYYYYYYYYYY here', 'daemon [redacted] here'],
  ])('masks %j', (input, expected) => {
    expect(redactor.redact(input)).toBe(expected);
  });

  it('keeps the redaction placeholder the service shows', () => {
    expect(redactor.redact('{"community":"********"}')).toBe('{"community":"********"}');
  });
});

describe('ordinary text is never mangled', () => {
  const redactor = createRedactor([KEY, SESSION, 'office-community']);

  it.each([
    'The key is sent as a bearer token in the Authorization header.',
    'Bearer authentication failed; check the key.',
    'Set NETWORK_DISCOVERY_SESSION_ID (the session_id cookie of a logged-in browser).',
    'Check NETWORK_DISCOVERY_EMAIL and NETWORK_DISCOVERY_PASSWORD; the password is wrong.',
    'The cookie expired: log in again.',
    '- community: changes (not shown)',
    'Update SNMP credential a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d: tags 1 -> 0',
    'Invalid email or password',
  ])('%j', (text) => {
    expect(redactor.redact(text)).toBe(text);
  });

  it('leaves every error message this server writes intact', () => {
    const context = { apiKeyLooksLikeUserKey: true };
    for (const message of [
      describeError(new Error('boom'), context),
      'Wait a few seconds and try again.',
    ]) {
      expect(redactor.redact(message)).toBe(message);
    }
  });
});

describe('everywhere the server writes', () => {
  const start = useHarness();

  it('logs pass the redactor', () => {
    const lines: string[] = [];
    const log = createLogger(createRedactor([KEY]), (line) => lines.push(line));
    log.error(`request failed with Authorization: Bearer ${KEY}`);
    log.json({ header: `Bearer ${KEY}` });
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('masks a community from the moment it is seen in the arguments, before any write', async () => {
    const community = 'fresh-community-Q7';
    const h = await start({ confirm: 'token' });
    // No elicitation, the token path: the first call only previews, nothing is sent to the update endpoint.
    const preview = await h.call('update_snmp_credential', updateArgs(community));
    expect(preview.structuredContent).toMatchObject({ status: 'preview' });
    expect(h.api.requests.some((r) => r.method === 'PUT')).toBe(false);
    // A later failure in which the service echoes that value is still masked.
    h.api.setIntercept((_req, res) =>
      reply(res, 500, `duplicate community ${community} in audit table`, TEXT_TYPE),
    );
    const result = await h.call('list_discoveries', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('duplicate community [redacted] in audit table');
    expect(JSON.stringify([preview, result])).not.toContain(community);
    expect(h.logs.join('\n')).not.toContain(community);
  });

  it('masks the API key the service echoes in an error', async () => {
    const h = await start();
    h.api.setIntercept((req, res) =>
      reply(res, 401, envelopeError(`unknown key ${req.headers['authorization']}`), JSON_TYPE),
    );
    const result = await h.call('list_discoveries', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('[redacted]');
    expect(JSON.stringify(result)).not.toContain(TEST_API_KEY);
  });
});
