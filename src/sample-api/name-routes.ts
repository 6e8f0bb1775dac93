// GET /api/v1/networks, /daemons, /tags and /hosts for the sample API, with a forbidden or failing list on demand.
import { type NameKind, type SampleNames, sampleNames } from './names-data.js';

export interface NameRouteOptions {
  readonly names?: SampleNames;
  /** This list answers 403, as for a key that may not read it. */
  readonly forbid?: NameKind;
  /** This list answers 500. */
  readonly fail?: NameKind;
}

const PATHS: Record<string, NameKind> = {
  '/api/v1/networks': 'networks',
  '/api/v1/daemons': 'daemons',
  '/api/v1/tags': 'tags',
  '/api/v1/hosts': 'hosts',
};

export const isNamePath = (path: string): boolean => path in PATHS;

/** The answer to one name list request (already authenticated), envelope and pagination included. */
export function createNameRoutes(serverVersion: string, options: NameRouteOptions = {}) {
  const names = options.names ?? sampleNames();
  const meta = { api_version: 1, server_version: serverVersion };
  const json = (status: number, body: unknown) => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (path: string, query: URLSearchParams) => {
    const kind = PATHS[path] as NameKind;
    if (options.forbid === kind) {
      return json(403, {
        success: false,
        error: 'Permission denied',
        code: 'auth_permission_denied',
        params: {},
        meta,
      });
    }
    if (options.fail === kind) {
      return json(500, { success: false, error: 'Internal server error', meta });
    }
    const items = names[kind];
    const limit = Math.min(Number(query.get('limit') ?? 50) || 0, 1000);
    const offset = Number(query.get('offset') ?? 0) || 0;
    const slice = limit === 0 ? items.slice(offset) : items.slice(offset, offset + limit);
    const pagination = {
      total_count: items.length,
      limit,
      offset,
      has_more: offset + slice.length < items.length,
    };
    return json(200, { success: true, data: slice, meta: { ...meta, pagination } });
  };
}
