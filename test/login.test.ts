// Session login for release notes: once, reused, renewed once on a 401, never retried in a loop.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { LoginError } from '../src/api/errors.js';
import { createSessionStore } from '../src/api/session.js';
import { envelopeError, reply, TEST_SESSION_ID } from './fake-api.js';
import { type Harness, type HarnessOptions, textOf, useHarness } from './harness.js';

const EMAIL = 'ops@example.com';
const PASSWORD = 'Pl4nted-Passw0rd-7c1e';
const LOGIN_SESSION = 'sess-LOGIN-0a1b2c3d4e5f60718293';
const NOTES = '/api/v1/release-notes/unseen';
const LOGIN = '/api/auth/login';

const open = useHarness();

function start(password = PASSWORD, extra: HarnessOptions = {}): Promise<Harness> {
  return open({
    login: { email: EMAIL, password },
    sample: {
      login: { email: EMAIL, password: PASSWORD, sessionId: LOGIN_SESSION },
      sessions: [LOGIN_SESSION],
    },
    ...extra,
  });
}

const notes = (h: Harness) => h.call('get_unseen_release_notes');
const posts = (h: Harness) => h.api.requests.filter((r) => r.path === LOGIN);
const noteRequests = (h: Harness) => h.api.requests.filter((r) => r.path === NOTES);

/** Answers the release-notes route with 401 (`times` times, or always). */
function unauthorizedNotes(h: Harness, times = Number.POSITIVE_INFINITY): void {
  let left = times;
  h.api.setIntercept((request, res) => {
    if (request.path !== NOTES || left <= 0) return false;
    left--;
    return reply(res, 401, envelopeError('Not authenticated', 'auth_not_authenticated'), {
      'content-type': 'application/json',
    });
  });
}

/** Every string a result carries, for secret checks. */
const everything = (result: CallToolResult) => JSON.stringify(result);

describe('session login for release notes', () => {
  it('logs in once with email and password and reuses the session cookie', async () => {
    const harness = await start();
    const first = await notes(harness);
    const second = await notes(harness);
    expect(first.isError).toBeFalsy();
    expect(second.isError).toBeFalsy();
    expect(posts(harness)).toHaveLength(1);
    const [login] = posts(harness);
    expect(login?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(login?.body ?? '{}')).toEqual({ email: EMAIL, password: PASSWORD });
    for (const request of noteRequests(harness)) {
      expect(request.headers['cookie']).toBe(`session_id=${LOGIN_SESSION}`);
      // The session is preferred: with a bearer header the service would ignore the cookie.
      expect(request.headers['authorization']).toBeUndefined();
    }
  });

  it('shares one login between calls made at the same time', async () => {
    const harness = await start();
    const results = await Promise.all(Array.from({ length: 8 }, () => notes(harness)));
    expect(results.every((result) => !result.isError)).toBe(true);
    expect(posts(harness)).toHaveLength(1);
  });

  it('logs in again once when the session it holds gets a 401', async () => {
    const harness = await start();
    expect((await notes(harness)).isError).toBeFalsy();
    unauthorizedNotes(harness, 1);
    const result = await notes(harness);
    expect(result.isError).toBeFalsy();
    expect(posts(harness)).toHaveLength(2);
    expect(noteRequests(harness)).toHaveLength(3);
  });

  it('renews a configured session that has expired', async () => {
    const harness = await start(PASSWORD, { sessionId: 'sess-EXPIRED-11223344556677' });
    const result = await notes(harness);
    expect(result.isError).toBeFalsy();
    expect(posts(harness)).toHaveLength(1);
    expect(noteRequests(harness).map((r) => r.headers['cookie'])).toEqual([
      'session_id=sess-EXPIRED-11223344556677',
      `session_id=${LOGIN_SESSION}`,
    ]);
  });

  it('does not log in twice in one call when the fresh session is refused too', async () => {
    const harness = await start();
    expect((await notes(harness)).isError).toBeFalsy();
    unauthorizedNotes(harness);
    const result = await notes(harness);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('HTTP 401');
    expect(posts(harness)).toHaveLength(2);
  });

  it('reports a failed login as a login failure and does not try again', async () => {
    const harness = await start('wrong-password-1234');
    const first = await notes(harness);
    expect(first.isError).toBe(true);
    expect(textOf(first)).toContain('Logging in to the service failed (HTTP 500');
    expect(textOf(first)).toContain('Invalid email or password');
    expect(textOf(first)).toContain('NETWORK_DISCOVERY_PASSWORD');
    const second = await notes(harness);
    expect(second.isError).toBe(true);
    expect(textOf(second)).toContain('Logging in to the service failed');
    expect(posts(harness)).toHaveLength(1);
    // A refused login is not answered by falling back to the key behind the user's back.
    expect(noteRequests(harness)).toHaveLength(0);
  });

  it('never shows the password in a result or a log line', async () => {
    let harness = await start();
    const seen = [await notes(harness)];
    unauthorizedNotes(harness);
    seen.push(await notes(harness));
    await harness.close();
    harness = await start('wrong-Pl4nted-Passw0rd');
    seen.push(await notes(harness));
    for (const result of seen) {
      expect(everything(result)).not.toContain(PASSWORD);
      expect(everything(result)).not.toContain('wrong-Pl4nted-Passw0rd');
      expect(everything(result)).not.toContain(LOGIN_SESSION);
    }
    expect(harness.logs.join('\n')).not.toContain('Pl4nted-Passw0rd');
  });

  it('keeps using a configured session when no email and password are set', async () => {
    const harness = await open({ sessionId: TEST_SESSION_ID });
    expect((await notes(harness)).isError).toBeFalsy();
    expect(posts(harness)).toHaveLength(0);
    expect(noteRequests(harness)[0]?.headers['cookie']).toBe(`session_id=${TEST_SESSION_ID}`);
  });
});

describe('the session store', () => {
  const endpoint = { method: 'GET', path: NOTES };

  it('tries one new login after the cooldown, and none before it', async () => {
    let clock = 0;
    let attempts = 0;
    const store = createSessionStore({ canLogin: true, cooldownMs: 60_000, now: () => clock });
    const refuse = async (): Promise<string> => {
      attempts++;
      throw new LoginError({ method: 'POST', path: LOGIN }, 500, 'Invalid email or password');
    };
    await expect(store.current(refuse, { spent: false }, endpoint)).rejects.toThrow(LoginError);
    clock = 59_999;
    await expect(store.current(refuse, { spent: false }, endpoint)).rejects.toThrow(LoginError);
    expect(attempts).toBe(1);
    clock = 60_000;
    await expect(
      store.current(async () => 'sess-new-session-id', { spent: false }, endpoint),
    ).resolves.toBe('sess-new-session-id');
  });
});
