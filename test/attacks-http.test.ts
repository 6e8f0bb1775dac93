// Issue 11's attacks over --http: a real SDK client and raw sockets against 127.0.0.1.
import { connect as netConnect, type Socket } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpOptions, HttpServerHandle } from '../src/cli/http.js';
import { type SampleApi, startFakeApi, TEST_SESSION_ID } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { callHttp, connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';
import { messageOf, postRaw, toolCallBody } from './raw-http.js';

const KEY_OPERATOR = 'scp_u_OPERATOR0123456789abcdefABCDE';
const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';
const KEY_MALLORY = 'scp_u_MALLORY0123456789abcdefABCDEF';
const KEY_BOGUS = 'scp_u_BOGUS00000000000000000000000000';

let api: SampleApi;
const instances: HttpInstance[] = [];
const clients: Client[] = [];
const sockets: Socket[] = [];

async function instance(
  env: Record<string, string> = {},
  options: Partial<HttpOptions> = {},
): Promise<HttpServerHandle> {
  const started = await startHttpInstance(
    api.url,
    { NETWORK_DISCOVERY_API_KEY: KEY_OPERATOR, ...env },
    { http: options },
  );
  instances.push(started);
  return started.handle;
}

const connect = (url: URL, apiKey?: string, forms = false) =>
  connectHttp(clients, url, { apiKey, forms: forms, name: 'attacker' });

const call = callHttp;

const textOf = (result: CallToolResult) =>
  result.content[0]?.type === 'text' ? result.content[0].text : '';

/** A socket to the server; resolves with how it ended (closed by the server, or still open). */
function openSocket(url: URL): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(Number(url.port), url.hostname, () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve();
    socket.on('close', () => resolve());
    socket.resume();
  });

beforeAll(async () => {
  api = await startFakeApi({
    apiKeys: [KEY_OPERATOR, KEY_ALICE, KEY_MALLORY],
    sessions: [TEST_SESSION_ID],
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const socket of sockets.splice(0)) socket.destroy();
});

afterAll(async () => {
  await Promise.all(instances.map((started) => started.close()));
  await api?.close();
});

describe('writes over HTTP', () => {
  it('the write tool is absent unless NETWORK_DISCOVERY_HTTP_WRITES=true', async () => {
    const off = await connect((await instance()).url, KEY_ALICE);
    const names = (await off.listTools()).tools.map((t) => t.name);
    expect(names).toContain('list_discoveries');
    expect(names).not.toContain('update_snmp_credential');
    // SDK v2 answers a tool it does not list with the spec's -32602 protocol error.
    await expect(
      call(off, 'update_snmp_credential', updateArgs('new-community-1')),
    ).rejects.toThrow(/-32602.*not found/);
    const on = await connect(
      (await instance({ NETWORK_DISCOVERY_HTTP_WRITES: 'true' })).url,
      KEY_ALICE,
    );
    expect((await on.listTools()).tools.map((t) => t.name)).toContain('update_snmp_credential');
  });

  it('with NETWORK_DISCOVERY_CONFIRM=elicitation no HTTP caller writes, even one declaring forms', async () => {
    const handle = await instance({
      NETWORK_DISCOVERY_HTTP_WRITES: 'true',
      NETWORK_DISCOVERY_CONFIRM: 'elicitation',
    });
    const before = api.requests.filter((r) => r.method === 'PUT').length;
    const client = await connect(handle.url, KEY_ALICE, true);
    const result = await call(client, 'update_snmp_credential', updateArgs('new-community-2'));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/over --http only a client speaking MCP 2026-07-28 does/);
    expect(api.requests.filter((r) => r.method === 'PUT').length).toBe(before);
  });
});

describe('one caller cannot change what another sees', () => {
  it('a community of "true" or of a common word masks nothing in other callers\' results', async () => {
    const handle = await instance({ NETWORK_DISCOVERY_HTTP_WRITES: 'true' });
    const mallory = await connect(handle.url, KEY_MALLORY);
    for (const community of ['true', 'Office', 'enabled']) {
      await call(mallory, 'update_snmp_credential', updateArgs(community));
    }
    const alice = await connect(handle.url, KEY_ALICE);
    for (const tool of ['list_discoveries', 'get_version']) {
      const result = await call(alice, tool);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(JSON.stringify(result.structuredContent)).not.toContain('[redacted]');
    }
    expect(textOf(await call(alice, 'list_discoveries'))).toContain('Office');
  });
});

describe("the operator's session", () => {
  it('goes with the operator key only, never with a caller bringing another key', async () => {
    const handle = await instance({ NETWORK_DISCOVERY_SESSION_ID: TEST_SESSION_ID });
    const from = api.requests.length;
    const bogus = await connect(handle.url, KEY_BOGUS);
    const refused = await call(bogus, 'get_unseen_release_notes');
    expect(refused.isError).toBe(true);
    const carried = api.requests
      .slice(from)
      .filter((r) => r.path.includes('release-notes'))
      .map((r) => r.headers['cookie'] ?? '');
    expect(carried.length).toBeGreaterThan(0);
    for (const cookie of carried) expect(cookie).not.toContain(TEST_SESSION_ID);
    const operator = await connect(handle.url);
    expect((await call(operator, 'get_unseen_release_notes')).isError).toBeFalsy();
  });
});

describe('sockets', () => {
  it('drops a client that sends its headers too slowly', async () => {
    const handle = await instance({}, { headersTimeoutMs: 300 });
    const socket = await openSocket(handle.url);
    socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Never finishes the headers: the server must end the connection on its own.
    await closed(socket);
    expect(socket.destroyed || socket.readableEnded).toBe(true);
  });

  it('with an in-progress cap of N, serves exactly N held requests (each read) and answers the next 503', async () => {
    const N = 3;
    // The service holds every discovery list until released: N tool calls stay in progress.
    const held: (() => void)[] = [];
    const holding = await startFakeApi({
      apiKeys: [KEY_ALICE],
      intercept: (req, res) => {
        if (req.path !== '/api/v1/discovery') return false;
        held.push(() =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"success":true,"data":[],"meta":{"api_version":1,"server_version":"0.14.13"}}'),
        );
        return true;
      },
    });
    const started = await startHttpInstance(holding.url, {
      NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS: String(N),
    });
    try {
      const url = started.handle.url;
      const calls = Array.from({ length: N }, (_, i) =>
        postRaw(url, toolCallBody('list_discoveries', {}, i + 1), { apiKey: KEY_ALICE }),
      );
      // Each of the N has reached the service: all N are in progress.
      while (held.length < N) await new Promise((resolve) => setImmediate(resolve));
      const next = await postRaw(url, toolCallBody('list_discoveries', {}, 99), {
        apiKey: KEY_ALICE,
      });
      expect(next.status).toBe(503);
      expect(messageOf(next)).toMatchObject({
        error: { message: 'Server busy: too many requests in progress; retry shortly' },
      });
      expect(held).toHaveLength(N);
      for (const release of held) release();
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.status)).toEqual(Array(N).fill(200));
      for (const [i, answer] of answers.entries()) {
        expect(messageOf(answer)).toMatchObject({ id: i + 1, result: { structuredContent: {} } });
        expect((messageOf(answer)['result'] as { isError?: boolean }).isError).toBeFalsy();
      }
    } finally {
      await started.close();
      await holding.close();
    }
  });
});
