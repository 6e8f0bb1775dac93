// The built-in sample API: a real node:http server on 127.0.0.1 that records requests and takes faults.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SampleData, sampleData } from './data.js';
import type { SampleRequest, SampleResponse } from './exchange.js';
import { createRoutes, type RouteOptions } from './routes.js';

export interface RecordedRequest extends SampleRequest {
  readonly at: number;
}

/** Lets a test answer a request itself (a fault); return true when it has answered. */
export type Intercept = (
  request: RecordedRequest,
  response: ServerResponse,
) => boolean | Promise<boolean>;

export interface SampleApiOptions extends Partial<RouteOptions> {
  readonly data?: SampleData;
  /** The Scanopy version to play when no data is given (default 0.14.13, the contract's). */
  readonly scanopyVersion?: string | undefined;
  /** A single accepted key (shorthand for apiKeys); undefined with no apiKeys means any scp_u_ key. */
  readonly apiKey?: string | undefined;
  readonly intercept?: Intercept;
  /**
   * Enforce the service's quota (Scanopy's: 300 a minute, burst 150): a token bucket that answers
   * 429 with X-RateLimit-Remaining 0 and the wait in Retry-After and X-RateLimit-Reset, whole
   * seconds truncated as 0.14.13 does (often 0), rounded up from 0.14.17 on.
   */
  readonly rateLimit?: { readonly perMinute: number; readonly burst: number };
  readonly port?: number;
}

export interface SampleApi {
  readonly url: URL;
  readonly data: SampleData;
  readonly requests: RecordedRequest[];
  /** New TCP connections accepted so far. */
  connections(): number;
  /** Responses that were 429 because of the rate limit. */
  rateLimited(): number;
  setIntercept(intercept: Intercept | undefined): void;
  close(): Promise<void>;
}

export async function startSampleApi(options: SampleApiOptions = {}): Promise<SampleApi> {
  const data = options.data ?? sampleData(options.scanopyVersion);
  const route = createRoutes(data, {
    apiKeys: options.apiKeys ?? (options.apiKey ? [options.apiKey] : 'any'),
    sessions: options.sessions ?? [],
    role: options.role ?? 'admin',
    offerSnmpRoutes: options.offerSnmpRoutes ?? true,
    // The contract's release-notes route exists in no Scanopy release: the sample answers 404 as
    // real Scanopy does (so demo mode agrees with get_version), unless a test asks for the route.
    offerReleaseNotes: options.offerReleaseNotes ?? false,
    ...(options.login ? { login: options.login } : {}),
    ...(options.names ? { names: options.names } : {}),
    ...(options.ignoreDiscoveryFilters ? { ignoreDiscoveryFilters: true } : {}),
    ...(options.idsFilter ? { idsFilter: options.idsFilter } : {}),
  });
  const requests: RecordedRequest[] = [];
  let intercept = options.intercept;
  let connections = 0;
  let limited = 0;
  const bucket = options.rateLimit
    ? createBucket(options.rateLimit.perMinute, options.rateLimit.burst)
    : undefined;

  const server = createServer(async (req, res) => {
    const recorded = await record(req);
    requests.push(recorded);
    try {
      if (intercept && (await intercept(recorded, res))) return;
      const waitMs = bucket?.take();
      if (waitMs !== undefined && waitMs > 0) {
        limited++;
        const wait = String(
          roundsUp(data.serverVersion) ? Math.ceil(waitMs / 1000) : Math.floor(waitMs / 1000),
        );
        return send(res, {
          status: 429,
          headers: {
            'content-type': 'application/json',
            'retry-after': wait,
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': wait,
          },
          body: JSON.stringify({
            success: false,
            error: 'Rate limit exceeded',
            meta: { api_version: 1 },
          }),
        });
      }
      send(res, route(recorded));
    } catch (error) {
      if (!res.headersSent) send(res, { status: 500, body: String(error) });
    }
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: new URL(`http://127.0.0.1:${port}`),
    data,
    requests,
    connections: () => connections,
    rateLimited: () => limited,
    setIntercept: (next) => {
      intercept = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    at: Date.now(),
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers,
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

function send(res: ServerResponse, response: SampleResponse): void {
  const headers = {
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': '99',
    'x-ratelimit-reset': '60',
    ...response.headers,
  };
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** A token bucket: `burst` at once, refilled at perMinute/60 per second; take() says how long to wait (0: taken). */
function createBucket(perMinute: number, burst: number) {
  let tokens = burst;
  let last = Date.now();
  return {
    take(): number {
      const now = Date.now();
      tokens = Math.min(burst, tokens + ((now - last) / 60_000) * perMinute);
      last = now;
      if (tokens < 1) return ((1 - tokens) * 60_000) / perMinute;
      tokens -= 1;
      return 0;
    },
  };
}

/** Scanopy rounds the 429's wait up from 0.14.17 (before: truncated, usually 0). */
function roundsUp(version: string | undefined): boolean {
  const [major = 0, minor = 0, patch = 0] = (version ?? '')
    .replace(/^v/, '')
    .split('.')
    .map(Number);
  return major > 0 || minor > 14 || (minor === 14 && patch >= 17);
}
