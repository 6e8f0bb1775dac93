// Sends one HTTP request over a keep-alive undici pool: timeouts, cancellation, size cap, no redirects.
import type { Agent, Dispatcher } from 'undici';
import {
  CancelledError,
  type Endpoint,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
} from './errors.js';

export interface RawRequest {
  readonly endpoint: Endpoint;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

export interface HttpSender {
  send(request: RawRequest): Promise<RawResponse>;
  close(): Promise<void>;
}

export interface HttpSenderOptions {
  /** The whole request, from dispatch to the last body byte; each phase below fits inside it. */
  readonly timeoutMs: number;
  /** TCP (and TLS) connection set-up; default the smaller of 10 s and timeoutMs. */
  readonly connectTimeoutMs?: number | undefined;
  /** From the request written to the response headers; default timeoutMs. */
  readonly headersTimeoutMs?: number | undefined;
  /** The longest silence between two body chunks; default timeoutMs. */
  readonly bodyTimeoutMs?: number | undefined;
  readonly maxResponseBytes: number;
  /** Size of the keep-alive pool per origin. */
  readonly connections?: number;
}

const CONNECT_TIMEOUT_CAP_MS = 10_000;

const TIMEOUT_CODES: Readonly<Record<string, TimeoutError['phase']>> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

export function createHttpSender(options: HttpSenderOptions): HttpSender {
  const phaseMs: Readonly<Record<TimeoutError['phase'], number>> = {
    connect: Math.min(options.connectTimeoutMs ?? CONNECT_TIMEOUT_CAP_MS, options.timeoutMs),
    headers: Math.min(options.headersTimeoutMs ?? options.timeoutMs, options.timeoutMs),
    body: Math.min(options.bodyTimeoutMs ?? options.timeoutMs, options.timeoutMs),
    total: options.timeoutMs,
  };
  let agentPromise: Promise<Agent> | undefined;
  // undici costs ~100 ms to import: load it on the first request, not at start-up.
  const agent = () => {
    agentPromise ??= import('undici').then(
      ({ Agent }) =>
        new Agent({
          connections: options.connections ?? 16,
          connect: { timeout: phaseMs.connect },
          headersTimeout: phaseMs.headers,
          bodyTimeout: phaseMs.body,
          keepAliveTimeout: 30_000,
        }),
    );
    return agentPromise;
  };

  const send = async (request: RawRequest): Promise<RawResponse> => {
    const { endpoint, url } = request;
    if (request.signal?.aborted) throw new CancelledError(endpoint);
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    try {
      const dispatcher = await agent();
      if (request.signal?.aborted) throw new CancelledError(endpoint);
      // undici never follows redirects unless asked to: a 3xx comes back as it is.
      const response = await dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: endpoint.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body ?? null,
        signal,
      });
      const text = await readCapped(response, options.maxResponseBytes, endpoint);
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      if (request.signal?.aborted) throw new CancelledError(endpoint);
      const classified = classify(error, endpoint, url.origin, phaseMs);
      if (classified instanceof TimeoutError || !deadline.aborted) throw classified;
      throw new TimeoutError(endpoint, options.timeoutMs, 'total');
    }
  };

  return {
    send,
    close: async () => {
      if (agentPromise) await (await agentPromise).destroy();
    },
  };
}

/** Reads a body as text, refusing to buffer more than `limit` bytes (the rest is never read). */
async function readCapped(
  response: Dispatcher.ResponseData,
  limit: number,
  endpoint: Endpoint,
): Promise<string> {
  const { body } = response;
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    body.destroy();
    throw new ResponseTooLargeError(endpoint, limit);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      body.destroy();
      throw new ResponseTooLargeError(endpoint, limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function classify(
  error: unknown,
  endpoint: Endpoint,
  origin: string,
  phaseMs: Readonly<Record<TimeoutError['phase'], number>>,
): Error {
  if (error instanceof ResponseTooLargeError || error instanceof CancelledError) return error;
  const code = errorCode(error);
  const phase = code ? TIMEOUT_CODES[code] : undefined;
  if (phase) return new TimeoutError(endpoint, phaseMs[phase], phase);
  return new NetworkError(endpoint, code, origin, { cause: error });
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // undici wraps the socket error; the useful code (ECONNREFUSED, ...) may sit on the cause.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') return code;
    current = (current as { cause?: unknown }).cause;
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
