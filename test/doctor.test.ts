// `doctor`: each check against the fake API, the exit code, and that no secret is ever printed.
import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../src/cli/doctor.js';
import { DIST_ENTRY, ensureBuilt } from './build-dist.js';
import { outputOf } from './child-output.js';
import { type SampleApi, startFakeApi, TEST_API_KEY, TEST_SESSION_ID } from './fake-api.js';

let api: SampleApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function doctor(env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runDoctor({ env, write: (line) => lines.push(line) });
  return { code, out: lines.join('\n') };
}

/** The report line of one check, e.g. "[FAIL] API key ...". */
function line(out: string, name: string): string {
  return out.split('\n').find((l) => l.includes(`] ${name} `)) ?? '';
}

/** The hint under a check, its wrapped lines joined back into one. */
function hint(out: string, name: string): string {
  const lines = out.split('\n');
  const at = lines.findIndex((l) => l.includes(`] ${name} `));
  if (at < 0 || !lines[at + 1]?.includes('hint:')) return '';
  const rest = lines.slice(at + 1);
  const end = rest.findIndex((l) => !l.startsWith(' '));
  return (end < 0 ? rest : rest.slice(0, end)).map((l) => l.trim()).join(' ');
}

describe('doctor', () => {
  it('says which confirmation applies to writes', async () => {
    api = await startFakeApi();
    for (const [mode, words] of [
      ['auto', 'writes confirmed by a person in a form or the app'],
      ['token', 'or the preview token'],
    ] as const) {
      const { out } = await doctor({
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
        ...(mode === 'auto' ? {} : { NETWORK_DISCOVERY_CONFIRM: mode }),
      });
      const flat = out.replace(/\s+/g, ' ');
      expect(flat).toContain(`NETWORK_DISCOVERY_CONFIRM=${mode}`);
      expect(flat).toContain(words);
    }
  });

  it('passes every check against a healthy 0.14 service, key and session, and exits 0', async () => {
    api = await startFakeApi();
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID,
    });
    expect(code).toBe(0);
    for (const name of [
      'Configuration',
      'Service reachable',
      'Service version',
      'API key',
      'Session',
    ]) {
      expect(line(out, name)).toMatch(/^\[PASS\]/);
    }
    expect(line(out, 'Service version')).toContain('0.14.13');
    expect(line(out, 'Configuration')).toContain('plain http: the key travels unencrypted');
    expect(out).toContain('All checks passed.');
    // One cheap call for the key, the session checked on its own (cookie, no bearer).
    const discovery = api.requests.filter((r) => r.path === '/api/v1/discovery');
    expect(discovery).toHaveLength(1);
    expect(discovery[0]?.query.get('limit')).toBe('1');
    const notes = api.requests.find((r) => r.path === '/api/v1/release-notes/unseen');
    expect(notes?.headers['cookie']).toBe(`session_id=${TEST_SESSION_ID}`);
    expect(notes?.headers['authorization']).toBeUndefined();
  });

  it('names the version, its endpoint family and what each tool does there (0.15+ included)', async () => {
    api = await startFakeApi();
    api.data.serverVersion = '0.15.2';
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    });
    expect(code).toBe(0);
    const version = line(out, 'Service version');
    expect(version).toMatch(/^\[PASS\].*Scanopy 0\.15\.2, endpoint family 0\.15-0\.16\./);
    const tools = hint(out, 'Service version');
    expect(tools).toContain('update_snmp_credential works for SNMPv2c');
    expect(tools).toContain('get_unseen_release_notes asks the service on each call');
    expect(line(out, 'API key')).toMatch(/^\[PASS\]/);
  });

  it('says a version newer than the newest known is untested, and one older than 0.14 fails', async () => {
    api = await startFakeApi();
    api.data.serverVersion = '0.18.1';
    const newer = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    });
    expect(line(newer.out, 'Service version')).toMatch(
      /^\[PASS\].*0\.18\.1 is newer than the newest version this server knows \(0\.17\.22\).*untested/,
    );
    api.data.serverVersion = '0.13.4';
    const older = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    });
    expect(older.code).toBe(1);
    expect(line(older.out, 'Service version')).toMatch(
      /^\[FAIL\].*0\.13\.4 is older than 0\.14\.0/,
    );
    expect(hint(older.out, 'Service version')).toMatch(/READ_ONLY/);
  });

  it('fails the key check with the service status and a hint, and never prints the key', async () => {
    api = await startFakeApi();
    const wrongKey = 'scp_u_WRONGwrongWRONGwrong0123456789';
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: wrongKey,
    });
    expect(code).toBe(1);
    expect(line(out, 'API key')).toMatch(/^\[FAIL\]/);
    expect(hint(out, 'API key')).toMatch(/HTTP 401.*NETWORK_DISCOVERY_API_KEY/);
    expect(out).not.toContain(wrongKey);
    expect(out).not.toContain('WRONGwrong');
  });

  // Issue 42 item 8. Failed on main: the README's placeholder read as "API key set" and was sent;
  // a mistyped variable was not mentioned.
  it("calls the README's placeholder key a placeholder and sends nothing with it", async () => {
    api = await startFakeApi();
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: 'scp_u_...',
    });
    expect(code).toBe(1);
    expect(line(out, 'Configuration')).toContain('API key a placeholder (scp_u_...)');
    expect(line(out, 'Configuration')).not.toContain('API key set');
    expect(line(out, 'API key')).toMatch(
      /^\[FAIL\] API key\s+the README's placeholder scp_u_\.\.\., not a key: nothing was sent/,
    );
    expect(api.requests.filter((r) => r.path.startsWith('/api/v1/discovery'))).toEqual([]);
  });

  it('names a mistyped variable and the setting it meant', async () => {
    api = await startFakeApi();
    const { out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_TIMEOUT: '5000',
    });
    expect(hint(out, 'Configuration')).toContain(
      'NETWORK_DISCOVERY_TIMEOUT is not a setting of this server (did you mean NETWORK_DISCOVERY_TIMEOUT_MS?): ignored',
    );
  });

  it('fails a missing key with the variable to set', async () => {
    api = await startFakeApi();
    const { code, out } = await doctor({ NETWORK_DISCOVERY_BASE_URL: api.url.href });
    expect(code).toBe(1);
    expect(line(out, 'API key')).toMatch(/^\[FAIL\] API key\s+not set/);
    expect(hint(out, 'API key')).toContain('NETWORK_DISCOVERY_API_KEY');
    expect(line(out, 'Session')).toMatch(/^\[SKIP\]/);
  });

  it('fails a session the service does not accept, without printing it', async () => {
    api = await startFakeApi();
    const session = 'sess-EXPIRED-abcdef0123456789';
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_SESSION_ID: session,
    });
    expect(code).toBe(1);
    expect(line(out, 'Session')).toMatch(/^\[FAIL\]/);
    expect(hint(out, 'Session')).toContain('HTTP 401');
    expect(out).not.toContain(session);
  });

  it('skips the session check, still exiting 0, where the service has no release-notes route', async () => {
    // Released 0.14.x servers answer the unknown route with their web page (HTTP 200, HTML).
    api = await startFakeApi({ offerReleaseNotes: false });
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID,
    });
    expect(line(out, 'Session')).toMatch(/^\[SKIP\].*does not offer the release-notes endpoint/);
    expect(code).toBe(0);
    expect(out).not.toContain(TEST_SESSION_ID);
  });

  it('reports an unreachable service once and skips the checks that depend on it', async () => {
    api = await startFakeApi();
    const url = api.url.href;
    await api.close();
    api = undefined;
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: url,
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    });
    expect(code).toBe(1);
    expect(line(out, 'Service reachable')).toMatch(/^\[FAIL\]/);
    expect(hint(out, 'Service reachable')).toMatch(/Could not reach.*ECONNREFUSED/);
    for (const name of ['Service version', 'API key', 'Session']) {
      expect(line(out, name)).toMatch(/^\[SKIP\]/);
    }
    expect(out).toContain('1 of 5 checks failed.');
  });

  it('reports invalid configuration without echoing a secret', async () => {
    const { code, out } = await doctor({
      NETWORK_DISCOVERY_BASE_URL: 'ftp://scanopy.example.com',
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      NETWORK_DISCOVERY_TIMEOUT_MS: 'soon',
    });
    expect(code).toBe(1);
    expect(line(out, 'Configuration')).toMatch(
      /^\[FAIL\].*NETWORK_DISCOVERY_BASE_URL.*NETWORK_DISCOVERY_TIMEOUT_MS/,
    );
    expect(out).not.toContain(TEST_API_KEY);
  });
});

describe('network-discovery-mcp doctor (built entry)', () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);

  // Asynchronous: the fake API lives in this process and must keep answering while doctor runs.
  const run = (env: Record<string, string>, args: string[] = ['doctor']) =>
    outputOf(
      spawn(process.execPath, [DIST_ENTRY, ...args], {
        env: { PATH: process.env['PATH'] ?? '', ...env },
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );

  it('prints the report on stdout and exits 0 when every check passes (demo)', async () => {
    const result = await run({}, ['--demo', 'doctor']);
    expect(result.stdout).toContain('[PASS] Service version');
    expect(result.stdout).toContain('All checks passed.');
    expect(result.status).toBe(0);
  });

  it('exits 1 when a check fails', async () => {
    api = await startFakeApi();
    const result = await run({
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_API_KEY: 'scp_u_WRONGwrongWRONGwrong0123456789',
    });
    expect(result.stdout).toContain('[FAIL] API key');
    expect(result.stdout).not.toContain('WRONGwrong');
    expect(result.status).toBe(1);
  });
});
