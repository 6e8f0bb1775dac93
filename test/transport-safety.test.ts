// Base-URL acceptance: http:// on local networks with one warning, refused for public hosts, https:// always.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.js';
import { checkTransport } from '../src/safety/transport-safety.js';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';
import { outputOf } from './child-output.js';

const LOCAL_HTTP = [
  'http://127.0.0.1:60072',
  'http://127.10.0.5',
  'http://localhost:8080',
  'http://[::1]:60072',
  'http://192.168.1.20:60072',
  'http://10.0.0.7',
  'http://172.16.0.1',
  'http://172.31.255.254:8443',
  'http://169.254.10.20',
  'http://[fe80::1]',
  'http://[fd00::42]:60072',
  'http://[fc12:3456::1]',
  'http://[::ffff:192.168.1.20]',
  'http://scanopy:60072',
  'http://nas.local',
  'http://scanopy.lan:60072',
  'http://scanopy.home.arpa',
  'http://Scanopy.Home.Arpa.',
];

const PUBLIC_HTTP = [
  'http://scanopy.example.com',
  'http://8.8.8.8',
  'http://172.32.0.1',
  'http://172.15.255.255',
  'http://192.169.0.1',
  'http://11.0.0.1',
  'http://[2001:db8::1]',
  'http://[fe00::1]',
  'http://local.example.com',
  'http://lan.example.org',
];

const env = (url: string, extra: Record<string, string> = {}) => ({
  NETWORK_DISCOVERY_BASE_URL: url,
  ...extra,
});

describe('checkTransport', () => {
  it.each(LOCAL_HTTP)('accepts %s over http:// with a warning', (url) => {
    const verdict = checkTransport(new URL(url), false);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.warning).toMatch(/plain http:\/\/.*unencrypted/);
  });

  it.each(PUBLIC_HTTP)('refuses %s over http:// without the override', (url) => {
    const verdict = checkTransport(new URL(url), false);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.problem).toContain('NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP=true');
  });

  it.each(PUBLIC_HTTP)('accepts %s over http:// with the override, still warning', (url) => {
    const verdict = checkTransport(new URL(url), true);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.warning).toContain('NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP');
  });

  it.each([...PUBLIC_HTTP, ...LOCAL_HTTP].map((url) => url.replace('http:', 'https:')))(
    'accepts %s over https:// with no warning',
    (url) => {
      expect(checkTransport(new URL(url), false)).toEqual({ ok: true });
    },
  );
});

describe('parseConfig applies the rule', () => {
  it('lists a public http:// base URL as a problem', () => {
    const result = parseConfig(env('http://scanopy.example.com'));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join('\n')).toMatch(
      /NETWORK_DISCOVERY_BASE_URL uses plain http:\/\/ to scanopy\.example\.com/,
    );
  });

  it('accepts a public http:// base URL with NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP=true', () => {
    const result = parseConfig(
      env('http://scanopy.example.com', { NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP: 'true' }),
    );
    expect(result.ok).toBe(true);
  });

  it('accepts LAN http:// and any https:// base URL', () => {
    expect(parseConfig(env('http://192.168.1.20:60072')).ok).toBe(true);
    expect(parseConfig(env('https://scanopy.example.com')).ok).toBe(true);
  });

  it('reports the transport problem with the others, all at once', () => {
    const result = parseConfig(
      env('http://scanopy.example.com', { NETWORK_DISCOVERY_EMAIL: 'ops@example.com' }),
    );
    expect(!result.ok && result.problems).toHaveLength(2);
  });
});

/** Runs the built server until stdin closes; returns its exit code and stderr. */
async function runEntry(baseUrl: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [DIST_ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', NETWORK_DISCOVERY_BASE_URL: baseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  const { status, stderr } = await outputOf(child);
  return { code: status, stderr };
}

describe('the entry point', () => {
  it('writes exactly one warning line to stderr for a loopback http:// address', async () => {
    await ensureBuilt();
    const { code, stderr } = await runEntry('http://127.0.0.1:9');
    expect(code).toBe(0);
    const warnings = stderr.split('\n').filter((line) => line.includes('plain http://'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('warn');
  }, 120_000);

  it('refuses a public http:// address at start-up with the configuration exit code', async () => {
    await ensureBuilt();
    const { code, stderr } = await runEntry('http://scanopy.example.com');
    expect(code).toBe(2);
    expect(stderr).toContain('NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP=true');
  }, 120_000);

  it('starts with no transport warning for https://', async () => {
    await ensureBuilt();
    const { code, stderr } = await runEntry('https://scanopy.example.com');
    expect(code).toBe(0);
    expect(stderr).not.toContain('plain http://');
  }, 120_000);
});
