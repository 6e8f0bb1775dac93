// The API client: one private request() and one method per endpoint; knows nothing of MCP.
import type { Redactor } from '../safety/redact.js';
import { interpretResponse } from './envelope.js';
import {
  CancelledError,
  type Endpoint,
  EndpointNotOfferedError,
  HttpError,
  LoginError,
  MissingCredentialError,
  ResponseShapeError,
  TimeoutError,
} from './errors.js';
import * as credentials from './families/credentials.js';
import { withinFilter } from './families/discovery-filter.js';
import {
  createVersionMemo,
  profileFor,
  type ServiceProfile,
  type VersionMemo,
} from './families/service-profile.js';
import {
  type Discovery,
  discoverySchema,
  type Envelope,
  namedSchema,
  type Pagination,
  paginationSchema,
  type ReleaseNotes,
  releaseNotesSchema,
  type SnmpCredential,
  type SnmpCredentialUpdate,
  snmpCredentialSchema,
  type VersionInfo,
  versionSchema,
} from './schemas.js';
import {
  createSessionStore,
  type LoginBudget,
  type LoginFn,
  type SessionStore,
  sessionCookie,
} from './session.js';
import type { HttpSender, RawResponse } from './transport/http.js';

export type DiscoveryQuery = {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
};

export type NamedKind = 'networks' | 'daemons' | 'tags' | 'hosts';

/** An entity reduced to what a name lookup needs. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

export type PageQuery = {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
};

/** A page of a list endpoint; items that could not be read are counted, not fatal. */
export interface Page<T> {
  readonly items: T[];
  readonly skipped: number;
  readonly pagination: Pagination;
  /** Items the service returned outside the requested filter; dropped. */
  readonly outsideFilter?: number;
}

export interface ApiClient {
  getVersion(signal?: AbortSignal): Promise<VersionInfo>;
  listDiscoveries(query: DiscoveryQuery, signal?: AbortSignal): Promise<Page<Discovery>>;
  updateSnmpCredential(
    id: string,
    update: SnmpCredentialUpdate,
    signal?: AbortSignal,
  ): Promise<SnmpCredential>;
  getUnseenReleaseNotes(signal?: AbortSignal): Promise<ReleaseNotes>;
  /** Not in the contract: 0.14.x snmp-credentials, 0.15+ SNMP-typed credentials; never a community. */
  listSnmpCredentials(query: PageQuery, signal?: AbortSignal): Promise<Page<SnmpCredential>>;
  getSnmpCredential(id: string, signal?: AbortSignal): Promise<SnmpCredential>;
  /**
   * Ids and names of one kind of entity (networks are sites on newer servers), for showing names
   * beside ids. One page of up to 1,000; items without a string name are skipped.
   */
  listNamed(kind: NamedKind, signal?: AbortSignal): Promise<Page<Named>>;
  /** The service version last reported in any envelope, if one was seen. */
  serverVersion(): string | undefined;
  /**
   * The service's version and endpoint family: from the last envelope that named a version, else
   * GET /api/version; asked again after a versioned route answers 404 or the web UI's page.
   */
  service(signal?: AbortSignal): Promise<ServiceProfile>;
  close(): Promise<void>;
}

export interface ApiClientOptions {
  readonly baseUrl: URL;
  readonly apiKey?: string | undefined;
  readonly sessionId?: string | undefined;
  /** Email and password to log in with when a session-only endpoint has no session. */
  readonly login?: { readonly email: string; readonly password: string } | undefined;
  /** A session shared by every client of the process; by default one of this client's own. */
  readonly session?: SessionStore | undefined;
  /** The service's version, shared like the session; by default this client's own. */
  readonly versionMemo?: VersionMemo | undefined;
  readonly userAgent: string;
  readonly sender: HttpSender;
  readonly redactor: Redactor;
}

const LOGIN_ENDPOINT: Endpoint = { method: 'POST', path: '/api/auth/login' };

type Auth = 'none' | 'apiKey' | 'sessionOrApiKey';

export interface RequestSpec {
  readonly method: 'GET' | 'PUT' | 'POST';
  readonly path: string;
  readonly auth: Auth;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
}

/** What the per-family endpoint files (credentials.ts) need from the client. */
export interface Requester {
  request(spec: RequestSpec): Promise<Envelope>;
  /** The `data` of a success answer exactly as sent (not sanitized): for sending a record back. */
  readExact(spec: RequestSpec): Promise<unknown>;
  listPage<T>(spec: RequestSpec, schema: ItemSchema<T>, query: PageQuery): Promise<Page<T>>;
  shapeError(spec: Pick<RequestSpec, 'method' | 'path'>, problem: string): ResponseShapeError;
  redact(secret: string): void;
}

type ItemSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const memo = options.versionMemo ?? createVersionMemo();
  let profile: ServiceProfile | undefined;
  const session =
    options.session ??
    createSessionStore({ sessionId: options.sessionId, canLogin: Boolean(options.login) });

  const exchange = (spec: RequestSpec, auth: Record<string, string>): Promise<RawResponse> => {
    const url = new URL(
      `${options.baseUrl.pathname.replace(/\/$/, '')}${spec.path}`,
      options.baseUrl,
    );
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
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
  };

  const interpret = (spec: RequestSpec, response: RawResponse): Envelope => {
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
    try {
      const envelope = interpretResponse(
        endpoint,
        response,
        memo.reported,
        options.redactor.redact,
      );
      memo.reported = envelope.meta?.server_version ?? memo.reported;
      return envelope;
    } catch (error) {
      // A versioned route that is not there: the service may have been upgraded under us.
      if (error instanceof EndpointNotOfferedError && spec.path.startsWith('/api/v1/')) {
        memo.inDoubt = true;
      }
      throw error;
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
    throw loginFailure(response);
  };

  const loginFailure = (response: RawResponse): Error => {
    if (response.status < 300) {
      return new LoginError(LOGIN_ENDPOINT, response.status, 'the answer set no session_id cookie');
    }
    try {
      interpret({ ...LOGIN_ENDPOINT, method: 'POST', auth: 'none' }, response);
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
    const envelope = await request(spec);
    if (!Array.isArray(envelope.data)) throw shapeError(spec, 'data is not a list');
    const items: T[] = [];
    for (const raw of envelope.data) {
      const parsed = schema.safeParse(raw);
      if (parsed.success) items.push(parsed.data);
    }
    const fallback = {
      total_count: envelope.data.length + (query.offset ?? 0),
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
      has_more: false,
    };
    const pagination = paginationSchema.safeParse(envelope.meta?.pagination);
    return {
      items,
      skipped: envelope.data.length - items.length,
      pagination: correctedPagination(
        pagination.success ? pagination.data : fallback,
        envelope.data.length,
      ),
    };
  };

  const shapeError = (spec: Pick<RequestSpec, 'method' | 'path'>, problem: string) =>
    new ResponseShapeError({ method: spec.method, path: spec.path }, 200, problem);

  const getVersion = async (signal?: AbortSignal): Promise<VersionInfo> => {
    const spec = { method: 'GET', path: '/api/version', auth: 'none', signal } as const;
    const parsed = versionSchema.safeParse((await request(spec)).data);
    if (!parsed.success) throw shapeError(spec, 'no api_version/server_version in data');
    memo.reported = parsed.data.server_version;
    memo.inDoubt = false;
    return parsed.data;
  };

  const service = async (signal?: AbortSignal): Promise<ServiceProfile> => {
    if (memo.inDoubt || memo.reported === undefined) {
      try {
        // One question at a time: name lists read beside a listing would each ask otherwise.
        const asking = memo.asking ?? getVersion(signal);
        if (!memo.asking) {
          memo.asking = asking;
          asking.then(
            () => {
              if (memo.asking === asking) memo.asking = undefined;
            },
            () => {
              if (memo.asking === asking) memo.asking = undefined;
            },
          );
        }
        await asking.catch(async (error: unknown) => {
          // Another call's cancellation is not ours: ask again with this call's own signal.
          if (error instanceof CancelledError && !signal?.aborted) return getVersion(signal);
          throw error;
        });
      } catch (error) {
        // Cancelled or already out of time: stop. Otherwise the contract's own family (0.14) is
        // used for this call only, and the call's own answer says what is wrong.
        if (error instanceof CancelledError || error instanceof TimeoutError) throw error;
        return profileFor('0.14.13');
      }
    }
    const version = memo.reported ?? '0.14.13';
    if (profile?.version !== version) profile = profileFor(version);
    return profile;
  };

  const requester: Requester = {
    request,
    listPage,
    shapeError,
    redact: (secret) => options.redactor.add(secret),
    async readExact(spec) {
      const response = await exchange(spec, bearer(spec));
      interpret(spec, response);
      return (JSON.parse(response.text) as { data?: unknown }).data;
    },
  };

  return {
    getVersion,
    service,

    async listDiscoveries(query, signal) {
      // Only a network filter differs by version (0.17.22 calls it site_id); skip asking otherwise.
      const sites = query.network_id !== undefined && (await service(signal)).sites;
      const { network_id, ...rest } = query;
      const wire = { ...(sites ? { site_id: network_id } : { network_id }), ...rest };
      const path = '/api/v1/discovery';
      const spec = { method: 'GET', path, auth: 'apiKey', query: wire, signal } as const;
      return withinFilter(await listPage(spec, discoverySchema, query), query);
    },

    async listSnmpCredentials(query, signal) {
      const found = await service(signal);
      if (found.credentialRoute === 'credentials') {
        return credentials.listSnmpCredentials(requester, found, query, signal);
      }
      const path = '/api/v1/snmp-credentials';
      const spec = { method: 'GET', path, auth: 'apiKey', query, signal } as const;
      return listPage(spec, snmpCredentialSchema, query);
    },

    async getSnmpCredential(id, signal) {
      if ((await service(signal)).credentialRoute === 'credentials') {
        return credentials.getSnmpCredential(requester, id, signal);
      }
      const path = `/api/v1/snmp-credentials/${encodeURIComponent(id)}`;
      const spec = { method: 'GET', path, auth: 'apiKey', signal } as const;
      const parsed = snmpCredentialSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'data is not an SNMP credential');
      return parsed.data;
    },

    async updateSnmpCredential(id, update, signal) {
      if ((await service(signal)).credentialRoute === 'credentials') {
        return credentials.updateSnmpCredential(requester, id, update, signal);
      }
      // Only the API's own fields: a stray field would be a silent contract change.
      const body: SnmpCredentialUpdate = {
        name: update.name,
        organization_id: update.organization_id,
        community: update.community,
        tags: [...update.tags],
        ...(update.version ? { version: update.version } : {}),
      };
      options.redactor.add(update.community);
      const path = `/api/v1/snmp-credentials/${encodeURIComponent(id)}`;
      const spec = { method: 'PUT', path, auth: 'apiKey', body, signal } as const;
      const parsed = snmpCredentialSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'data is not an SNMP credential');
      return parsed.data;
    },

    async getUnseenReleaseNotes(signal) {
      const path = '/api/v1/release-notes/unseen';
      const spec = { method: 'GET', path, auth: 'sessionOrApiKey', signal } as const;
      // A missing route (404 or the web page) is never retried; the tool says what it means.
      const parsed = releaseNotesSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'data has no releases list');
      return parsed.data;
    },

    async listNamed(kind, signal) {
      const found = await service(signal);
      const query = { limit: 1000, offset: 0 };
      // 0.17.22 renamed networks to sites; its hosts can leave their children out of a name list.
      const path = kind === 'networks' && found.sites ? '/api/v1/sites' : `/api/v1/${kind}`;
      const children = kind === 'hosts' && found.hostsIncludeChildren;
      const wire = children ? { ...query, include_children: 'false' } : query;
      const spec = { method: 'GET', path, auth: 'apiKey', query: wire, signal } as const;
      return listPage(spec, namedSchema, query);
    },

    serverVersion: () => memo.reported,
    close: () => options.sender.close(),
  };
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
