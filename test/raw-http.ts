// Raw HTTP to an --http server for the attack tests: whole requests and bare sockets, from a chosen loopback address.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A second loopback address: the attacker, apart from the callers on 127.0.0.1. */
export const ATTACKER_ADDRESS = '127.0.0.2';

export interface RawAnswer {
  readonly status: number;
  readonly text: string;
}

/** A JSON-RPC tools/call body, as a client writes it. */
export function toolCallBody(name: string, args: Record<string, unknown> = {}, id = 1): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
}

/** The JSON-RPC message of an answer, whether sent as JSON or as one server-sent event. */
export function messageOf(answer: RawAnswer): Record<string, unknown> {
  const data = answer.text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data ? data.slice(6) : answer.text) as Record<string, unknown>;
}

/** POSTs `body` to `url` on a connection of its own from `localAddress`, and reads the whole answer. */
export function postRaw(
  url: URL,
  body: string,
  options: { apiKey?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress: options.localAddress ?? '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A bare socket to the server from `localAddress`; `opened` collects it for the test's cleanup. */
export function openSocket(
  url: URL,
  opened: Socket[],
  localAddress = '127.0.0.1',
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress }, () =>
      resolve(socket),
    );
    socket.on('error', reject);
    opened.push(socket);
  });
}

/** Everything the server writes on a socket until it closes it. */
export function answerOn(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
  });
}

/** A request head for POST /mcp announcing a body of `length` bytes. */
export function postHead(length: number, apiKey?: string): string {
  return [
    'POST /mcp HTTP/1.1',
    'Host: 127.0.0.1',
    'Accept: application/json, text/event-stream',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...(apiKey ? [`Authorization: Bearer ${apiKey}`] : []),
    '',
    '',
  ].join('\r\n');
}

/**
 * Keeps `count` sockets from `localAddress` writing `first`, then `drip` every 200 ms, each reopened
 * when the server drops it, until stopped: a header trickle or a slow body, as `first` says.
 */
export function trickle(
  url: URL,
  count: number,
  {
    first,
    drip,
    localAddress = ATTACKER_ADDRESS,
  }: { first: string; drip: string; localAddress?: string },
): { stop(): void; dropped(): number } {
  let stopped = false;
  let dropped = 0;
  const open = new Set<Socket>();
  const start = () => {
    if (stopped) return;
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress });
    open.add(socket);
    socket.on('error', () => {});
    socket.write(first);
    const timer = setInterval(() => socket.write(drip), 200);
    socket.on('close', () => {
      clearInterval(timer);
      open.delete(socket);
      dropped += 1;
      setTimeout(start, 50);
    });
  };
  for (let i = 0; i < count; i++) start();
  return {
    stop() {
      stopped = true;
      for (const socket of open) socket.destroy();
    },
    dropped: () => dropped,
  };
}

/** A whole head announcing a body, then the body a byte at a time: the slow-body attack. */
export const dripBodies = (url: URL, count: number) =>
  trickle(url, count, { first: postHead(1_000), drip: '[' });

/** A head a byte at a time, never finished: the slowloris. */
export const trickleHeaders = (url: URL, count: number) =>
  trickle(url, count, { first: 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', drip: 'a' });
