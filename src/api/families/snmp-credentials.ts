// SNMP credentials on 0.14 (`/api/v1/snmp-credentials`, the contract's routes): list, read, and a replacing update.
import type { Page, PageQuery, Requester, RequestSpec } from '../request.js';
import {
  type SnmpCredential,
  type SnmpCredentialUpdate,
  snmpCredentialSchema,
} from '../schemas.js';
import { otherRecord } from './credentials.js';

const ROUTE = '/api/v1/snmp-credentials';

const itemPath = (id: string) => `${ROUTE}/${encodeURIComponent(id)}`;

export function listSnmpCredentials(
  r: Requester,
  query: PageQuery,
  signal: AbortSignal | undefined,
): Promise<Page<SnmpCredential>> {
  const spec = { method: 'GET', path: ROUTE, auth: 'apiKey', query, signal } as const;
  return r.listPage(spec, snmpCredentialSchema, query);
}

export function getSnmpCredential(
  r: Requester,
  id: string,
  signal: AbortSignal | undefined,
): Promise<SnmpCredential> {
  return readCredential(r, { method: 'GET', path: itemPath(id), auth: 'apiKey', signal });
}

export async function updateSnmpCredential(
  r: Requester,
  id: string,
  update: SnmpCredentialUpdate,
  signal: AbortSignal | undefined,
): Promise<SnmpCredential> {
  // Only the API's own fields: a stray field would be a silent contract change.
  const body: SnmpCredentialUpdate = {
    name: update.name,
    organization_id: update.organization_id,
    community: update.community,
    tags: [...update.tags],
    ...(update.version ? { version: update.version } : {}),
  };
  r.redact(update.community);
  const write: RequestSpec = { method: 'PUT', path: itemPath(id), auth: 'apiKey', body, signal };
  const answer = await readCredential(r, write);
  if (answer.id !== id) throw otherRecord(write, id, answer.id, true);
  return answer;
}

async function readCredential(r: Requester, spec: RequestSpec): Promise<SnmpCredential> {
  const parsed = snmpCredentialSchema.safeParse((await r.request(spec)).data);
  if (!parsed.success) throw r.shapeError(spec, 'data is not an SNMP credential');
  return parsed.data;
}
