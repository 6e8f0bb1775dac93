// Issue 40 item 3: idle keep-alive sockets and pipelined requests on --http; every request gets a connection of its own.
import { connect, type Socket } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { connectHttp } from './http-client.js';
import { type HttpInstance, startHttpInstance } from './http-instance.js';
import { answerOn, openSocket } from './raw-http.js';

const KEY_ALICE = 'scp_u_ALICE00000123456789abcdefABCDE';

const cleanups: (() => Promise<void> | void)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const socket of sockets.splice(0)) socket.destroy();
});

async function started(): Promise<{ api: SampleApi; http: HttpInstance }> {
  const api = await startFakeApi({ apiKeys: [KEY_ALICE] });
  cleanups.push(() => api.close());
  const http = await startHttpInstance(api.url, {});
  cleanups.push(() => http.close());
  return { api, http };
}

/** A whole keyless `initialize` request with a keep-alive connection, as a pooling client writes it. */
function initializeRequest(url: URL): string {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'flood', version: '1' },
    },
  });
  return [
    'POST /mcp HTTP/1.1',
    `Host: 127.0.0.1:${url.port}`,
    'Connection: keep-alive',
    'Accept: application/json, text/event-stream',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

const answers = (text: string) => (text.match(/^HTTP\/1\.1 /gm) ?? []).length;

describe('one request per connection', () => {
  it('a keep-alive request is answered with connection: close and its socket closed; pipelined requests are not served', async () => {
    const { http } = await started();
    const socket = await openSocket(http.handle.url, sockets);
    const text = answerOn(socket);
    const request = initializeRequest(http.handle.url);
    // Three requests pipelined on one socket: the first is answered, the socket then closed.
    socket.write(request + request + request);
    const written = await text;
    expect(written).toMatch(/^connection: close\r$/im);
    expect(written).not.toMatch(/^connection: keep-alive/im);
    const served = (written.match(/"serverInfo"/g) ?? []).length;
    expect(served).toBe(1);
    expect(answers(written)).toBeLessThanOrEqual(2);
  }, 20_000);

  it.each([
    ['127.0.0.2-.9', (i: number) => `127.0.0.${2 + (i % 8)}`],
    ['one address', () => '127.0.0.2'],
  ])(
    '160 idle keyless keep-alive sockets from %s leave a caller with an accepted key at least 19 of 20 answers',
    async (_, from) => {
      const { http } = await started();
      const url = http.handle.url;
      const clients: Client[] = [];
      cleanups.push(() => Promise.all(clients.map((c) => c.close())).then(() => {}));
      const alice = await connectHttp(clients, url, { apiKey: KEY_ALICE, name: 'alice' });
      const listOne = async () =>
        (await alice.callTool({
          name: 'list_discoveries',
          arguments: { limit: 1 },
        })) as CallToolResult;
      expect((await listOne()).isError).toBeFalsy();
      // Each flood socket sends one request and then idles; when the server closes it, another
      // takes its place shortly, so 160 are held open for as long as the server lets them.
      let stopped = false;
      let held = 0;
      const flood = Array.from({ length: 160 }, async (_, i) => {
        while (!stopped) {
          const socket = connect({
            port: Number(url.port),
            host: url.hostname,
            localAddress: from(i),
          });
          sockets.push(socket);
          const closed = answerOn(socket);
          socket.write(initializeRequest(url));
          held += 1;
          await closed;
          held -= 1;
          // An idle flood, not a request flood (that one is http-slots' to cap): a pause, then again.
          await new Promise((resolve) => setTimeout(resolve, 5_000));
        }
      });
      cleanups.push(async () => {
        stopped = true;
        const done = Promise.all(flood);
        let over = false;
        void done.then(() => {
          over = true;
        });
        // Sockets opened while stopping are torn down too, until every loop has seen `stopped`.
        while (!over) {
          for (const socket of sockets) socket.destroy();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      while (held < 100) await new Promise((resolve) => setTimeout(resolve, 20));
      let answered = 0;
      for (let n = 0; n < 20; n++) {
        const result = await listOne().catch(() => undefined);
        if (result && !result.isError) answered += 1;
      }
      expect(answered).toBeGreaterThanOrEqual(19);
    },
    90_000,
  );
});
