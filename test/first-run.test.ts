// First-run mistakes: a pasted /api/v1 address, a "Bearer " key, https to a plain-http port, a silent port.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../src/cli/doctor.js';
import { parseConfig } from '../src/config.js';
import { DIST_ENTRY, ensureBuilt } from './build-dist.js';
import { outputOf } from './child-output.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { textOf, useHarness } from './harness.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

function parsed(env: Record<string, string>) {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(`refused: ${result.problems.join('; ')}`);
  return result;
}

/** One list_discoveries call for a single item through a built server's real stdio client. */
async function listOne(server: StdioServer): Promise<CallToolResult> {
  return (await server.client.callTool({
    name: 'list_discoveries',
    arguments: { limit: 1 },
  })) as CallToolResult;
}

function problemOf(baseUrl: string): string {
  const result = parseConfig({ NETWORK_DISCOVERY_BASE_URL: baseUrl });
  if (result.ok) throw new Error(`expected ${baseUrl} to be refused`);
  expect(result.problems).toHaveLength(1);
  return result.problems[0] ?? '';
}

describe('base URL forgiveness', () => {
  it.each([
    ['https://scanopy.example.com/api', '/api'],
    ['https://scanopy.example.com/api/v1', '/api/v1'],
    ['https://scanopy.example.com/api/v1/', '/api/v1'],
    ['https://scanopy.example.com/API/v1/discovery', '/API/v1/discovery'],
  ])('reduces %s to the service root with one note naming %s', (given, dropped) => {
    const result = parsed({ NETWORK_DISCOVERY_BASE_URL: given });
    expect(result.config.baseUrl).toEqual(new URL('https://scanopy.example.com'));
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toContain(
      `NETWORK_DISCOVERY_BASE_URL: dropped ${dropped}; using https://scanopy.example.com/ (`,
    );
  });

  it('drops a query and a fragment without echoing them', () => {
    const result = parsed({
      NETWORK_DISCOVERY_BASE_URL:
        'https://scanopy.example.com/api/v1/?token=SECRETQUERY#frag-SECRET',
    });
    expect(result.config.baseUrl).toEqual(new URL('https://scanopy.example.com'));
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toContain(
      'dropped /api/v1, the query string and the fragment; using https://scanopy.example.com/ (',
    );
    expect(result.notes[0]).not.toMatch(/SECRET/);
    const two = parsed({ NETWORK_DISCOVERY_BASE_URL: 'https://scanopy.example.com/?a=1#b' });
    expect(two.notes[0]).toContain(
      'dropped the query string and the fragment; using https://scanopy.example.com/ (',
    );
  });

  it('keeps a reverse proxy prefix and says nothing for a plain root or a trailing slash', () => {
    const prefixed = parsed({ NETWORK_DISCOVERY_BASE_URL: 'https://example.com/scanopy/api/v1' });
    expect(prefixed.config.baseUrl).toEqual(new URL('https://example.com/scanopy'));
    for (const root of ['https://scanopy.example.com', 'https://scanopy.example.com/']) {
      expect(parsed({ NETWORK_DISCOVERY_BASE_URL: root }).notes).toEqual([]);
    }
  });

  it.each([
    'https://scanopy.example.com/discovery',
    'https://scanopy.example.com/networks/5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b',
    'https://scanopy.example.com/hosts/?tab=services',
  ])('names the root when %s may be a web UI page (kept: it may be a proxy prefix)', (given) => {
    const result = parsed({ NETWORK_DISCOVERY_BASE_URL: given });
    expect(result.config.baseUrl).toEqual(
      new URL(new URL(given).pathname.replace(/\/$/, ''), given),
    );
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toContain(
      "as a reverse proxy's prefix; if it is a page of the web UI, set the root https://scanopy.example.com/ instead",
    );
  });

  it('doctor shows the root to use when the base URL is a web UI page', async () => {
    const api = await startFakeApi();
    const lines: string[] = [];
    await runDoctor({
      env: {
        NETWORK_DISCOVERY_BASE_URL: new URL('/discovery', api.url).href,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
      },
      write: (line) => lines.push(line),
    }).finally(() => api.close());
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(
      `set the root ${api.url.origin}/ instead`,
    );
  });

  it('names the fix for an address without a scheme', () => {
    for (const value of ['scanopy.example.com', 'scanopy.local:60072', '192.168.1.20:60072/']) {
      expect(problemOf(value)).toMatch(
        /^NETWORK_DISCOVERY_BASE_URL must start with https:\/\/ \(or http:\/\/ for a service on your own network\)/,
      );
    }
    expect(problemOf('ftp://scanopy.example.com')).toMatch(/must start with https:\/\//);
  });
});

describe('no base URL at all', () => {
  it('the built server says it is required and that demo tries the sample service', async () => {
    await ensureBuilt();
    const result = await outputOf(
      spawn(process.execPath, [DIST_ENTRY], {
        env: { PATH: process.env['PATH'] ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('NETWORK_DISCOVERY_BASE_URL is required');
    expect(result.stderr).toContain('or demo to try the built-in sample service');
  }, 30_000);
});

describe('a key pasted with its "Bearer " prefix', () => {
  it('is used without the prefix, with a warning that never shows the key', () => {
    const result = parsed({
      NETWORK_DISCOVERY_BASE_URL: 'https://scanopy.example.com',
      NETWORK_DISCOVERY_API_KEY: `Bearer ${TEST_API_KEY}`,
    });
    expect(result.config.apiKey).toBe(TEST_API_KEY);
    expect(result.notes).toEqual([expect.stringContaining('removed the "Bearer " prefix;')]);
    expect(result.notes.join('')).not.toContain(TEST_API_KEY);
    const plain = parsed({
      NETWORK_DISCOVERY_BASE_URL: 'https://scanopy.example.com',
      NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    });
    expect(plain.notes).toEqual([]);
  });
});

describe('the built server with a pasted address and key', () => {
  let api: SampleApi | undefined;
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it("never sends a bundle's unfilled ${user_config.api_key} as the key", async () => {
    api = await startFakeApi();
    // The .mcpb's own environment, as Claude Desktop passes it for settings left blank (mcpb#250).
    const server = await connectStdio({
      baseUrl: api.url,
      apiKey: '${user_config.api_key}',
      env: { NETWORK_DISCOVERY_SESSION_ID: '${user_config.session_id}' },
    });
    try {
      const result = await listOne(server);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('needs an API key, and none is configured');
      for (const request of api.requests) {
        expect(JSON.stringify(request.headers)).not.toContain('user_config');
      }
      expect(server.stderr()).toContain(
        'NETWORK_DISCOVERY_API_KEY is the placeholder ${user_config.api_key}, which the MCP client did not fill in',
      );
    } finally {
      await server.close();
    }
  });

  it('serves from the root, warns once per repair on stderr, and sends "Bearer <key>" once', async () => {
    api = await startFakeApi();
    const server = await connectStdio({
      baseUrl: new URL(`${api.url.origin}/api/v1/`),
      apiKey: `"Authorization: Bearer ${TEST_API_KEY}"`,
    });
    try {
      const result = await listOne(server);
      expect(result.isError).toBeFalsy();
      const request = api.requests.find((r) => r.path === '/api/v1/discovery');
      expect(request?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
      const stderr = server.stderr();
      expect(stderr.match(/dropped \/api\/v1; using/g)).toHaveLength(1);
      expect(
        stderr.match(
          /removed the surrounding quotes, the "Authorization" header name and the "Bearer " prefix;/g,
        ),
      ).toHaveLength(1);
      expect(stderr).not.toContain(TEST_API_KEY);
    } finally {
      await server.close();
    }
  });
});

describe('https:// to a plain-http service', () => {
  const harness = useHarness();

  it('says the port does not speak https and names the http:// address to use', async () => {
    const plain = await startFakeApi();
    try {
      const port = plain.url.port;
      const h = await harness({ baseUrl: new URL(`https://127.0.0.1:${port}`) });
      const result = await h.call('get_version');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/\((EPROTO|ERR_SSL_WRONG_VERSION_NUMBER)\)/);
      expect(textOf(result)).toContain('does not speak https on that port');
      expect(textOf(result)).toContain(`NETWORK_DISCOVERY_BASE_URL to http://127.0.0.1:${port}`);
    } finally {
      await plain.close();
    }
  });

  it('tries each request once: a TLS handshake with a plain-http port fails the same way every time', async () => {
    const plain = await countingServer(createHttpServer((_req, res) => res.end('{}')));
    const baseUrl = new URL(`https://127.0.0.1:${plain.port}`);
    const h = await harness({ baseUrl });
    const version = await h.call('get_version');
    expect(textOf(version)).toContain('does not speak https on that port');
    expect(plain.connections()).toBe(1);
    // list_discoveries reads the version and the page, then loads names in the background: as
    // many connections as a client that never retries opens (three times as many before).
    const list = await h.call('list_discoveries', { limit: 1 });
    expect(textOf(list)).toContain('does not speak https on that port');
    const byDefault = (await settled(plain.connections)) - 1;
    const once = await harness({ baseUrl, retry: { transientAttempts: 1 } });
    await once.call('list_discoveries', { limit: 1 });
    const withoutRetries = (await settled(plain.connections)) - 1 - byDefault;
    expect(withoutRetries).toBeGreaterThanOrEqual(2);
    expect(byDefault).toBe(withoutRetries);
    expect(h.logs.filter((line) => line.includes('attempt 2'))).toEqual([]);
  });

  it('tries each request once against a certificate that is not trusted (self-signed)', async () => {
    const tls = await countingServer(
      createHttpsServer(selfSignedCertificate(), (_req, res) => res.end('{}')),
    );
    const h = await harness({ baseUrl: new URL(`https://127.0.0.1:${tls.port}`) });
    const result = await h.call('get_version');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(tls.connections()).toBe(1);
    expect(h.logs.filter((line) => line.includes('attempt 2'))).toEqual([]);
  });
});

const listening: Server[] = [];
afterAll(async () => {
  for (const server of listening.splice(0)) {
    await new Promise<void>((done) => server.close(() => done()));
  }
});

/** Listens on a loopback port and counts the TCP connections it accepts. */
async function countingServer(server: Server): Promise<{ port: number; connections(): number }> {
  let accepted = 0;
  server.on('connection', () => accepted++);
  listening.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, connections: () => accepted };
}

/** The count once it has stood still for 1 s, longer than any retry backoff here (at most 0.75 s). */
async function settled(count: () => number): Promise<number> {
  let last = count();
  for (let still = 0; still < 1000; still += 100) {
    await new Promise((done) => setTimeout(done, 100));
    if (count() !== last) [last, still] = [count(), 0];
  }
  return last;
}

/** A certificate for 127.0.0.1 that no CA signed, made with the openssl command for this run. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'ndmcp-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1'])
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a port that accepts and never answers', () => {
  let silent: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise<void>((done) => (silent ? silent.close(() => done()) : done()));
    silent = undefined;
  });

  async function startSilentPort(): Promise<number> {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => silent?.listen(0, '127.0.0.1', done));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  it('a tool call from the built server names the wrong port or a proxy before a longer timeout', async () => {
    await ensureBuilt();
    const port = await startSilentPort();
    const server = await connectStdio({
      baseUrl: new URL(`http://127.0.0.1:${port}`),
      env: { NETWORK_DISCOVERY_TIMEOUT_MS: '1000' },
    });
    try {
      const result = await listOne(server);
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toMatch(/^GET \/api\/(version|v1\/discovery) got no answer within 1 s\. /);
      expect(text).toMatch(
        /wrong port \(another program accepts the connection and says nothing\)/,
      );
      expect(text).toContain('proxy');
      expect(text).toContain('check the port in NETWORK_DISCOVERY_BASE_URL');
      // Started as `node dist/index.js` from the clone: the hint names that, not the bin.
      expect(text).toContain('`node dist/index.js doctor`');
      expect(text.indexOf('wrong port')).toBeLessThan(text.indexOf('NETWORK_DISCOVERY_TIMEOUT_MS'));
      expect(text).not.toContain('overloaded');
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('shows each check as it starts and says the service answered nothing (wrong port or proxy)', async () => {
    const port = await startSilentPort();
    const events: string[] = [];
    const code = await runDoctor({
      env: {
        NETWORK_DISCOVERY_BASE_URL: `http://127.0.0.1:${port}`,
        NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
        NETWORK_DISCOVERY_TIMEOUT_MS: '1000',
      },
      write: (line) => events.push(`out: ${line}`),
      progress: (line) => events.push(`progress: ${line}`),
    });
    expect(code).toBe(1);
    const at = (prefix: string) => events.findIndex((e) => e.startsWith(prefix));
    // The configuration line is out before the network check starts, and the check is announced
    // before its result.
    expect(at('out: [PASS] Configuration')).toBeGreaterThan(-1);
    expect(
      at('progress: checking: Service reachable (GET /api/version, up to 1 s)'),
    ).toBeGreaterThan(at('out: [PASS] Configuration'));
    expect(at('out: [FAIL] Service reachable')).toBeGreaterThan(at('progress: checking: Service'));
    const report = events.filter((e) => e.startsWith('out: ')).map((e) => e.slice(5).trim());
    const hint = report.join(' ');
    expect(hint).toContain('The service answered nothing in 1 s');
    expect(hint).toMatch(/wrong port.*proxy/);
    expect(sockets.length).toBeGreaterThan(0);
  });

  it('writes progress to stderr and the report to stdout from the built entry', async () => {
    await ensureBuilt();
    const port = await startSilentPort();
    const result = await outputOf(
      spawn(process.execPath, [DIST_ENTRY, 'doctor'], {
        env: {
          PATH: process.env['PATH'] ?? '',
          NETWORK_DISCOVERY_BASE_URL: `http://127.0.0.1:${port}`,
          NETWORK_DISCOVERY_TIMEOUT_MS: '1000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('checking: Service reachable');
    expect(result.stdout).not.toContain('checking:');
    expect(result.stdout).toContain('[FAIL] Service reachable');
    expect(result.stdout).toContain('answered nothing');
  }, 30_000);
});
