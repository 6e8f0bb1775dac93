// --http's door: caps on sockets per client address, on sockets still sending a head, and on requests still sending a body.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One JSON-RPC error answer, the connection closed after it. */
export function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * At most `cap` open connections from one client address; the next is answered 503 and closed
 * before anything of it is read. Without it one client's hundreds of connections (idle keep-alive
 * ones, or a header trickle) took every socket node accepts, and another client's call waited
 * seconds. Behind a proxy every caller has the proxy's address: raise the cap there, and limit
 * per client in the proxy.
 */
export function capPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Server busy: too many connections from your address' },
        id: null,
      });
      socket.on('error', () => {});
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      socket.destroySoon();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Sockets that have connected but not yet sent a whole request head, oldest first. A client that
 * trickles headers on many sockets would otherwise fill every connection slot until the headers
 * timeout, locking out every other caller. Beyond `cap` the OLDEST such socket is dropped, not the
 * new one, so the trickler's sockets make room for real callers rather than for nobody.
 *
 * A socket that has sent part of a head and is still waiting is slow on purpose (a real client's
 * head, read whole, completes at once): such sockets go first, at once. Sockets that have sent
 * nothing may be real clients this busy process has not read yet (sockets accepted together are
 * read on the next turn), so the oldest of them go only after two more turns of the event loop.
 */
export function capHeaderPhase(server: Server, cap: number): (socket: Socket) => void {
  const waiting = new Set<Socket>();
  let scheduled = false;
  const trim = (silentToo: boolean) => {
    while (waiting.size > cap) {
      const slow = [...waiting].find((socket) => socket.bytesRead > 0);
      const oldest = slow ?? (silentToo ? waiting.values().next().value : undefined);
      if (!oldest) break;
      waiting.delete(oldest);
      oldest.destroy();
    }
  };
  server.on('connection', (socket: Socket) => {
    // Refused at the door by the per-address cap: never waits for a head.
    if (socket.writableEnded) return;
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
    trim(false);
    if (waiting.size > cap && !scheduled) {
      scheduled = true;
      // Past this turn's reads and the next poll's, so a head already sent has been parsed.
      setImmediate(() =>
        setImmediate(() => {
          scheduled = false;
          trim(true);
        }),
      );
    }
  });
  // Called once a socket's request head is complete.
  return (socket) => waiting.delete(socket);
}

export interface BodyLimits {
  /** The largest body read; a larger one is answered 413 (at once when Content-Length says so). */
  readonly maxBytes: number;
  /** The whole body must arrive within this after the head, else 408. */
  readonly timeoutMs: number;
  /** Requests still receiving their body at once; beyond it the oldest is dropped. */
  readonly maxReceiving: number;
}

/** What a request body came to: its text, or nothing when the request was already answered. */
export type BodyReader = (req: IncomingMessage, res: ServerResponse) => Promise<string | undefined>;

/**
 * Reads request bodies under three limits. The SDK would read up to 4 MB for as long as the
 * client takes: 64 sockets dripping a body a byte a second held every request slot (1 call of 40
 * answered), and 64 bodies of 4 MB of nested arrays took the process from 54 to 690 MB. Here a
 * body is at most `maxBytes`, arrives within `timeoutMs`, and requests still receiving one are
 * capped apart from requests in progress: beyond `maxReceiving` the one receiving longest is
 * dropped (a real client's body comes with its head; one still arriving is the slow one).
 */
export function createBodyReader(limits: BodyLimits): BodyReader {
  // Insertion order is age: the first entry has been receiving longest.
  const receiving = new Map<IncomingMessage, () => void>();
  return (req, res) =>
    new Promise((resolve) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        rpcError(res, 413, -32000, tooLarge(limits.maxBytes));
        return resolve(undefined);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const stop = (answer?: () => void) => {
        if (!receiving.delete(req)) return;
        clearTimeout(timer);
        req.removeAllListeners('data');
        answer?.();
        resolve(undefined);
        // Unread bytes are not waited for: the socket goes once the answer is written.
        if (res.writableEnded) res.once('finish', () => req.socket.destroy());
        else req.socket.destroy();
      };
      const timer = setTimeout(
        () =>
          stop(() =>
            rpcError(
              res,
              408,
              -32000,
              `Request timeout: the body did not arrive within ${limits.timeoutMs} ms`,
            ),
          ),
        limits.timeoutMs,
      );
      receiving.set(req, () => stop());
      if (receiving.size > limits.maxReceiving) receiving.values().next().value?.();
      req.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > limits.maxBytes) {
          stop(() => rpcError(res, 413, -32000, tooLarge(limits.maxBytes)));
          return;
        }
        chunks.push(chunk);
      });
      req.once('end', () => {
        if (!receiving.delete(req)) return;
        clearTimeout(timer);
        resolve(Buffer.concat(chunks, size).toString('utf8'));
      });
      req.once('close', () => stop());
    });
}

function tooLarge(maxBytes: number): string {
  return `Payload too large: request bodies are limited to ${maxBytes} bytes (NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES)`;
}
