// The API client: one private request() and one method per endpoint; knows nothing of MCP.
import type { Redactor } from '../redact.js';
import { interpretResponse } from './envelope.js';
import { type Endpoint, MissingCredentialError, ResponseShapeError } from './errors.js';
import type { HttpSender } from './http.js';
import {
  type Discovery,
  discoverySchema,
  type Envelope,
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

export type DiscoveryQuery = {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
};

export type PageQuery = {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
};

/** A page of a list endpoint; items that could not be read are counted, not fatal. */
export interface Page<T> {
  readonly items: T[];
  readonly skipped: number;
  readonly pagination: Pagination;
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
  /** Not in the contract, but offered by 0.14.x servers; communities come back redacted. */
  listSnmpCredentials(query: PageQuery, signal?: AbortSignal): Promise<Page<SnmpCredential>>;
  getSnmpCredential(id: string, signal?: AbortSignal): Promise<SnmpCredential>;
  /** The service version last reported in any envelope, if one was seen. */
  serverVersion(): string | undefined;
  close(): Promise<void>;
}

export interface ApiClientOptions {
  readonly baseUrl: URL;
  readonly apiKey?: string | undefined;
  readonly sessionId?: string | undefined;
  readonly userAgent: string;
  readonly sender: HttpSender;
  readonly redactor: Redactor;
}

type Auth = 'none' | 'apiKey' | 'sessionOrApiKey';

interface RequestSpec {
  readonly method: 'GET' | 'PUT' | 'POST';
  readonly path: string;
  readonly auth: Auth;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  let lastServerVersion: string | undefined;

  const authHeaders = (endpoint: Endpoint, auth: Auth): Record<string, string> => {
    if (auth === 'none') return {};
    if (auth === 'sessionOrApiKey' && options.sessionId) {
      return { cookie: `session_id=${options.sessionId}` };
    }
    if (options.apiKey) return { authorization: `Bearer ${options.apiKey}` };
    throw new MissingCredentialError(endpoint, auth === 'apiKey' ? 'apiKey' : 'session');
  };

  const request = async (spec: RequestSpec): Promise<Envelope> => {
    const endpoint: Endpoint = { method: spec.method, path: spec.path };
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
      ...authHeaders(endpoint, spec.auth),
    };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    const response = await options.sender.send({
      endpoint,
      url,
      headers,
      body,
      signal: spec.signal,
    });
    const envelope = interpretResponse(endpoint, response, lastServerVersion);
    lastServerVersion = envelope.meta?.server_version ?? lastServerVersion;
    return envelope;
  };

  /** Parses a list envelope item by item: one odd item never fails the page. */
  const listPage = async <T>(
    spec: RequestSpec,
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
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

  return {
    async getVersion(signal) {
      const spec = { method: 'GET', path: '/api/version', auth: 'none', signal } as const;
      const parsed = versionSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'no api_version/server_version in data');
      lastServerVersion = parsed.data.server_version;
      return parsed.data;
    },

    listDiscoveries(query, signal) {
      const path = '/api/v1/discovery';
      return listPage(
        { method: 'GET', path, auth: 'apiKey', query, signal },
        discoverySchema,
        query,
      );
    },

    listSnmpCredentials(query, signal) {
      const path = '/api/v1/snmp-credentials';
      const spec = { method: 'GET', path, auth: 'apiKey', query, signal } as const;
      return listPage(spec, snmpCredentialSchema, query);
    },

    async getSnmpCredential(id, signal) {
      const path = `/api/v1/snmp-credentials/${encodeURIComponent(id)}`;
      const spec = { method: 'GET', path, auth: 'apiKey', signal } as const;
      const parsed = snmpCredentialSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'data is not an SNMP credential');
      return parsed.data;
    },

    async updateSnmpCredential(id, update, signal) {
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
      const parsed = releaseNotesSchema.safeParse((await request(spec)).data);
      if (!parsed.success) throw shapeError(spec, 'data has no releases list');
      return parsed.data;
    },

    serverVersion: () => lastServerVersion,
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
