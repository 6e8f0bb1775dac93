// The request core every endpoint uses: URL, auth, session login, envelope and paging; knows nothing of MCP.
import type { Redactor } from '../safety/redact.js';
import { interpretResponse } from './envelope.js';
import {
  type Endpoint,
  EndpointNotOfferedError,
  HttpError,
  LoginError,
  MissingCredentialError,
  ResponseShapeError,
} from './errors.js';
import type { VersionMemo } from './families/service-profile.js';
import type { Envelope, Pagination } from './schemas.js';
import { type LoginBudget, type LoginFn, type SessionStore, sessionCookie } from './session.js';
import type { HttpSender, RawResponse } from './transport/http.js';
import { turnsOf } from './turns.js';

export type PageQuery = {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
};

/** A page of a list endpoint; items that could not be read are counted, not fatal. */
export interface Page<T> {
  readonly items: T[];
  readonly skipped: number;
  readonly pagination: Pagination;
  /** The size of the answer's body in bytes. */
  readonly bytes?: number;
  /** Items the service returned outside the requested filter; dropped. */
  readonly outsideFilter?: number;
  /** With `group_by` (0.17.22): the size of every group across all pages; `value` null is ungrouped. */
  readonly groupCounts?: readonly GroupCount[];
}

export interface GroupCount {
  readonly value: string | null;
  readonly count: number;
}

/** What the request core needs: where the service is, how to prove who we are, how to send. */
export interface RequestOptions {
  readonly baseUrl: URL;
  readonly apiKey?: string | undefined;
  /** Email and password to log in with when a session-only endpoint has no session. */
  readonly login?: { readonly email: string; readonly password: string } | undefined;
  readonly userAgent: string;
  readonly sender: HttpSender;
  readonly redactor: Redactor;
  /**
   * The bytes of every page of one side list together (NETWORK_DISCOVERY_MAX_RESPONSE_BYTES: a
   * whole side list counts as one answer); default unbounded.
   */
  readonly sideListBytes?: number | undefined;
}

const LOGIN_ENDPOINT: Endpoint = { method: 'POST', path: '/api/auth/login' };

type Auth = 'none' | 'apiKey' | 'sessionOrApiKey';

export interface RequestSpec {
  readonly method: 'GET' | 'PUT' | 'POST';
  readonly path: string;
  readonly auth: Auth;
  /** A list is sent as the key repeated, as OpenAPI's default (form, exploded) spells an array. */
  readonly query?: Readonly<Record<string, string | number | readonly string[] | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** A list page: only this many items of the answer's `data` are built (see bounded-json.ts). */
  readonly readItems?: number | undefined;
  /**
   * A list page whose object items are built with these keys only (a name list: id, name), or a
   * `data` object built with these keys only (a topology bundle's neighbours and candidates).
   */
  readonly readKeys?: readonly string[] | undefined;
}

/** What every endpoint, the client's own and the per-family files, needs to talk to the service. */
export interface Requester {
  request(spec: RequestSpec): Promise<Envelope>;
  /** The `data` of a success answer exactly as sent (not sanitized): for sending a record back. */
  readExact(spec: RequestSpec): Promise<unknown>;
  listPage<T>(spec: RequestSpec, schema: ItemSchema<T>, query: PageQuery): Promise<Page<T>>;
  shapeError(spec: Pick<RequestSpec, 'method' | 'path'>, problem: string): ResponseShapeError;
  redact(secret: string): void;
  /** The bytes one whole side list may come to (RequestOptions.sideListBytes). */
  readonly sideListBytes: number;
}

type ItemSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/** The request core over one session store and one version memo (both may be shared by clients). */
export function createRequester(
  options: RequestOptions,
  session: SessionStore,
  memo: VersionMemo,
): Requester {
  const exchange = (spec: RequestSpec, auth: Record<string, string>) => send(options, spec, auth);
  /** Each envelope's body size, for the pages a side list adds up. */
  const sizes = new WeakMap<Envelope, number>();

  const interpret = async (spec: RequestSpec, response: RawResponse): Promise<Envelope> => {
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
    // A large body is parsed in turns: its bytes stay counted against the response budget until
    // the parse is done, so the next big answer waits rather than being read beside it.
    const release = response.hold?.();
    try {
      const envelope = await interpretResponse(
        endpoint,
        response,
        memo.reported,
        options.redactor.redact,
        spec.readItems,
        spec.readKeys,
      );
      memo.reported = envelope.meta?.server_version ?? memo.reported;
      sizes.set(envelope, response.bytes?.byteLength ?? Buffer.byteLength(response.text));
      return envelope;
    } catch (error) {
      // A versioned route that is not there: the service may have been upgraded under us.
      if (error instanceof EndpointNotOfferedError && spec.path.startsWith('/api/v1/')) {
        memo.inDoubt = true;
      }
      throw error;
    } finally {
      release?.();
    }
  };

  const bearer = (spec: RequestSpec): Record<string, string> => {
    if (spec.auth === 'none') return {};
    if (options.apiKey) return { authorization: `Bearer ${options.apiKey}` };
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
    throw new MissingCredentialError(endpoint, spec.auth === 'apiKey' ? 'apiKey' : 'session');
  };

  /** Sends the password once and keeps only the session_id cookie of the answer. */
  const login: LoginFn = async () => {
    const spec = {
      method: 'POST',
      path: LOGIN_ENDPOINT.path,
      auth: 'none',
      body: { email: options.login?.email, password: options.login?.password },
    } as const;
    const response = await exchange(spec, {});
    const id = response.status < 300 ? sessionCookie(response.headers['set-cookie']) : undefined;
    if (id) {
      options.redactor.add(id);
      return id;
    }
    throw await loginFailure(response);
  };

  const loginFailure = async (response: RawResponse): Promise<Error> => {
    if (response.status < 300) {
      return new LoginError(LOGIN_ENDPOINT, response.status, 'the answer set no session_id cookie');
    }
    try {
      await interpret({ ...LOGIN_ENDPOINT, method: 'POST', auth: 'none' }, response);
    } catch (error) {
      // Rate limits and gateway failures say nothing about the password: report them as they are.
      if (error instanceof HttpError && (error.status === 429 || error.status >= 502)) return error;
      if (error instanceof HttpError) {
        return new LoginError(LOGIN_ENDPOINT, response.status, error.detail.serviceMessage);
      }
    }
    return new LoginError(LOGIN_ENDPOINT, response.status, undefined);
  };

  /**
   * Session-only endpoints: the configured session, else a login with email and password, else
   * the API key. A 401 with a session earns one fresh login, unless this call has just logged in.
   */
  const sessionRequest = async (spec: RequestSpec): Promise<Envelope> => {
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
    const budget: LoginBudget = { spent: false };
    const id = await session.current(login, budget, endpoint, spec.signal);
    const first = await exchange(spec, { cookie: `session_id=${id}` });
    if (first.status !== 401) return interpret(spec, first);
    const renewed = await session.renew(id, login, budget, endpoint, spec.signal);
    if (!renewed) return interpret(spec, first);
    return interpret(spec, await exchange(spec, { cookie: `session_id=${renewed}` }));
  };

  const request = async (spec: RequestSpec): Promise<Envelope> => {
    if (spec.auth === 'sessionOrApiKey' && session.available) return sessionRequest(spec);
    return interpret(spec, await exchange(spec, bearer(spec)));
  };

  /** Parses a list envelope item by item: one odd item never fails the page. */
  const listPage = async <T>(
    spec: RequestSpec,
    schema: ItemSchema<T>,
    query: PageQuery,
  ): Promise<Page<T>> => {
    // A service that ignores the limit sends more than was asked: only the page asked for is built
    // (400,000 items of a hostile answer just under the size cap took hundreds of MB to hold).
    const readItems = query.limit ? query.limit : undefined;
    const envelope = await request({ ...spec, readItems });
    const page = await pageOf(envelope, schema, query);
    if (!page) throw shapeError(spec, 'data is not a list');
    const bytes = sizes.get(envelope);
    return bytes === undefined ? page : { ...page, bytes };
  };

  const shapeError = (spec: Pick<RequestSpec, 'method' | 'path'>, problem: string) =>
    new ResponseShapeError({ method: spec.method, path: spec.path }, 200, problem);

  return {
    request,
    listPage,
    shapeError,
    sideListBytes: options.sideListBytes ?? Number.POSITIVE_INFINITY,
    // Only communities pass here: masked by place (safety/redact.ts), not in other records' names.
    redact: (secret) => options.redactor.addEchoed(secret),
    async readExact(spec) {
      const response = await exchange(spec, bearer(spec));
      await interpret(spec, response);
      return (JSON.parse(response.text) as { data?: unknown }).data;
    },
  };
}

/** One request on the wire: the URL under the base path, the headers, the JSON body. */
function send(
  options: RequestOptions,
  spec: RequestSpec,
  auth: Record<string, string>,
): Promise<RawResponse> {
  const url = new URL(
    `${options.baseUrl.pathname.replace(/\/$/, '')}${spec.path}`,
    options.baseUrl,
  );
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (typeof value === 'object') for (const one of value) url.searchParams.append(key, one);
    else if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent,
    ...auth,
  };
  let body: string | undefined;
  if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] = 'application/json';
  }
  const endpoint: Endpoint = { method: spec.method, path: spec.path };
  return options.sender.send({ endpoint, url, headers, body, signal: spec.signal });
}

/**
 * The page a list envelope holds, item by item, giving up the event loop every few milliseconds
 * (200 hostile hosts took 0.15-0.35 s to check); undefined when `data` is not a list.
 */
async function pageOf<T>(
  envelope: Envelope,
  schema: ItemSchema<T>,
  query: PageQuery,
): Promise<Page<T> | undefined> {
  if (!Array.isArray(envelope.data)) return undefined;
  // A service that ignores the limit sends more than was asked: only the page asked for is read
  // (built by the bounded parse, validated here), the rest is the next page.
  const read = query.limit ? Math.min(query.limit, envelope.data.length) : envelope.data.length;
  const items: T[] = [];
  const turns = turnsOf();
  for (let at = 0; at < read; at++) {
    const parsed = schema.safeParse(envelope.data[at]);
    if (parsed.success) items.push(parsed.data);
    const pause = turns.pause();
    if (pause) await pause;
  }
  const fallback = {
    total_count: envelope.data.length + (query.offset ?? 0),
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
    has_more: false,
  };
  // Checked already, with the envelope it came in (envelopeSchema): not parsed a second time.
  const pagination = envelope.meta?.pagination;
  const groupCounts = groupCountsOf(pagination?.['group_counts']);
  return {
    items,
    skipped: read - items.length,
    pagination: correctedPagination(pagination ?? fallback, read),
    ...(groupCounts ? { groupCounts } : {}),
  };
}

/** The group sizes of a grouped list, when every entry is readable; else none at all. */
function groupCountsOf(raw: unknown): GroupCount[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const counts: GroupCount[] = [];
  for (const entry of raw as unknown[]) {
    const { value, count } = (entry ?? {}) as Record<string, unknown>;
    const readable =
      (value === null || typeof value === 'string') &&
      typeof count === 'number' &&
      Number.isInteger(count) &&
      count >= 0;
    if (!readable) return undefined;
    counts.push({ value: value as string | null, count: count as number });
  }
  return counts;
}

/**
 * With limit=0 real servers report has_more=true whenever anything exists; "more" is
 * recomputed from the counts, and limit 0 is always the last page.
 */
export function correctedPagination(pagination: Pagination, returned: number): Pagination {
  const hasMore =
    pagination.limit === 0 ? false : pagination.offset + returned < pagination.total_count;
  return {
    total_count: pagination.total_count,
    limit: pagination.limit,
    offset: pagination.offset,
    has_more: hasMore,
  };
}
