// Sends one HTTP request over a keep-alive node:http(s) pool: timeouts, cancellation, size cap, no redirects.
//
// node:http rather than undici: undici compiles its WebAssembly HTTP parser on first use, 20-31 MB
// resident for the life of the process (bench target 10), a third to a half of the memory budget.
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import {
  CancelledError,
  type Endpoint,
  NetworkError,
  ResponsesBusyError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';
import { BudgetWaitExpired, createResponseBudget, type ResponseBudget } from './response-budget.js';
import { createBodyCollector } from './young-collection.js';

export interface RawRequest {
  readonly endpoint: Endpoint;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Whose share of the response budget the answer counts against (a quota queue's name). */
  readonly caller?: string | undefined;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text (decoded on first read when the bytes are there). */
  readonly text: string;
  /** A body over 64 KB, as received: a list page is read from these bytes without decoding them all. */
  readonly bytes?: Buffer | undefined;
  /**
   * With the bytes: keeps them counted against the response budget until the returned function
   * is called. Asked in the promise reactions that deliver the answer (the same turn of the event
   * loop), before which the count would be given back; a parse in turns holds it to its end.
   */
  readonly hold?: (() => () => void) | undefined;
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
  /**
   * Response bytes held at once by every request of this sender together; beyond it bodies wait
   * their turn, then are refused. Default: unbounded.
   */
  readonly responseBytesInFlight?: number | undefined;
  /** The longest a body waits for that budget before the call is refused; default 10 s. */
  readonly responseBudgetWaitMs?: number | undefined;
  /** Size of the keep-alive pool per origin. */
  readonly connections?: number;
}

/** The keep-alive pool's sockets per origin when `connections` is not given. */
export const DEFAULT_POOL_CONNECTIONS = 16;
const CONNECT_TIMEOUT_CAP_MS = 10_000;
const BUDGET_WAIT_MS = 10_000;
/** Bounds of the blocks a body is held in (see createBodyBlocks). */
const MIN_BODY_BLOCK = 16_384;
const MAX_BODY_BLOCK = 1_048_576;
/**
 * A body up to this size is decoded as soon as it ends and its blocks let go: such a page is parsed
 * whole anyway (bounded-json.ts), and keeping its bytes beside the text until the parse raised the
 * peak RSS over 1,000 list calls of 50 from 69 to 93 MB (bench/footprint.ts, target 9). Larger
 * bodies keep their bytes, so a hostile answer is never decoded whole.
 */
const DECODED_UP_TO = 64 * 1024;
/** An idle pooled connection is closed after this long (sooner if the server's Keep-Alive says so). */
const IDLE_SOCKET_MS = 30_000;

type Phase = TimeoutError['phase'];
type RequestFn = (url: URL, options: RequestOptions) => ClientRequest;

/** A phase ran out of time; turned into a TimeoutError once the request is torn down. */
class PhaseTimeout extends Error {
  constructor(readonly phase: Phase) {
    super(`${phase} timeout`);
  }
}

export function createHttpSender(options: HttpSenderOptions): HttpSender {
  const phaseMs: Readonly<Record<Phase, number>> = {
    connect: Math.min(options.connectTimeoutMs ?? CONNECT_TIMEOUT_CAP_MS, options.timeoutMs),
    headers: Math.min(options.headersTimeoutMs ?? options.timeoutMs, options.timeoutMs),
    body: Math.min(options.bodyTimeoutMs ?? options.timeoutMs, options.timeoutMs),
    total: options.timeoutMs,
  };
  const budget = createResponseBudget(
    options.responseBytesInFlight ?? Number.POSITIVE_INFINITY,
    options.responseBudgetWaitMs ?? BUDGET_WAIT_MS,
  );
  const limits: BodyLimits = {
    maxBytes: options.maxResponseBytes,
    budget,
    budgetBytes: options.responseBytesInFlight ?? Number.POSITIVE_INFINITY,
  };
  const pools = new Map<string, Promise<{ agent: Agent; request: RequestFn }>>();
  // node:https (and tls) load only when an https:// address is first used.
  const pool = (protocol: string) => {
    let entry = pools.get(protocol);
    if (!entry) {
      const agentOptions = {
        keepAlive: true,
        maxSockets: options.connections ?? DEFAULT_POOL_CONNECTIONS,
        timeout: IDLE_SOCKET_MS,
      };
      entry =
        protocol === 'https:'
          ? import('node:https').then((m) => ({
              agent: new m.Agent(agentOptions),
              request: m.request as RequestFn,
            }))
          : import('node:http').then((m) => ({
              agent: new m.Agent(agentOptions),
              request: m.request as RequestFn,
            }));
      pools.set(protocol, entry);
    }
    return entry;
  };

  const send = async (request: RawRequest): Promise<RawResponse> => {
    const { endpoint, url } = request;
    if (request.signal?.aborted) throw new CancelledError(endpoint);
    try {
      const { agent, request: open } = await pool(url.protocol);
      if (request.signal?.aborted) throw new CancelledError(endpoint);
      return await exchange(open, agent, request, phaseMs, limits);
    } catch (error) {
      if (request.signal?.aborted) throw new CancelledError(endpoint);
      throw classify(error, endpoint, url.origin, phaseMs);
    }
  };

  return {
    send,
    close: async () => {
      for (const entry of pools.values()) (await entry).agent.destroy();
      pools.clear();
    },
  };
}

/**
 * One request and its response, never following a redirect: a deadline for the whole exchange and
 * one timer for the current phase (plain timers: AbortSignal.any costs more than the request).
 */
function exchange(
  open: RequestFn,
  agent: Agent,
  request: RawRequest,
  phaseMs: Readonly<Record<Phase, number>>,
  limits: BodyLimits,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) {
      headers['content-length'] = String(Buffer.byteLength(request.body));
    }
    const req = open(request.url, { method: request.endpoint.method, headers, agent });
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
    };
    // Rejects before tearing down, so the phase (not the torn socket) is what the caller sees.
    const fail = (error: unknown) => {
      done();
      reject(error);
      req.destroy();
    };
    const arm = (phase: Exclude<Phase, 'total'>) => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(new PhaseTimeout(phase)), phaseMs[phase]);
    };
    const deadline = setTimeout(() => fail(new PhaseTimeout('total')), phaseMs.total);
    const onAbort = () => fail(new CancelledError(request.endpoint));
    request.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', fail);
    // The connect phase (TCP, and TLS for https) starts when the pool hands out a new socket, not
    // while the request waits in the queue; the headers phase once the request is written.
    let connected = false;
    let written = false;
    req.once('socket', (socket) => {
      if (!socket.connecting) {
        connected = true;
        return;
      }
      arm('connect');
      socket.once('encrypted' in socket ? 'secureConnect' : 'connect', () => {
        connected = true;
        if (written) arm('headers');
        else clearTimeout(timer);
      });
    });
    req.once('finish', () => {
      written = true;
      if (connected) arm('headers');
    });
    req.once('response', (response) => {
      arm('body');
      // The body timer measures silence: each chunk restarts it. Waiting for the response budget
      // is not the service's silence: the timer stops meanwhile (the deadline still runs).
      const bodyTimer: BodyTimer = {
        chunk: () => timer?.refresh(),
        pause: () => clearTimeout(timer),
        resume: () => arm('body'),
      };
      readCapped(response, limits, request, bodyTimer).then(({ body, hold }) => {
        done();
        const status = response.statusCode ?? 0;
        if (typeof body === 'string') {
          resolve({ status, headers: response.headers, text: body });
          return;
        }
        let text: string | undefined;
        resolve({
          status,
          headers: response.headers,
          bytes: body,
          hold,
          // Decoded only when asked for: a bounded list parse reads the bytes alone.
          get text() {
            text ??= body.toString('utf8');
            return text;
          },
        });
      }, fail);
    });
    req.end(request.body);
  });
}

/** The body phase's silence timer: restarted by each chunk, stopped while waiting for the budget. */
interface BodyTimer {
  chunk(): void;
  pause(): void;
  resume(): void;
}

interface BodyLimits {
  readonly maxBytes: number;
  readonly budget: ResponseBudget;
  readonly budgetBytes: number;
}

/**
 * Reads a body, refusing to buffer more than `maxBytes` bytes (the rest is never read),
 * and pausing while the process-wide budget is spent.
 */
function readCapped(
  response: IncomingMessage,
  limits: BodyLimits,
  { endpoint, caller }: RawRequest,
  timer: BodyTimer,
): Promise<{ body: Buffer | string; hold: () => () => void }> {
  const limit = limits.maxBytes;
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      response.destroy();
      reject(new ResponseTooLargeError(endpoint, limit));
      return;
    }
    const reader = limits.budget.open(caller);
    const fail = (error: unknown) => {
      reader.close();
      reject(error);
    };
    const body = createBodyBlocks(declared);
    const collect = createBodyCollector();
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        response.destroy();
        fail(new ResponseTooLargeError(endpoint, limit));
        return;
      }
      body.append(chunk);
      collect(chunk.byteLength);
      if (reader.take(chunk.byteLength)) return timer.chunk();
      response.pause();
      timer.pause();
      reader.wait().then(
        () => {
          timer.resume();
          response.resume();
        },
        (error: unknown) => {
          response.destroy();
          fail(
            error instanceof BudgetWaitExpired
              ? new ResponsesBusyError(endpoint, limits.budgetBytes)
              : error,
          );
        },
      );
    });
    response.once('end', () => {
      let held = false;
      const hold = () => {
        held = true;
        return () => reader.close();
      };
      resolve({ body: body.read(), hold });
      // The text is still held while the caller parses it, in the promise reactions that run
      // before the next turn of the event loop, or in turns to the end of a parse that holds it:
      // its bytes stay counted until then, so the next big answer waits rather than being read
      // beside a parse.
      setImmediate(() => {
        if (!held) reader.close();
      });
    });
    response.on('error', fail);
    // A connection that drops mid-body ends the message without 'end'.
    // A complete message has had (or will have) its 'end', which gives the bytes back.
    response.once('close', () => {
      if (!response.complete) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
  });
}

/**
 * A body copied into blocks of its own as it arrives. The socket's chunks are slices of larger
 * read buffers: keeping them kept those whole buffers alive, about twice the body's size. Blocks
 * grow with the body (16 kB, then as big as what came so far, at most 1 MB): a small answer costs
 * little, a big one few blocks. A large body whose length is declared (already checked against the
 * cap) goes into one block of that length, so it is not copied again into one buffer at its end:
 * that copy held the body twice while a 6.9 MB topology bundle was parsed. The block's pages become
 * resident only as bytes arrive, so a length declared and never sent costs no memory.
 */
function createBodyBlocks(declared: number) {
  const blocks: Buffer[] = [];
  let block = Buffer.alloc(0);
  let used = 0;
  let size = 0;
  let firstBlock = Number.isInteger(declared) && declared > DECODED_UP_TO ? declared : undefined;
  return {
    append(chunk: Buffer) {
      let at = 0;
      while (at < chunk.byteLength) {
        if (used === block.byteLength) {
          block = Buffer.allocUnsafe(
            firstBlock ?? Math.min(Math.max(size, MIN_BODY_BLOCK), MAX_BODY_BLOCK),
          );
          firstBlock = undefined;
          blocks.push(block);
          used = 0;
        }
        const copied = chunk.copy(block, used, at);
        at += copied;
        used += copied;
        size += copied;
      }
    },
    /**
     * The body as text up to DECODED_UP_TO bytes, else its bytes in one buffer (its only block
     * when it fits in one).
     */
    read(): Buffer | string {
      const taken = blocks.splice(0);
      block = Buffer.alloc(0);
      const whole = taken.length === 1 ? (taken[0] as Buffer).subarray(0, size) : undefined;
      if (size <= DECODED_UP_TO) return (whole ?? Buffer.concat(taken, size)).toString('utf8');
      return whole ?? Buffer.concat(taken, size);
    },
  };
}

function classify(
  error: unknown,
  endpoint: Endpoint,
  origin: string,
  phaseMs: Readonly<Record<Phase, number>>,
): Error {
  if (
    error instanceof ResponseTooLargeError ||
    error instanceof ResponsesBusyError ||
    error instanceof CancelledError
  )
    return error;
  if (error instanceof PhaseTimeout)
    return new TimeoutError(endpoint, phaseMs[error.phase], error.phase);
  return new NetworkError(endpoint, errorCode(error), origin, { cause: error });
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // The useful code (ECONNREFUSED, ...) may sit on a wrapped cause.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
