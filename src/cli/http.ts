// --http mode: MCP over Streamable HTTP at /mcp on node:http, both protocol eras on one endpoint; stateless, a fresh server per request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Runtime } from '../compose.js';
import type { Logger } from '../log.js';
import { loadTools } from '../mcp/register.js';
import { withProtoStandIn } from '../mcp/strict-arguments.js';
import { EXIT_STATUS } from './exit-status.js';
import { admitHeads, clientAddress, createBodyReader, rpcError } from './http-admission.js';
import { isLoopbackBind, type ListenArgs, parseHttpArgs } from './http-args.js';
import { sendWebResponse, webRequest } from './http-bridge.js';
import { createSlots } from './http-slots.js';

export const MCP_PATH = '/mcp';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** Slow headers must not hold a socket: a request's headers arrive within this or it is dropped. */
export const HEADERS_TIMEOUT_MS = 5_000;
/** Node's own bound on a whole request, head and body: a backstop behind the body deadline. */
const REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 64;
/** Sockets still sending their headers at once; the oldest is dropped to make room for a new one. */
export const DEFAULT_MAX_HEADER_SOCKETS = 16;
/** The defaults of config.ts's NETWORK_DISCOVERY_HTTP_* body and address limits. */
export const DEFAULT_MAX_BODY_BYTES = 131_072;
export const DEFAULT_BODY_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BODY_SOCKETS = 16;
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 32;

export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  type HttpArgs,
  isLoopbackBind,
  parseHttpArgs,
} from './http-args.js';

export interface HttpOptions extends ListenArgs {
  /** Requests in progress at once (their headers sent); more are answered 503 at once. */
  readonly maxConnections?: number;
  /** Sockets still sending headers at once, besides those; beyond it the oldest is dropped. */
  readonly maxHeaderSockets?: number;
  readonly headersTimeoutMs?: number;
  /** The largest request body read; a larger one is answered 413. */
  readonly maxBodyBytes?: number;
  /** A request's whole body must arrive within this after its head, else 408. */
  readonly bodyTimeoutMs?: number;
  /** Requests still receiving their body at once, besides those in progress; beyond it the oldest is dropped. */
  readonly maxBodySockets?: number;
  /** Connections one client address may hold open at once; more are answered 503. */
  readonly maxConnectionsPerAddress?: number;
}

/** The Host names a request may carry; undefined means "not checked" (wildcard bind, no list). */
export function allowedHostnames(options: HttpOptions): Set<string> | undefined {
  const bound = options.host.toLowerCase();
  if (WILDCARD_HOSTS.has(bound) && options.allowedHosts.length === 0) return undefined;
  const names = new Set([...LOOPBACK_HOSTS, ...options.allowedHosts]);
  if (!WILDCARD_HOSTS.has(bound)) names.add(bound.includes(':') ? `[${bound}]` : bound);
  return names;
}

/** DNS rebinding guard: Host (and Origin, when sent) must name this server, not the attacker's site. */
export function checkOrigin(
  headers: IncomingMessage['headers'],
  allowed: Set<string> | undefined,
): string | undefined {
  if (!allowed) return undefined;
  const hostname = (value: string) => {
    try {
      return new URL(value).hostname.toLowerCase();
    } catch {
      return undefined;
    }
  };
  const host = headers.host ? hostname(`http://${headers.host}`) : undefined;
  if (!host || !allowed.has(host))
    return `Host header ${JSON.stringify(headers.host ?? '')} is not allowed`;
  const origin = headers.origin;
  if (origin !== undefined) {
    const name = hostname(origin);
    if (!name || !allowed.has(name)) return `Origin ${JSON.stringify(origin)} is not allowed`;
  }
  return undefined;
}

/** The caller's own key from `Authorization: Bearer ...`; null when the header is malformed. */
export function bearerKey(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface HttpServerHandle {
  readonly url: URL;
  close(): Promise<void>;
}

export async function startHttpServer(
  runtime: Runtime,
  options: HttpOptions,
  log: Logger,
): Promise<HttpServerHandle> {
  const allowed = allowedHostnames(options);
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeout),
      // How often node looks for requests past those limits (default 30 s, which would let a
      // slow client hold a socket three times longer than the limit says).
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
      keepAliveTimeout: 1,
    },
    (req, res) => {
      headersDone(req.socket);
      // One request per connection: an idle keep-alive socket would wait for headers uncounted.
      res.shouldKeepAlive = false;
      handle(req, res).catch((error: unknown) => {
        log.error(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) rpcError(res, 500, -32603, 'Internal server error');
      });
    },
  );
  // One request per connection, whatever a handler's headers say: a second request pipelined on
  // the socket is never served (node answers it 503 and closes).
  server.maxRequestsPerSocket = 1;
  // Sockets still sending a head, requests still sending a body and requests in progress are
  // capped apart, so a client that trickles either takes slots of its own kind (and loses them
  // to newcomers), never request slots; and one address holds at most so many of them.
  const maxInProgress = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const maxHeaderSockets = options.maxHeaderSockets ?? DEFAULT_MAX_HEADER_SOCKETS;
  const maxBodySockets = options.maxBodySockets ?? DEFAULT_MAX_BODY_SOCKETS;
  const perAddress = options.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
  // The sockets node accepts at all (beyond it node resets them): room for the 503s of the door.
  server.maxConnections = maxInProgress + maxBodySockets + 5 * maxHeaderSockets;
  const headersDone = admitHeads(server, { cap: maxHeaderSockets });
  const takeSlot = createSlots({ max: maxInProgress, perCaller: perAddress });
  const readBody = createBodyReader({
    maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxReceiving: maxBodySockets,
  });

  // One handler for both eras: 2026-07-28 requests carry their era and capabilities in each
  // body; 2025-11-25 ones are served statelessly. The caller's key and address ride in authInfo.
  const mcp = createMcpHandler(
    ({ authInfo }) => {
      const caller = authInfo?.extra as { key?: string; address?: string } | undefined;
      return runtime.createServer(caller?.key, 'http', caller?.address);
    },
    { onerror: () => {}, maxRequestBodySize: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES },
  );

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const refused = checkOrigin(req.headers, allowed);
    if (refused) return rpcError(res, 403, -32000, `Forbidden: ${refused}`);
    if (path === '/healthz' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    if (path !== MCP_PATH)
      return rpcError(res, 404, -32000, `Not found: MCP is served at ${MCP_PATH}`);
    // Stateless: no session to resume or delete, and no standalone stream to open.
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return rpcError(res, 405, -32000, 'Method not allowed: this server is stateless, use POST');
    }
    const key = bearerKey(req.headers.authorization);
    if (key === null) {
      return rpcError(res, 401, -32001, 'Authorization must be "Bearer <user API key>"');
    }
    const text = await readBody(req, res);
    if (text === undefined) return;
    const address = clientAddress(req.socket.remoteAddress);
    const accepted = runtime.acceptedKey(key);
    if (!takeSlot(res, { accepted, id: accepted ? (key ?? '') : address })) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(res, 400, -32700, 'Parse error: the body is not JSON');
    }
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    const response = await mcp.fetch(webRequest(req, text, aborted.signal), {
      parsedBody: withProtoStandIn(body),
      authInfo: {
        token: '',
        clientId: '',
        scopes: [],
        extra: { key, address },
      },
    });
    await sendWebResponse(response, res);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  if (!isLoopbackBind(options.host)) {
    log.warn(
      `listening on ${host}, not loopback (--allow-remote): anyone who reaches this port can call the tools; without a bearer key they use the configured key.`,
    );
  }
  if (!allowed) {
    log.warn(
      `listening on every interface without --allowed-host: Host and Origin are not checked. Put it behind a proxy that checks them, or pass --allowed-host <public name>.`,
    );
  }
  return {
    url: new URL(`http://${host}:${address.port}${MCP_PATH}`),
    close: () =>
      new Promise<void>((resolve) => {
        void mcp.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface HttpModeContext {
  readonly log: Logger;
  /** Whether NETWORK_DISCOVERY_TOKEN_SECRET is set (replicas must share it). */
  readonly tokenSecretSet: boolean;
  /** NETWORK_DISCOVERY_CONFIRM=token: the only way a write can be confirmed over stateless HTTP. */
  readonly tokenPath?: boolean;
  readonly onClose: () => Promise<void>;
}

/** The CLI side of --http: parse flags, serve until a signal; returns an exit status (3: bad flags). */
export async function runHttpMode(
  runtime: Runtime,
  argv: readonly string[],
  context: HttpModeContext,
): Promise<number> {
  const { log } = context;
  const args = parseHttpArgs(argv);
  if (!args.ok) {
    log.error(`cannot start, invalid HTTP options: ${args.problems.join('; ')}`);
    // The demo's sample API would otherwise keep the process alive.
    await Promise.allSettled([runtime.close(), context.onClose()]);
    return EXIT_STATUS.badArguments;
  }
  // The SDK's HTTP entry reads a called tool's input schema as JSON before dispatching to it,
  // synchronously: every tool is loaded before the first request (stdio loads each on its first call).
  await loadTools();
  if (runtime.httpWrites && context.tokenPath) {
    log.warn(
      "NETWORK_DISCOVERY_HTTP_WRITES=true with NETWORK_DISCOVERY_CONFIRM=token: HTTP callers can write, confirmed by the preview token alone (over stateless HTTP a 2025-11-25 client can show neither a form nor an app's Confirm button), so no person is verified by this server. Leave NETWORK_DISCOVERY_CONFIRM unset to refuse them.",
    );
  } else if (runtime.httpWrites) {
    log.warn(
      "NETWORK_DISCOVERY_HTTP_WRITES=true: a client speaking MCP 2026-07-28 that declares forms confirms each write in a form; a 2025-11-25 client over stateless HTTP can show neither a form nor an app's Confirm button, so its writes are refused. NETWORK_DISCOVERY_CONFIRM=token would accept the preview token instead (no person verified).",
    );
  }
  if (runtime.httpWrites && context.tokenPath && !context.tokenSecretSet) {
    log.warn(
      'NETWORK_DISCOVERY_TOKEN_SECRET is not set: confirmation tokens are signed with a random per-process key, so behind a load balancer another replica refuses them. Set the same secret on every replica.',
    );
  }
  if (runtime.httpWrites && context.tokenPath && runtime.spentStore === 'this process only') {
    log.warn(
      'used confirmation tokens are recorded in this process only: replicas given one token at once would each write. Set NETWORK_DISCOVERY_AUDIT_LOG to one file for replicas on one machine, or NETWORK_DISCOVERY_REDIS_URL for replicas on several.',
    );
  }
  const server = await startHttpServer(runtime, { ...args.options, ...runtime.httpLimits }, log);
  log.info(`serving MCP over Streamable HTTP at ${server.url.href} (stateless)`);
  const shutdown = async () => {
    await Promise.allSettled([server.close(), runtime.close(), context.onClose()]);
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  return 0;
}
