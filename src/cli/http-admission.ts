// --http's door: caps on sockets still sending a head (in all, and per client address) and on requests still sending a body.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One JSON-RPC error answer, the connection closed after it. */
export function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * The address a client is counted under. Every loopback spelling (127.0.0.0/8, ::1, and
 * ::ffff:127.x) is one: on the default bind every local client is local, and one client on
 * 127.0.0.2-4 held three times the share of a client on 127.0.0.1. An IPv4-mapped IPv6 address
 * counts as its IPv4 address.
 */
export function clientAddress(remote: string | undefined): string {
  const address = (remote ?? '').toLowerCase();
  const v4 = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return 'loopback';
  return v4;
}

/** A socket still sending its head is slow once this old; younger, it may just not be read yet. */
export const HEAD_GRACE_MS = 1_000;

export interface HeadLimits {
  /** Sockets still sending a head; beyond it slow ones are dropped. */
  readonly cap: number;
  readonly graceMs?: number;
  readonly now?: () => number;
}

/**
 * Sockets that have connected but not yet sent a whole request head. A client that trickles
 * headers on many sockets would otherwise fill every connection slot until the headers timeout.
 * Only slow sockets are dropped: one that has sent part of a head and is still waiting (a real
 * client's head, read whole, completes at once) goes first, at any age; one that has sent nothing
 * goes only once older than `graceMs`, since a busy process may simply not have read it yet (a
 * burst of 40 callers lost 108 of 384 requests when such sockets were reset after two turns of the
 * event loop). Beyond `cap` slow sockets are dropped, oldest first; a newcomer that finds four
 * times `cap` waiting takes the place of the oldest socket silent for two turns, and when there is
 * none it is answered 503 with Retry-After, never reset.
 * There is no cap per address here: every local client has one address, and a burst of 40 local
 * callers is ordinary (requests in progress are capped per address, http-slots.ts).
 */
export function admitHeads(server: Server, limits: HeadLimits): (socket: Socket) => void {
  const { cap, graceMs = HEAD_GRACE_MS, now = Date.now } = limits;
  const ceiling = 4 * cap;
  /** Socket -> when it was accepted; insertion order is age. */
  const waiting = new Map<Socket, number>();
  /** Silent sockets this process has had two turns of the event loop to read. */
  const settled = new Set<Socket>();
  const forget = (socket: Socket) => {
    waiting.delete(socket);
    settled.delete(socket);
  };
  /**
   * Drops the slowest socket; false when none is slow. At the ceiling a silent socket that has
   * been waiting two turns counts as slow too: an idle flood must not lock newcomers out for a
   * whole grace period, and an ordinary burst stays far below four times the cap.
   */
  const dropSlow = (atCeiling = false): boolean => {
    let victim: Socket | undefined;
    let settledVictim: Socket | undefined;
    const oldEnough = now() - graceMs;
    for (const [socket, at] of waiting) {
      if (socket.bytesRead > 0) {
        victim = socket;
        break;
      }
      if (!victim && at <= oldEnough) victim = socket;
      if (!settledVictim && settled.has(socket)) settledVictim = socket;
    }
    if (!victim && atCeiling) victim = settledVictim;
    if (!victim) return false;
    forget(victim);
    victim.destroy();
    return true;
  };
  let scheduled = false;
  server.on('connection', (socket: Socket) => {
    if (waiting.size >= ceiling && !dropSlow(true)) return busy(socket, 'too many connections');
    waiting.set(socket, now());
    setImmediate(() =>
      setImmediate(() => {
        if (waiting.has(socket)) settled.add(socket);
      }),
    );
    socket.once('close', () => forget(socket));
    if (waiting.size > cap && !scheduled) {
      scheduled = true;
      // Past this turn's reads and the next poll's, so a head already sent has been parsed.
      setImmediate(() =>
        setImmediate(() => {
          scheduled = false;
          while (waiting.size > cap && dropSlow()) {}
        }),
      );
    }
  });
  // Called once a socket's request head is complete.
  return forget;
}

/** Answers 503 with Retry-After on a socket nothing has been read from, and closes it. */
function busy(socket: Socket, why: string): void {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code: -32000, message: `Server busy: ${why}; retry shortly` },
    id: null,
  });
  socket.on('error', () => {});
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroySoon();
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
