// The sample API's `/api/v1/credentials` (Scanopy 0.15+): list by type, read, and the whole-object PUT.
import type { StoredCredential } from './data.js';
import type { SampleEra } from './era.js';
import type { SampleRequest, SampleResponse } from './exchange.js';

/** The response helpers routes.ts builds; shared so both route files answer alike. */
export interface SampleKit {
  ok(payload: unknown): SampleResponse;
  fail(
    status: number,
    error: string,
    code?: string,
    params?: Record<string, unknown>,
  ): SampleResponse;
  text(status: number, body: string): SampleResponse;
  paging(req: SampleRequest): { limit: number; offset: number } | SampleResponse;
  page<T>(items: T[], limit: number, offset: number): SampleResponse;
}

const REDACTED = '********';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPES = { V1: 'SnmpV1', V2c: 'SnmpV2c', V3: 'SnmpV3' } as const;
const KNOWN_TYPES_017 = ['SnmpV1', 'SnmpV2c', 'SnmpV3', 'DockerProxy', 'DockerSocket', 'Gnmi'];

/** A credential as GET shows it on this era: secrets as the sentinel, assignments on 0.17.22. */
export function credentialJson(c: StoredCredential, era: SampleEra): Record<string, unknown> {
  const v3 = c.v3 ?? {};
  const credentialType =
    c.version === 'V3'
      ? { type: 'SnmpV3', ...v3, auth_password: REDACTED, priv_password: REDACTED }
      : { type: TYPES[c.version], community: { mode: 'Inline', value: REDACTED } };
  return {
    id: c.id,
    created_at: c.created_at,
    updated_at: c.updated_at,
    organization_id: c.organization_id,
    name: c.name,
    credential_type: credentialType,
    tags: c.tags,
    ...(c.target_ips ? { target_ips: c.target_ips } : {}),
    ...(era.sites
      ? { assigned_site_ids: c.assigned_site_ids ?? [], host_assignments: c.host_assignments ?? [] }
      : {}),
  };
}

export function credentialRoutes(
  credentials: StoredCredential[],
  era: SampleEra,
  kit: SampleKit,
  role: 'owner' | 'admin' | 'member',
) {
  const notFound = (id: string) =>
    kit.fail(404, `Credential ${id} not found`, 'entity_not_found', { entity: 'Credential', id });

  const list = (req: SampleRequest): SampleResponse => {
    const paged = kit.paging(req);
    if ('status' in paged) return paged;
    const type = req.query.get('type');
    // 0.17.22 parses `type` as an enum: an unknown value is a query rejection.
    if (type !== null && era.snmpV1V3 && !KNOWN_TYPES_017.includes(type)) {
      return kit.text(400, `Failed to deserialize query string: unknown variant \`${type}\``);
    }
    const visible = credentials.filter((c) => era.snmpV1V3 || c.version !== 'V1');
    const items = visible
      .map((c) => credentialJson(c, era))
      .filter((c) => type === null || (c['credential_type'] as { type: string }).type === type)
      .sort((a, b) => String(a['created_at']).localeCompare(String(b['created_at'])));
    return kit.page(items, paged.limit, paged.offset);
  };

  return function route(req: SampleRequest, rest: string): SampleResponse {
    if (rest === '' && req.method === 'GET') return list(req);
    const id = rest.slice(1);
    if (!UUID.test(id)) return kit.text(400, 'Invalid URL: UUID parsing failed');
    const found = credentials.find((c) => c.id === id);
    if (req.method === 'GET') return found ? kit.ok(credentialJson(found, era)) : notFound(id);
    if (req.method !== 'PUT') return kit.text(405, 'Method Not Allowed');
    if (role === 'member') {
      return kit.fail(403, 'Permission denied: requires admin', 'auth_permission_denied');
    }
    return found ? update(req, found) : notFound(id);
  };

  function update(req: SampleRequest, existing: StoredCredential): SampleResponse {
    const body = parseBody(req);
    // 0.17.22 reads the body with ApiJson (an enveloped 400); 0.16 with axum's Json (422 text).
    const reject = (why: string) =>
      era.sites ? kit.fail(400, why) : kit.text(422, `Failed to deserialize the JSON body: ${why}`);
    if (!body) return reject('expected a JSON object');
    const type = body['credential_type'] as Record<string, unknown> | undefined;
    if (typeof body['name'] !== 'string' || !Array.isArray(body['tags']) || !type) {
      return reject('missing field `name`, `tags` or `credential_type`');
    }
    if (body['organization_id'] !== existing.organization_id) {
      return kit.fail(403, 'Access denied', 'entity_access_denied', { entity: 'Credential' });
    }
    const version = (Object.entries(TYPES).find(([, tag]) => tag === type['type']) ?? [])[0];
    if (!version || (!era.snmpV1V3 && version !== 'V2c')) {
      return reject(`unknown variant \`${String(type['type'])}\``);
    }
    const community = type['community'] as { mode?: unknown; value?: unknown } | undefined;
    if (version !== 'V3' && (community?.mode !== 'Inline' || typeof community.value !== 'string')) {
      return reject('credential_type.community: expected {mode: "Inline", value}');
    }
    Object.assign(existing, {
      name: body['name'],
      tags: (body['tags'] as unknown[]).map(String),
      version,
      // The sentinel keeps the stored secret (merge_redacted_secrets).
      community: community && community.value !== REDACTED ? community.value : existing.community,
      target_ips: Array.isArray(body['target_ips']) ? body['target_ips'] : null,
      updated_at: new Date().toISOString(),
    });
    if (era.sites) {
      // save_assignments: whatever the body holds replaces what was stored, absent = none.
      existing.assigned_site_ids = asArray(body['assigned_site_ids']) as string[];
      existing.host_assignments = asArray(body['host_assignments']) as {
        host_id: string;
        ips: string[];
      }[];
    }
    return kit.ok(credentialJson(existing, era));
  }
}

function parseBody(req: SampleRequest): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(req.body) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
