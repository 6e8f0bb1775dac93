// --http mode: a real SDK client over Streamable HTTP on 127.0.0.1: stateless, per-request keys,
// tokens shared across replicas through NETWORK_DISCOVERY_TOKEN_SECRET, Host/Origin checks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  type HttpServerHandle,
  parseHttpArgs,
} from '../src/cli/http.js';
import { DIST_ENTRY, ensureBuilt } from './build-dist.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { callHttp, connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';
import { initializeRequest } from './raw-stdio.js';

const KEY_CONFIGURED = 'scp_u_CONFIGURED0123456789abcdefABCD';
const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';
const SECRET = 'replica-shared-secret-0123456789abcdef';

let api: SampleApi;
const servers: HttpInstance[] = [];
const clients: Client[] = [];

/** Writes are on here (NETWORK_DISCOVERY_HTTP_WRITES) unless `env` says otherwise. */
async function startInstance(
  tokenSecret: string | undefined = SECRET,
  env: Record<string, string> = {},
): Promise<HttpServerHandle> {
  const instance = await startHttpInstance(api.url, {
    NETWORK_DISCOVERY_API_KEY: KEY_CONFIGURED,
    NETWORK_DISCOVERY_HTTP_WRITES: 'true',
    // No form and no app over stateless HTTP: writes there take the token path, an opt-in.
    NETWORK_DISCOVERY_CONFIRM: 'token',
    ...(tokenSecret ? { NETWORK_DISCOVERY_TOKEN_SECRET: tokenSecret } : {}),
    ...env,
  });
  servers.push(instance);
  return instance.handle;
}

const connect = (url: URL, apiKey?: string, elicitation = false) =>
  connectHttp(clients, url, { apiKey, forms: elicitation, name: 'http-test' });

const call = callHttp;

/** A raw request, so Host and Origin can be set the way a browser under DNS rebinding would. */
function rawPost(url: URL, headers: Record<string, string>, method = 'POST') {
  const body = JSON.stringify(initializeRequest('raw'));
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.end(method === 'POST' ? body : undefined);
    },
  );
}

beforeAll(async () => {
  api = await startFakeApi({ apiKeys: [KEY_CONFIGURED, KEY_ALICE] });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await Promise.all(servers.map((instance) => instance.close()));
  await api?.close();
});

describe('HTTP mode options', () => {
  it('binds to 127.0.0.1:3000 unless told otherwise', () => {
    expect(parseHttpArgs(['--http'])).toEqual({
      ok: true,
      options: { host: DEFAULT_HOST, port: DEFAULT_PORT, allowedHosts: [] },
    });
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(
      parseHttpArgs(['--http', '--port', '8080', '--host=0.0.0.0', '--allow-remote']),
    ).toMatchObject({ ok: true, options: { host: '0.0.0.0', port: 8080 } });
    expect(parseHttpArgs(['--http', '--port', 'eighty'])).toMatchObject({ ok: false });
    expect(parseHttpArgs(['--http', '--host'])).toMatchObject({ ok: false });
  });

  it('refuses a non-loopback or empty --host without --allow-remote, saying why', () => {
    for (const argv of [
      ['--http', '--host=0.0.0.0'],
      ['--http', '--host', '192.168.1.5'],
      ['--http', '--host=::'],
    ]) {
      const parsed = parseHttpArgs(argv);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.problems.join(' ')).toMatch(/--allow-remote/);
    }
    const empty = parseHttpArgs(['--http', '--host=']);
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.problems.join(' ')).toMatch(/--host needs a value/);
    expect(parseHttpArgs(['--http', '--host=localhost']).ok).toBe(true);
    expect(parseHttpArgs(['--http', '--host', '::1']).ok).toBe(true);
  });
});

describe('Streamable HTTP at /mcp', () => {
  it('serves the tools to a real SDK client on 127.0.0.1, without an Mcp-Session-Id', async () => {
    const handle = await startInstance();
    expect(handle.url.hostname).toBe('127.0.0.1');
    expect(handle.url.pathname).toBe('/mcp');
    const client = await connect(handle.url);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_discoveries', 'update_snmp_credential']));
    const initialize = await rawPost(handle.url, {});
    expect(initialize.status).toBe(200);
    expect(initialize.headers['mcp-session-id']).toBeUndefined();
  });

  it("passes each request's own bearer key through to the service, else the configured key", async () => {
    const handle = await startInstance();
    const alice = await connect(handle.url, KEY_ALICE);
    expect((await call(alice, 'list_discoveries', { limit: 1 })).isError).toBeFalsy();
    expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${KEY_ALICE}`);
    const anonymous = await connect(handle.url);
    expect((await call(anonymous, 'list_discoveries', { limit: 1 })).isError).toBeFalsy();
    expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${KEY_CONFIGURED}`);
  });

  it("shares the operator's cache of names across requests, never with a caller's other key", async () => {
    const handle = await startInstance();
    // The fake API is shared by this file's tests: count only what this one sends.
    const before = api.requests.length;
    const networkReads = (key: string) =>
      api.requests
        .slice(before)
        .filter(
          (r) => r.path === '/api/v1/networks' && r.headers['authorization'] === `Bearer ${key}`,
        ).length;
    for (const apiKey of [undefined, undefined, KEY_ALICE]) {
      const client = await connect(handle.url, apiKey);
      expect((await call(client, 'list_discoveries', { limit: 1 })).isError).toBeFalsy();
    }
    // Two requests on the configured key, each a fresh server: the names were read once.
    expect(networkReads(KEY_CONFIGURED)).toBe(1);
    // Alice's request read them with her own key, not from the operator's cache.
    expect(networkReads(KEY_ALICE)).toBe(1);
  });

  it('tells a caller without a key, or with a bad one, to send the Authorization header', async () => {
    // No configured key: NETWORK_DISCOVERY_API_KEY is the operator's, not something a caller can set.
    const handle = await startInstance(SECRET, { NETWORK_DISCOVERY_API_KEY: '' });
    const textOf = (result: Awaited<ReturnType<typeof call>>) =>
      result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    const missing = await call(await connect(handle.url), 'list_discoveries', { limit: 1 });
    const wrong = await call(
      await connect(handle.url, 'scp_u_UNKNOWN0123456789abcdefABCDEF0'),
      'list_discoveries',
      { limit: 1 },
    );
    for (const result of [missing, wrong]) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('in the header `Authorization`, as `Bearer <key>`');
      expect(textOf(result)).not.toMatch(/NETWORK_DISCOVERY_/);
    }
    expect(textOf(missing)).toContain('needs an API key, and none is configured');
    expect(textOf(wrong)).toContain('The credential was not accepted');
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    const handle = await startInstance();
    const response = await rawPost(handle.url, { authorization: 'Basic dXNlcjpwYXNz' });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
  });

  it('accepts a confirmation token issued by another replica with the same secret', async () => {
    const [first, second, stranger] = [
      await startInstance(SECRET),
      await startInstance(SECRET),
      await startInstance('a-different-secret-9876543210fedcba'),
    ];
    const args = updateArgs('http-Rotated-Community-1');
    // Even a client that offers elicitation gets a token: a stateless server cannot wait for its answer.
    const onFirst = await connect(first.url, KEY_ALICE, true);
    const preview = await call(onFirst, 'update_snmp_credential', args);
    const token = (preview.structuredContent as { confirmation_token?: string }).confirmation_token;
    expect(token).toEqual(expect.any(String));
    const puts = () => api.requests.filter((r) => r.method === 'PUT').length;
    const before = puts();

    const onStranger = await connect(stranger.url, KEY_ALICE);
    const refused = await call(onStranger, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(refused.isError).toBe(true);
    expect(puts()).toBe(before);

    const onSecond = await connect(second.url, KEY_ALICE);
    const written = await call(onSecond, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(written.isError).toBeFalsy();
    expect(written.structuredContent).toMatchObject({ status: 'updated' });
    expect(puts()).toBe(before + 1);
    expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${KEY_ALICE}`);
  });

  it('keeps tokens valid across requests of one instance even without a configured secret', async () => {
    const handle = await startInstance(undefined);
    const args = updateArgs('http-Rotated-Community-2');
    const client = await connect(handle.url);
    const preview = await call(client, 'update_snmp_credential', args);
    const token = (preview.structuredContent as { confirmation_token?: string }).confirmation_token;
    const written = await call(client, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(written.structuredContent).toMatchObject({ status: 'updated' });
  });

  it('redeems a token once per instance, and only for the caller it was issued to', async () => {
    const handle = await startInstance(SECRET);
    const args = updateArgs('http-Rotated-Community-3');
    const puts = () => api.requests.filter((r) => r.method === 'PUT').length;
    const alice = await connect(handle.url, KEY_ALICE);
    const preview = await call(alice, 'update_snmp_credential', args);
    const token = (preview.structuredContent as { confirmation_token?: string }).confirmation_token;
    const before = puts();

    // Another user with identical arguments cannot use Alice's token.
    const bob = await connect(handle.url, 'scp_u_BOB0000000123456789abcdefABCDEF');
    const stolen = await call(bob, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(stolen.isError).toBe(true);
    expect(puts()).toBe(before);

    const written = await call(alice, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(written.structuredContent).toMatchObject({ status: 'updated' });
    // Each HTTP request gets a fresh server, yet the replay is refused: the used record is shared.
    const replay = await call(alice, 'update_snmp_credential', {
      ...args,
      confirmation_token: token,
    });
    expect(replay.isError).toBe(true);
    expect(puts()).toBe(before + 1);
  });
});

describe('DNS rebinding and method checks', () => {
  it('rejects a foreign Host header with 403 before any MCP handling', async () => {
    const handle = await startInstance();
    const response = await rawPost(handle.url, { host: 'evil.example.com' });
    expect(response.status).toBe(403);
    expect(response.body).toContain('Host');
  });

  it('rejects a foreign Origin even with a loopback Host', async () => {
    const handle = await startInstance();
    const response = await rawPost(handle.url, { origin: 'http://evil.example.com' });
    expect(response.status).toBe(403);
    expect(response.body).toContain('Origin');
  });

  it('accepts localhost Host and Origin', async () => {
    const handle = await startInstance();
    const response = await rawPost(handle.url, {
      host: `localhost:${handle.url.port}`,
      origin: `http://localhost:${handle.url.port}`,
    });
    expect(response.status).toBe(200);
  });

  it('answers GET on /mcp with 405 (stateless: no stream to open) and other paths with 404', async () => {
    const handle = await startInstance();
    expect((await rawPost(handle.url, {}, 'GET')).status).toBe(405);
    expect((await rawPost(new URL('/other', handle.url), {})).status).toBe(404);
  });
});

describe('network-discovery-mcp --http (built entry)', () => {
  /** Spawns the entry and collects stderr until `until` matches or the process exits. */
  function launch(args: string[], env: Record<string, string>, until: RegExp) {
    return new Promise<{ stderr: string; code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [DIST_ENTRY, ...args], {
        env: { PATH: process.env['PATH'] ?? '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (until.test(stderr)) child.kill();
      });
      child.on('close', (code) => resolve({ stderr, code }));
    });
  }

  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);

  it('serves on 127.0.0.1 and warns when no token secret is shared across replicas', async () => {
    const { stderr } = await launch(
      ['--http', '--port', '0'],
      {
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_HTTP_WRITES: 'true',
        NETWORK_DISCOVERY_CONFIRM: 'token',
      },
      /serving MCP/,
    );
    expect(stderr).toMatch(/serving MCP over Streamable HTTP at http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(stderr).toContain('NETWORK_DISCOVERY_TOKEN_SECRET is not set');
    expect(stderr).toContain('no person is verified by this server');
  });

  it('with HTTP writes but no token opt-in, says who can confirm in a form and whose writes are refused', async () => {
    const { stderr } = await launch(
      ['--http', '--port', '0'],
      { NETWORK_DISCOVERY_BASE_URL: api.url.href, NETWORK_DISCOVERY_HTTP_WRITES: 'true' },
      /serving MCP/,
    );
    expect(stderr).toMatch(/2026-07-28 that declares forms confirms each write in a form/);
    expect(stderr).toMatch(/2025-11-25 client .* its writes are refused/);
    expect(stderr).toContain('NETWORK_DISCOVERY_CONFIRM=token');
    expect(stderr).not.toContain('NETWORK_DISCOVERY_TOKEN_SECRET');
  });

  it('without HTTP writes, says nothing about tokens', async () => {
    const { stderr } = await launch(
      ['--http', '--port', '0'],
      { NETWORK_DISCOVERY_BASE_URL: api.url.href },
      /serving MCP/,
    );
    expect(stderr).toMatch(/serving MCP/);
    expect(stderr).not.toContain('NETWORK_DISCOVERY_TOKEN_SECRET');
  });

  it('warns when writes are on with a shared secret and used confirmations die with the process', async () => {
    const env = {
      NETWORK_DISCOVERY_BASE_URL: api.url.href,
      NETWORK_DISCOVERY_HTTP_WRITES: 'true',
      NETWORK_DISCOVERY_TOKEN_SECRET: 'shared-secret-0123456789abcdef0123456789',
    };
    const memory = await launch(['--http', '--port', '0'], env, /serving MCP/);
    expect(memory.stderr).toMatch(
      /used confirmations \(form answers, tokens\) are recorded in this process only: another replica, or this server after a restart/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'ndm-spent-warning-'));
    try {
      const shared = await launch(
        ['--http', '--port', '0'],
        { ...env, NETWORK_DISCOVERY_AUDIT_LOG: join(dir, 'audit.log') },
        /serving MCP/,
      );
      expect(shared.stderr).toMatch(/serving MCP/);
      expect(shared.stderr).not.toContain('recorded in this process only');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('binds beyond loopback only with --allow-remote, and then warns', async () => {
    const refused = await launch(
      ['--http', '--port', '0', '--host=0.0.0.0'],
      { NETWORK_DISCOVERY_BASE_URL: api.url.href },
      /$^/,
    );
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('--allow-remote');
    const allowed = await launch(
      ['--http', '--port', '0', '--host=0.0.0.0', '--allow-remote'],
      { NETWORK_DISCOVERY_BASE_URL: api.url.href },
      /serving MCP/,
    );
    expect(allowed.stderr).toMatch(/not loopback/);
  });

  it('exits 3 on a bad --port, in demo mode too', async () => {
    for (const args of [['--http'], ['--demo', '--http']]) {
      const { stderr, code } = await launch(
        [...args, '--port', 'eighty'],
        { NETWORK_DISCOVERY_BASE_URL: api.url.href },
        /$^/,
      );
      expect(code).toBe(3);
      expect(stderr).toContain('--port');
    }
  });
});
