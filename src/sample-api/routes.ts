// The sample API's routes, answering as the Scanopy version in the data does (quirks included); pure over the data.
import { credentialRoutes, type SampleKit } from './credential-routes.js';
import type { SampleData, StoredCredential } from './data.js';
import { queryDiscoveries } from './discovery-query.js';
import { sampleEra } from './era.js';
import type { SampleRequest, SampleResponse } from './exchange.js';
import { INVENTORY_PATHS, inventoryOf, inventoryRoute } from './inventory-routes.js';
import { withWalkWarning } from './links-routes.js';
import { createNameRoutes, isNamePath, type NameRouteOptions } from './name-routes.js';
import { sampleNames } from './names-data.js';
import { snapshotBundleRoute, snapshotRoute } from './snapshot-routes.js';

export interface RouteOptions {
  /** Keys accepted as user API keys; 'any' accepts every scp_u_ key (demo mode). */
  readonly apiKeys: readonly string[] | 'any';
  readonly sessions: readonly string[];
  readonly role: 'owner' | 'admin' | 'member';
  /** 0.14.x only: later versions never offer `/api/v1/snmp-credentials`, whatever this says. */
  readonly offerSnmpRoutes: boolean;
  readonly offerReleaseNotes: boolean;
  /** The name lists (networks, daemons, tags, hosts), one of which may be forbidden or failing. */
  readonly names?: NameRouteOptions;
  /** Plays a service that ignores 0.17.22's discovery filters and group_by (they are sent for nothing). */
  readonly ignoreDiscoveryFilters?: boolean;
  /**
   * The host and SNMP interface lists' `ids` filter: honoured (by default, as the inventory routes
   * read it), ignored (the list answers as without it), or refused with a 400 as a query the
   * service cannot read.
   */
  readonly idsFilter?: 'honour' | 'ignore' | 'reject';
  readonly login?: {
    readonly email: string;
    readonly password: string;
    readonly sessionId: string;
  };
}

type Caller = { ok: true; via: 'key' | 'session' } | { ok: false; response: SampleResponse };

const REDACTED = '********';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HTML_PAGE =
  '<!doctype html><html><head><title>Scanopy</title></head><body><div id="app"></div></body></html>';

export function createRoutes(data: SampleData, options: RouteOptions) {
  const meta = (extra?: Record<string, unknown>) => ({
    api_version: 1,
    server_version: data.serverVersion,
    ...extra,
  });
  const json = (status: number, body: unknown): SampleResponse => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const ok = (payload: unknown, extraMeta?: Record<string, unknown>) =>
    json(200, { success: true, data: payload, meta: meta(extraMeta) });
  const fail = (status: number, error: string, code?: string, params?: Record<string, unknown>) =>
    json(status, {
      success: false,
      error,
      ...(code ? { code, params: params ?? {} } : {}),
      meta: meta(),
    });
  const text = (status: number, body: string): SampleResponse => ({
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body,
  });
  const notARoute = (): SampleResponse => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: HTML_PAGE,
  });

  const authenticate = (req: SampleRequest, allowSession: boolean): Caller => {
    const authorization = req.headers['authorization'];
    if (authorization) {
      const key = authorization.replace(/^Bearer\s+/i, '');
      if (!key.startsWith('scp_u_')) {
        return {
          ok: false,
          response: fail(403, 'Daemon authentication required', 'auth_daemon_required'),
        };
      }
      const known = options.apiKeys === 'any' || options.apiKeys.includes(key);
      return known
        ? { ok: true, via: 'key' }
        : { ok: false, response: fail(401, 'Not authenticated', 'auth_not_authenticated') };
    }
    const session = /(?:^|;\s*)session_id=([^;]+)/.exec(req.headers['cookie'] ?? '')?.[1];
    if (allowSession && session && options.sessions.includes(session))
      return { ok: true, via: 'session' };
    return { ok: false, response: fail(401, 'Not authenticated', 'auth_not_authenticated') };
  };

  const paging = (req: SampleRequest): { limit: number; offset: number } | SampleResponse => {
    const limitText = req.query.get('limit');
    const offsetText = req.query.get('offset');
    const limit = limitText === null ? 50 : Number(limitText);
    const offset = offsetText === null ? 0 : Number(offsetText);
    if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) {
      return text(400, 'Failed to deserialize query string: invalid digit found in string');
    }
    return { limit: Math.min(limit, 1000), offset };
  };

  /** `extra` joins the pagination: 0.17.22's group_counts. */
  const page = <T>(items: T[], limit: number, offset: number, extra: object = {}) => {
    const slice = limit === 0 ? items.slice(offset) : items.slice(offset, offset + limit);
    // Real servers say has_more=true for limit=0 whenever anything exists (a known quirk).
    const hasMore = limit === 0 ? items.length > 0 : offset + slice.length < items.length;
    return ok(slice, {
      pagination: { total_count: items.length, limit, offset, has_more: hasMore, ...extra },
    });
  };

  const redacted = (c: StoredCredential) => ({ ...c, community: REDACTED });

  const updateCredential = (req: SampleRequest, id: string): SampleResponse => {
    if (!(req.headers['content-type'] ?? '').includes('application/json')) {
      return text(415, 'Expected request with `Content-Type: application/json`');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return text(
        400,
        'Failed to parse the request body as JSON: expected value at line 1 column 1',
      );
    }
    if (
      typeof body['community'] !== 'string' ||
      typeof body['name'] !== 'string' ||
      !Array.isArray(body['tags'])
    ) {
      return text(
        422,
        'Failed to deserialize the JSON body into the target type: missing field `community`',
      );
    }
    if (options.role === 'member') {
      return fail(403, 'Permission denied: requires admin', 'auth_permission_denied');
    }
    const existing = data.credentials.find((c) => c.id === id);
    if (!existing)
      return fail(404, `SnmpCredential ${id} not found`, 'entity_not_found', {
        entity: 'SnmpCredential',
        id,
      });
    if (body['organization_id'] !== existing.organization_id) {
      return fail(403, 'Access denied', 'entity_access_denied', { entity: 'SnmpCredential', id });
    }
    const name = body['name'];
    if (name.length < 1 || name.length > 100)
      return fail(400, 'name: length must be between 1 and 100');
    if (data.credentials.some((c) => c.id !== id && c.name === name)) {
      return text(
        500,
        'error returned from database: duplicate key value violates unique constraint "snmp_credentials_name_key"',
      );
    }
    const version = body['version'] === undefined ? 'V2c' : body['version'];
    if (version !== 'V2c' && version !== 'V3') return text(422, 'unknown variant for `version`');
    Object.assign(existing, {
      name,
      community: body['community'],
      tags: (body['tags'] as unknown[]).map(String),
      version,
      updated_at: new Date().toISOString(),
    });
    return ok(redacted(existing));
  };

  const snmp = (req: SampleRequest, rest: string): SampleResponse => {
    const caller = authenticate(req, true);
    if (!caller.ok) return caller.response;
    if (rest === '' && req.method === 'GET') {
      const paged = paging(req);
      if ('status' in paged) return paged;
      return page(data.credentials.map(redacted), paged.limit, paged.offset);
    }
    const id = rest.slice(1);
    if (!UUID.test(id)) return text(400, 'Invalid URL: UUID parsing failed');
    if (req.method === 'GET') {
      const found = data.credentials.find((c) => c.id === id);
      return found
        ? ok(redacted(found))
        : fail(404, `SnmpCredential ${id} not found`, 'entity_not_found', {
            entity: 'SnmpCredential',
            id,
          });
    }
    if (req.method === 'PUT') return updateCredential(req, id);
    return text(405, 'Method Not Allowed');
  };

  const daemonNames = options.names?.names?.daemons ?? sampleNames().daemons;
  const daemonName = (id: unknown) => {
    const found = daemonNames.find((d) => d['id'] === id);
    return typeof found?.['name'] === 'string' ? found['name'] : undefined;
  };

  const discoveries = (req: SampleRequest): SampleResponse => {
    const caller = authenticate(req, true);
    if (!caller.ok) return caller.response;
    const paged = paging(req);
    if ('status' in paged) return paged;
    const era = sampleEra(data.serverVersion);
    const answer = queryDiscoveries(
      data.discoveries,
      req.query,
      era,
      daemonName,
      options.ignoreDiscoveryFilters,
    );
    const items = answer.items.map((found) => {
      const d = withWalkWarning(found, data.serverVersion, inventoryOf(data));
      return era.sites
        ? asSiteItem(d)
        : era.runRecordsNameJobs
          ? d
          : withoutJobLink(d, era.universalCredentials);
    });
    const groups = answer.groupCounts ? { group_counts: answer.groupCounts } : {};
    return page(items, paged.limit, paged.offset, groups);
  };

  const kit: SampleKit = { ok, fail, text, paging, page };
  const credentials = (req: SampleRequest, rest: string): SampleResponse => {
    const caller = authenticate(req, true);
    if (!caller.ok) return caller.response;
    return credentialRoutes(
      data.credentials,
      sampleEra(data.serverVersion),
      kit,
      options.role,
    )(req, rest);
  };

  const login = (req: SampleRequest): SampleResponse => {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return text(400, 'Failed to parse the request body as JSON');
    }
    const expected = options.login;
    if (!expected || body['email'] !== expected.email || body['password'] !== expected.password) {
      return text(500, 'Invalid email or password');
    }
    return {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'set-cookie': `session_id=${expected.sessionId}; HttpOnly; Path=/; SameSite=Lax`,
      },
      body: JSON.stringify({ success: true, data: { email: expected.email }, meta: meta() }),
    };
  };

  const nameRoutes = createNameRoutes(data.serverVersion, options.names);

  return function route(req: SampleRequest): SampleResponse {
    const { method, path } = req;
    // The replaced name lists (a test's) take the host list's filter as the inventory's does.
    if (path === '/api/v1/hosts' && req.query.has('ids') && options.idsFilter === 'reject') {
      return fail(400, 'Failed to deserialize query string');
    }
    if (method === 'GET' && path === '/api/version') {
      return ok({ api_version: 1, server_version: data.serverVersion });
    }
    if (method === 'GET' && path === '/api/v1/discovery') return discoveries(req);
    const era = sampleEra(data.serverVersion);
    if (path.startsWith('/api/v1/snmp-credentials') && options.offerSnmpRoutes) {
      if (!era.universalCredentials)
        return snmp(req, path.slice('/api/v1/snmp-credentials'.length));
    }
    if (/^\/api\/v1\/credentials(\/|$)/.test(path) && era.universalCredentials) {
      return credentials(req, path.slice('/api/v1/credentials'.length));
    }
    if (method === 'GET' && path === '/api/v1/release-notes/unseen' && options.offerReleaseNotes) {
      const caller = authenticate(req, true);
      if (!caller.ok) return caller.response;
      return ok({ releases: data.releases, changelog_url: 'https://example.invalid/changelog' });
    }
    if (method === 'POST' && path === '/api/auth/login') return login(req);
    if (method === 'GET' && path === '/api/v1/topology/data' && req.query.has('snapshot_id')) {
      const caller = authenticate(req, false);
      if (!caller.ok) return caller.response;
      const answer = snapshotBundleRoute(req, data.serverVersion, { ok, fail });
      if (answer) return answer;
    }
    // The inventory (hosts, IPs, ports...), unless a test has replaced the name lists.
    if (!options.names && INVENTORY_PATHS.test(path)) {
      const caller = authenticate(req, false);
      if (!caller.ok) return caller.response;
      const answer = inventoryRoute(req, data, { ok, fail, idsFilter: options.idsFilter });
      if (answer) return answer;
    }
    if (method === 'GET' && path === '/api/v1/snapshots') {
      const caller = authenticate(req, false);
      if (!caller.ok) return caller.response;
      const answer = snapshotRoute(data.serverVersion, ok);
      if (answer) return answer;
    }
    // 0.17.22 renamed networks to sites: the old path is gone there, the new one answers instead.
    const namePath = era.sites
      ? path === '/api/v1/sites'
        ? '/api/v1/networks'
        : path === '/api/v1/networks'
          ? ''
          : path
      : path;
    if (method === 'GET' && isNamePath(namePath)) {
      const caller = authenticate(req, false);
      return caller.ok ? nameRoutes(namePath, req.query) : caller.response;
    }
    return notARoute();
  };
}

/** A discovery as 0.17.22 sends it to API clients: `site_id` where older versions said `network_id`. */
function asSiteItem(discovery: Record<string, unknown>): Record<string, unknown> {
  const { network_id, pending_credential_ids: _gone, ...rest } = discovery;
  return { ...rest, site_id: network_id };
}

/** Before 0.16.2 a run record does not say which job it ran for; before 0.15, how many hosts it found. */
function withoutJobLink(
  discovery: Record<string, unknown>,
  hostCounts: boolean,
): Record<string, unknown> {
  const run = discovery['run_type'] as Record<string, unknown> | undefined;
  const results = run?.['results'] as Record<string, unknown> | undefined;
  if (!results || !('discovery_id' in results || 'hosts_discovered' in results)) return discovery;
  const { discovery_id: _job, hosts_discovered: count, ...rest } = results;
  if (hostCounts && count !== undefined) rest['hosts_discovered'] = count;
  return { ...discovery, run_type: { ...run, results: rest } };
}
