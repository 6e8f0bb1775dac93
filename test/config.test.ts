// Configuration: parseConfig over env, and the built entry's --help, --version and refusal of bad config.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configSecrets, parseConfig } from '../src/config.js';
import { ensureBuilt, ROOT } from './build-dist.js';
import { TEST_API_KEY, TEST_SESSION_ID } from './fake-api.js';
import { initializeRequest } from './raw-stdio.js';

const BASE = { NETWORK_DISCOVERY_BASE_URL: 'https://scanopy.example.com' };

function problemsOf(env: Record<string, string | undefined>): readonly string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected the configuration to be refused');
  return result.problems;
}

/** The accepted configuration and its notes. */
function acceptedOf(env: Record<string, string | undefined>) {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(`expected a valid configuration: ${result.problems.join('; ')}`);
  return result;
}

function configOf(env: Record<string, string | undefined>) {
  return acceptedOf(env).config;
}

// Issue 42 item 8. Failed on main: a mistyped variable was ignored without a word (the command
// line's typos were refused), and the README's placeholder key passed for a key.
describe('variables named like a setting that is not one', () => {
  it('refuses a start whose base URL is mistyped, naming the setting meant', () => {
    const problems = problemsOf({
      NETWORK_DISCOVERY_BASEURL: 'https://scanopy.example.com',
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^NETWORK_DISCOVERY_BASE_URL is required/),
      'NETWORK_DISCOVERY_BASEURL is not a setting of this server (did you mean NETWORK_DISCOVERY_BASE_URL?): ignored',
    ]);
  });

  it('notes every unknown one, nearest setting included, and never its value', () => {
    const secret = 'scp_u_TYPOtypoTYPO0123456789';
    const { notes } = acceptedOf({
      ...BASE,
      NETWORK_DISCOVERY_API_KYE: secret,
      network_discovery_read_only: 'true',
      NETWORK_DISCOVERY_COLOUR: 'blue',
      NETWORK_DISCOVERY_CLIENT: 'mcpb',
      OTHER_VARIABLE: 'x',
    });
    expect(notes).toEqual([
      'NETWORK_DISCOVERY_API_KYE is not a setting of this server (did you mean NETWORK_DISCOVERY_API_KEY?): ignored',
      'NETWORK_DISCOVERY_COLOUR is not a setting of this server: ignored',
      'network_discovery_read_only is not a setting of this server (did you mean NETWORK_DISCOVERY_READ_ONLY?): ignored',
    ]);
    expect(notes.join(' ')).not.toContain('TYPO');
  });

  it("calls the README's scp_u_... a placeholder, and keeps no placeholder as a secret", () => {
    for (const key of ['scp_u_...', 'scp_u_…', 'scp_u_<your key>', 'scp_u_xxxx']) {
      const result = acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: key });
      expect(result.notes.join(' '), key).toContain(
        "NETWORK_DISCOVERY_API_KEY is the README's placeholder scp_u_..., not a key",
      );
      expect(configSecrets(result.config)).toEqual([]);
    }
    expect(acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: TEST_API_KEY }).notes).toEqual([]);
  });
});

describe('parseConfig', () => {
  it('requires the base URL and names the variable', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^NETWORK_DISCOVERY_BASE_URL /);
    expect(problemsOf({ NETWORK_DISCOVERY_BASE_URL: '   ' })[0]).toMatch(
      /NETWORK_DISCOVERY_BASE_URL is required/,
    );
  });

  it('accepts a base URL alone, with the documented defaults', () => {
    const config = configOf(BASE);
    expect(config.baseUrl).toEqual(new URL('https://scanopy.example.com'));
    expect(config.apiKey).toBeUndefined();
    expect(config.sessionId).toBeUndefined();
    expect(config.readOnly).toBe(false);
    expect(config.timeoutMs).toBe(30_000);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('keeps the key, session and timeout it is given', () => {
    const config = configOf({
      ...BASE,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID,
      NETWORK_DISCOVERY_TIMEOUT_MS: '5000',
    });
    expect(config.apiKey).toBe(TEST_API_KEY);
    expect(config.sessionId).toBe(TEST_SESSION_ID);
    expect(config.timeoutMs).toBe(5000);
  });

  it('withdraws an unanswered form after 25 s, or as NETWORK_DISCOVERY_FORM_TIMEOUT_MS says', () => {
    expect(configOf(BASE).formTimeoutMs).toBe(25_000);
    expect(configOf({ ...BASE, NETWORK_DISCOVERY_FORM_TIMEOUT_MS: '300' }).formTimeoutMs).toBe(300);
    for (const value of ['50', '600001', 'soon']) {
      expect(problemsOf({ ...BASE, NETWORK_DISCOVERY_FORM_TIMEOUT_MS: value })).toEqual([
        expect.stringMatching(/^NETWORK_DISCOVERY_FORM_TIMEOUT_MS must be a whole number/),
      ]);
    }
  });

  it('treats empty secrets as not configured', () => {
    const config = configOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: '  ' });
    expect(config.apiKey).toBeUndefined();
  });

  it.each([
    ['double quotes', `"${TEST_API_KEY}"`, 'the surrounding quotes'],
    ['single quotes', `'${TEST_API_KEY}'`, 'the surrounding quotes'],
    [
      'a whole header line',
      `Authorization: Bearer ${TEST_API_KEY}`,
      'the "Authorization" header name and the "Bearer " prefix',
    ],
    [
      'a header line in other case and spacing',
      `  authorization:Bearer    ${TEST_API_KEY} `,
      'the "Authorization" header name and the "Bearer " prefix',
    ],
    [
      'a quoted header line',
      `'AUTHORIZATION :  bearer ${TEST_API_KEY}'`,
      'the surrounding quotes, the "Authorization" header name and the "Bearer " prefix',
    ],
    [
      'quotes inside the prefix',
      `Bearer "${TEST_API_KEY}"`,
      'the surrounding quotes and the "Bearer " prefix',
    ],
  ])('unwraps a key pasted with %s, in one note that never shows it', (_how, pasted, removed) => {
    const result = acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: pasted });
    expect(result.config.apiKey).toBe(TEST_API_KEY);
    expect(result.notes).toEqual([
      `NETWORK_DISCOVERY_API_KEY: removed ${removed}; set it to the key alone (scp_u_...; the server sends the header itself) to silence this note`,
    ]);
    expect(result.notes.join('')).not.toContain(TEST_API_KEY.slice(6));
  });

  it('leaves a key with unmatched quotes or quotes inside it as given, without a note', () => {
    for (const pasted of [`"${TEST_API_KEY}'`, `${TEST_API_KEY}"x"`]) {
      const result = acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: pasted });
      expect(result.config.apiKey).toBe(pasted);
      expect(result.notes).toEqual([]);
    }
  });

  it('treats a key that is only quotes or a prefix as not configured', () => {
    for (const pasted of ['""', "''", 'Authorization: ""']) {
      const result = acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: pasted });
      expect(result.config.apiKey).toBeUndefined();
      expect(result.notes).toEqual([]);
    }
  });

  it('treats a value a client left as its ${...} placeholder as not set, with one note each', () => {
    const result = acceptedOf({
      ...BASE,
      NETWORK_DISCOVERY_API_KEY: '${user_config.api_key}',
      NETWORK_DISCOVERY_SESSION_ID: ' ${SCANOPY_SESSION} ',
      NETWORK_DISCOVERY_TIMEOUT_MS: '${user_config.timeout_ms}',
    });
    expect(result.config.apiKey).toBeUndefined();
    expect(result.config.sessionId).toBeUndefined();
    expect(result.config.timeoutMs).toBe(30_000);
    expect(result.notes).toEqual([
      "NETWORK_DISCOVERY_API_KEY is the placeholder ${user_config.api_key}, which the MCP client did not fill in: treated as not set (set it in the client's settings for this server, or leave the variable out)",
      "NETWORK_DISCOVERY_SESSION_ID is the placeholder ${SCANOPY_SESSION}, which the MCP client did not fill in: treated as not set (set it in the client's settings for this server, or leave the variable out)",
      "NETWORK_DISCOVERY_TIMEOUT_MS is the placeholder ${user_config.timeout_ms}, which the MCP client did not fill in: treated as not set (set it in the client's settings for this server, or leave the variable out)",
    ]);
  });

  it('refuses an unfilled base URL placeholder by saying so, and shows no odd placeholder', () => {
    expect(problemsOf({ NETWORK_DISCOVERY_BASE_URL: '${user_config.base_url}' })).toEqual([
      "NETWORK_DISCOVERY_BASE_URL is the placeholder ${user_config.base_url}, which the MCP client did not fill in: set it in the client's settings for this server",
    ]);
    // Only the plain ${name} form is repeated: anything else inside the braces stays unshown.
    const odd = acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: `\${${TEST_API_KEY} x}` });
    expect(odd.config.apiKey).toBeUndefined();
    expect(odd.notes.join('\n')).not.toContain(TEST_API_KEY);
    expect(odd.notes[0]).toContain('NETWORK_DISCOVERY_API_KEY is a ${...} placeholder');
  });

  it('keeps a value that only contains a ${...} among other text', () => {
    const result = acceptedOf({ ...BASE, NETWORK_DISCOVERY_API_KEY: `${TEST_API_KEY}\${x}` });
    expect(result.config.apiKey).toBe(`${TEST_API_KEY}\${x}`);
  });

  it('unwraps a quoted session id, and only its quotes', () => {
    const quoted = acceptedOf({ ...BASE, NETWORK_DISCOVERY_SESSION_ID: `"${TEST_SESSION_ID}"` });
    expect(quoted.config.sessionId).toBe(TEST_SESSION_ID);
    expect(quoted.notes).toEqual([
      'NETWORK_DISCOVERY_SESSION_ID: removed the surrounding quotes; set it to the session_id cookie value alone to silence this note',
    ]);
    // A session id is a cookie value, never sent as a bearer token: a "Bearer " stays as given.
    const prefixed = configOf({
      ...BASE,
      NETWORK_DISCOVERY_SESSION_ID: `Bearer ${TEST_SESSION_ID}`,
    });
    expect(prefixed.sessionId).toBe(`Bearer ${TEST_SESSION_ID}`);
  });

  it('drops a trailing slash or /api from a copied address', () => {
    expect(
      configOf({ NETWORK_DISCOVERY_BASE_URL: 'https://scanopy.example.com/api/' }).baseUrl,
    ).toEqual(new URL('https://scanopy.example.com'));
  });

  it.each(['true', '1', 'TRUE', 'yes', 'on'])('reads %j as read-only', (word) => {
    expect(configOf({ ...BASE, NETWORK_DISCOVERY_READ_ONLY: word }).readOnly).toBe(true);
  });

  it.each(['false', '0', 'no', 'off', ''])('reads %j as not read-only', (word) => {
    expect(configOf({ ...BASE, NETWORK_DISCOVERY_READ_ONLY: word }).readOnly).toBe(false);
  });

  it('refuses a read-only word it does not know', () => {
    expect(problemsOf({ ...BASE, NETWORK_DISCOVERY_READ_ONLY: 'maybe' })).toEqual([
      expect.stringMatching(/^NETWORK_DISCOVERY_READ_ONLY /),
    ]);
  });

  it('refuses timeouts that are not whole numbers in range', () => {
    for (const value of ['abc', '1.5', '-1', '0', '999999999']) {
      expect(problemsOf({ ...BASE, NETWORK_DISCOVERY_TIMEOUT_MS: value })).toEqual([
        expect.stringMatching(/^NETWORK_DISCOVERY_TIMEOUT_MS /),
      ]);
    }
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      NETWORK_DISCOVERY_READ_ONLY: 'maybe',
      NETWORK_DISCOVERY_TIMEOUT_MS: 'soon',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/NETWORK_DISCOVERY_BASE_URL/);
    expect(problems.join('\n')).toMatch(/NETWORK_DISCOVERY_READ_ONLY/);
    expect(problems.join('\n')).toMatch(/NETWORK_DISCOVERY_TIMEOUT_MS/);
  });

  it('refuses addresses that are not http(s) URLs', () => {
    // A query or fragment is dropped with a note instead (test/first-run.test.ts).
    for (const value of ['scanopy.example.com', 'ftp://scanopy.example.com', 'https://']) {
      expect(problemsOf({ NETWORK_DISCOVERY_BASE_URL: value })).toEqual([
        expect.stringMatching(/^NETWORK_DISCOVERY_BASE_URL /),
      ]);
    }
  });

  it('never echoes a value, secret or not, in a problem', () => {
    const planted = 'Hunter2-planted-password';
    const problems = problemsOf({
      NETWORK_DISCOVERY_BASE_URL: `https://admin:${planted}@scanopy.example.com`,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID,
      NETWORK_DISCOVERY_TIMEOUT_MS: `${TEST_API_KEY}`,
      NETWORK_DISCOVERY_READ_ONLY: TEST_SESSION_ID,
    });
    expect(problems).toHaveLength(3);
    const text = problems.join('\n');
    for (const secret of [planted, 'admin:', TEST_API_KEY, TEST_SESSION_ID]) {
      expect(text).not.toContain(secret);
    }
  });
});

/** Runs the built entry with only the given environment (nothing inherited but PATH). */
function runEntry(args: string[], env: Record<string, string>, input = '') {
  return spawnSync(process.execPath, [join(ROOT, 'dist', 'index.js'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    input,
    encoding: 'utf8',
    timeout: 15_000,
  });
}

describe('the built entry (dist/index.js)', () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);

  it('prints usage naming every variable for --help and exits 0', () => {
    const run = runEntry(['--help'], {});
    expect(run.status).toBe(0);
    for (const name of [
      'NETWORK_DISCOVERY_BASE_URL',
      'NETWORK_DISCOVERY_API_KEY',
      'NETWORK_DISCOVERY_SESSION_ID',
      'NETWORK_DISCOVERY_READ_ONLY',
      'NETWORK_DISCOVERY_TIMEOUT_MS',
    ]) {
      expect(run.stdout).toContain(name);
    }
    expect(run.stdout).toContain('--version');
  });

  it('prints its own version for --version and exits 0', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const run = runEntry(['--version'], {});
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(version);
  });

  it('exits non-zero before serving, with one message listing every problem', () => {
    const initialize = `${JSON.stringify(initializeRequest('config-test'))}\n`;
    const run = runEntry(
      [],
      {
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
        NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID,
        NETWORK_DISCOVERY_TIMEOUT_MS: 'soon',
        NETWORK_DISCOVERY_READ_ONLY: 'maybe',
      },
      initialize,
    );
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    // Nothing on stdout: the initialize request was never answered.
    expect(run.stdout).toBe('');
    expect(run.stderr.match(/invalid configuration/g)).toHaveLength(1);
    expect(run.stderr).toContain('NETWORK_DISCOVERY_BASE_URL');
    expect(run.stderr).toContain('NETWORK_DISCOVERY_TIMEOUT_MS');
    expect(run.stderr).toContain('NETWORK_DISCOVERY_READ_ONLY');
    expect(run.stderr).not.toContain(TEST_API_KEY);
    expect(run.stderr).not.toContain(TEST_SESSION_ID);
  });
});
