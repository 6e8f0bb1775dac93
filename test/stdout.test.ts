// stdout is sacred: across calls, faults and bad input over stdio, every byte is well-formed JSON-RPC.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../src/sample-api/server.js';
import { APP_VIEW_URI } from '../src/views/common/app-view.js';
import { ensureBuilt } from './build-dist.js';
import { envelopeError, reply, type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { type Message, type RawServer, spawnRaw } from './raw-stdio.js';

type Fault = (req: RecordedRequest, res: ServerResponse) => boolean;

const json = { 'content-type': 'application/json' };
const html = { 'content-type': 'text/html' };
const text = { 'content-type': 'text/plain' };

/** Each fault answers the discovery list; everything else goes to the fake's normal routes. */
const FAULTS: Readonly<Record<string, Fault>> = {
  'connection dropped': (_req, res) => {
    res.socket?.destroy();
    return true;
  },
  'headers never sent': () => true,
  'body stalls midway': (_req, res) => {
    res.writeHead(200, json);
    res.write('{"success":true,"data":[');
    return true;
  },
  '500 HTML': (_req, res) => reply(res, 500, '<html><body>Internal error</body></html>', html),
  '502 empty body': (_req, res) => reply(res, 502, ''),
  'invalid JSON': (_req, res) => reply(res, 200, '{"success":tru', json),
  'truncated JSON': (_req, res) => reply(res, 200, '{"success":true,"data":[{"id":"x","na', json),
  '200 HTML page': (_req, res) => reply(res, 200, '<!doctype html><div id="app"></div>', html),
  'success false': (_req, res) => reply(res, 200, envelopeError('it went wrong'), json),
  'plain-text 400': (_req, res) => reply(res, 400, 'Failed to deserialize query string', text),
  'plain-text 415': (_req, res) => reply(res, 415, 'Expected application/json', text),
  'plain-text 422': (_req, res) => reply(res, 422, 'missing field `community`', text),
  '402 object error': (_req, res) =>
    reply(
      res,
      402,
      JSON.stringify({ success: false, error: { message: 'Upgrade your plan' } }),
      json,
    ),
  '3xx redirect': (_req, res) => reply(res, 302, '', { location: 'https://elsewhere.example/' }),
  'oversized body': (_req, res) =>
    reply(res, 200, `{"success":true,"data":"${'x'.repeat(200_000)}"}`, json),
  'control characters': (_req, res) =>
    reply(res, 500, envelopeError('bad\u0000\u001b[2J\u2028line\u202e'), json),
};

let api: SampleApi;
let server: RawServer;
const answers: Message[] = [];
let fault: Fault | undefined;
let once = false;

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi({
    intercept: (req, res) => {
      if (!fault || req.path !== '/api/v1/discovery') return false;
      const current = fault;
      if (once) fault = undefined;
      return current(req, res);
    },
  });
  server = spawnRaw({
    NETWORK_DISCOVERY_BASE_URL: api.url.href,
    NETWORK_DISCOVERY_API_KEY: TEST_API_KEY,
    NETWORK_DISCOVERY_TIMEOUT_MS: '1000',
    NETWORK_DISCOVERY_MAX_RESPONSE_BYTES: '20000',
    // The write below takes the token path, an opt-in.
    NETWORK_DISCOVERY_CONFIRM: 'token',
  });
  answers.push(await server.initialize());
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await api?.close();
});

const call = (name: string, args: object = {}, meta?: object) =>
  server.request('tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });

async function record(pending: Promise<Message>): Promise<Message> {
  const message = await pending;
  answers.push(message);
  return message;
}

describe('a spread of calls over stdio', () => {
  it('answers the protocol basics', async () => {
    await record(server.request('ping'));
    await record(server.request('tools/list'));
    await record(server.request('prompts/list'));
    // One resource: the MCP Apps view; a method the server does not have is refused as such.
    const resources = await record(server.request('resources/list'));
    expect(resources['result']).toMatchObject({ resources: [{ uri: APP_VIEW_URI }] });
    const unknown = await record(server.request('no-such/method'));
    expect(unknown['error']).toMatchObject({ code: -32601 });
  });

  it('answers every tool, with a progress token too', async () => {
    const results = [
      await record(call('get_version')),
      await record(call('list_discoveries', { limit: 0 }, { progressToken: 'p1' })),
      await record(call('list_snmp_credentials')),
      await record(call('get_unseen_release_notes')),
    ];
    for (const answer of results) {
      const result = answer['result'] as { isError?: boolean; content: { text: string }[] };
      expect(result.isError, JSON.stringify(answer)).toBeFalsy();
      expect(result.content[0]?.text.length).toBeGreaterThan(0);
    }
  });

  it('previews and writes with a token', async () => {
    const args = updateArgs('stdout-Community#1');
    const preview = await record(call('update_snmp_credential', args));
    const token = (preview['result'] as { structuredContent: { confirmation_token: string } })
      .structuredContent.confirmation_token;
    const written = await record(
      call('update_snmp_credential', { ...args, confirmation_token: token }),
    );
    expect(written['result']).toMatchObject({ structuredContent: { status: 'updated' } });
  });

  it('answers bad input with errors, not noise', async () => {
    const refused = [
      await record(call('list_discoveries', { limit: -1, network_id: 'nope' })),
      await record(call('update_snmp_credential', { id: 42 })),
      await record(call('no_such_tool')),
      await record(server.request('tools/call', { arguments: {} })),
    ];
    // Each is refused, as a JSON-RPC error or an isError result, never a success.
    for (const answer of refused) {
      const failed =
        'error' in answer || (answer['result'] as { isError?: boolean } | undefined)?.isError;
      expect(failed, JSON.stringify(answer)).toBe(true);
    }
    server.writeLine('{ this is not json');
    server.writeLine('{"jsonrpc":"2.0","id":"weird-1","method":"tools/call","params":"string"}');
    // The server still answers after the noise.
    expect(await record(server.request('ping'))).toMatchObject({ result: {} });
  });

  it.each(Object.keys(FAULTS))('survives a fault: %s', async (name) => {
    fault = FAULTS[name];
    once = false;
    const result = await record(call('list_discoveries'));
    fault = undefined;
    expect(result['result']).toMatchObject({ isError: true });
    const next = await record(call('list_discoveries', { limit: 1 }));
    expect((next['result'] as { isError?: boolean }).isError).toBeFalsy();
  });

  it('survives a 429 with Retry-After: 0 and then answers', async () => {
    fault = (_req, res) =>
      reply(res, 429, envelopeError('Rate limit exceeded'), { ...json, 'retry-after': '0' });
    once = true;
    const result = await record(call('list_discoveries', { limit: 1 }));
    expect((result['result'] as { isError?: boolean }).isError).toBeFalsy();
  });

  it('stays quiet about a cancelled request and answers the next', async () => {
    fault = FAULTS['headers never sent'];
    once = false;
    void server.request('tools/call', { name: 'list_discoveries', arguments: {} }, 'cancel-me');
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.notify('notifications/cancelled', { requestId: 'cancel-me', reason: 'test' });
    fault = undefined;
    const next = await record(call('get_version'));
    expect((next['result'] as { isError?: boolean }).isError).toBeFalsy();
    // Past the request timeout (1 s here), the cancelled call would have answered by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const replies = server
      .stdoutBytes()
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes('"id":"cancel-me"'));
    expect(replies).toEqual([]);
  });
});

describe('the raw stdout bytes', () => {
  it('are only newline-terminated JSON-RPC 2.0 messages', () => {
    const raw = server.stdoutBytes().toString('utf8');
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.endsWith('\n')).toBe(true);
    const lines = raw.slice(0, -1).split('\n');
    for (const line of lines) {
      expect(line, 'an empty line or a stray carriage return').toMatch(/^\{.*\}$/);
      const message = JSON.parse(line) as Message;
      expect(message['jsonrpc']).toBe('2.0');
      if ('method' in message) {
        expect(typeof message['method']).toBe('string');
        if ('id' in message) expect(['string', 'number']).toContain(typeof message['id']);
      } else {
        const id = message['id'];
        expect(id === null || typeof id === 'string' || typeof id === 'number').toBe(true);
        expect('result' in message !== 'error' in message).toBe(true);
        if ('error' in message) {
          const error = message['error'] as { code: unknown; message: unknown };
          expect(Number.isInteger(error.code)).toBe(true);
          expect(typeof error.message).toBe('string');
        }
      }
    }
    // Every answer we waited for is among them; no line holds a secret or a control character.
    expect(lines.length).toBeGreaterThanOrEqual(answers.length);
    expect(raw).not.toContain(TEST_API_KEY);
    expect(raw).not.toContain('stdout-Community#1');
    expect(raw).not.toMatch(/\\u001b|\\u0000|\\u202e/i);
  });

  it('stderr carried the logs, not stdout', () => {
    expect(server.stderrText()).not.toContain('"jsonrpc"');
  });
});
