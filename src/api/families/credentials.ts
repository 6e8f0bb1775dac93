// SNMP credentials on 0.15+ (`/api/v1/credentials`): list by type, read, and a whole-object update.

import { UnsupportedOperationError } from '../errors.js';
import { readEveryPage } from '../paging.js';
import type { Page, PageQuery, Requester, RequestSpec } from '../request.js';
import {
  credentialRecordSchema,
  type SnmpCredential,
  type SnmpCredentialUpdate,
  snmpCredentialRecordSchema,
  snmpVersionOf,
} from '../schemas.js';
import { countingBytes } from '../side-list-bytes.js';
import type { ServiceProfile, SnmpCredentialType } from './service-profile.js';

const ROUTE = '/api/v1/credentials';
/** Pages read per type when several types are merged (0.17: v1, v2c and v3 are separate types). */
const MERGE_PAGE = 1000;
const MERGE_MAX_PAGES = 10;

const itemPath = (id: string) => `${ROUTE}/${encodeURIComponent(id)}`;

/** One page of one type, as the service pages it. */
function listType(
  r: Requester,
  type: SnmpCredentialType,
  query: PageQuery,
  signal: AbortSignal | undefined,
): Promise<Page<SnmpCredential>> {
  const spec: RequestSpec = {
    method: 'GET',
    path: ROUTE,
    auth: 'apiKey',
    query: { type, limit: query.limit, offset: query.offset },
    signal,
  };
  return r.listPage(spec, snmpCredentialRecordSchema, query);
}

/**
 * The `type` filter takes one value, so when a version has several SNMP types each is read whole
 * (an organization has a handful of credentials) and the caller's page is cut from the merge.
 */
async function listMerged(
  r: Requester,
  types: readonly SnmpCredentialType[],
  query: PageQuery,
  signal: AbortSignal | undefined,
): Promise<Page<SnmpCredential>> {
  const all: SnmpCredential[] = [];
  let skipped = 0;
  // The types merged are one list: their pages add up against one byte cap.
  const counted = countingBytes(
    { method: 'GET', path: ROUTE },
    r.sideListBytes,
    (read: () => Promise<Page<SnmpCredential>>) => read(),
  );
  for (const type of types) {
    const read = await readEveryPage(
      { method: 'GET', path: ROUTE },
      (offset) => counted(() => listType(r, type, { limit: MERGE_PAGE, offset }, signal)),
      r.shapeError,
      { pages: MERGE_MAX_PAGES, items: MERGE_MAX_PAGES * MERGE_PAGE },
    );
    all.push(...read.items);
    skipped += read.skipped;
  }
  // The service's own order is created_at ascending; the merge keeps it across types. Its RFC 3339
  // times sort as text; compared by code unit, not localeCompare, whose first use loads ICU's
  // collation data (~3 MB resident) into every session that reads the credentials.
  all.sort((a, b) => {
    const x = a.created_at ?? '';
    const y = b.created_at ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 50;
  const items = limit === 0 ? all.slice(offset) : all.slice(offset, offset + limit);
  return {
    items,
    skipped,
    pagination: {
      total_count: all.length,
      limit,
      offset,
      has_more: offset + items.length < all.length,
    },
  };
}

export function listSnmpCredentials(
  r: Requester,
  profile: ServiceProfile,
  query: PageQuery,
  signal: AbortSignal | undefined,
): Promise<Page<SnmpCredential>> {
  const [only, ...more] = profile.snmpCredentialTypes;
  if (only && more.length === 0) return listType(r, only, query, signal);
  return listMerged(r, profile.snmpCredentialTypes, query, signal);
}

export async function getSnmpCredential(
  r: Requester,
  id: string,
  signal: AbortSignal | undefined,
): Promise<SnmpCredential> {
  const spec: RequestSpec = { method: 'GET', path: itemPath(id), auth: 'apiKey', signal };
  const parsed = credentialRecordSchema.safeParse((await r.request(spec)).data);
  if (!parsed.success) throw r.shapeError(spec, 'data is not a credential');
  const snmp = snmpCredentialRecordSchema.safeParse(parsed.data);
  if (!snmp.success) throw notSnmp(spec, id, parsed.data.credential_type.type);
  return snmp.data;
}

function notSnmp(spec: RequestSpec, id: string, type: string): UnsupportedOperationError {
  return new UnsupportedOperationError(spec, { kind: 'not-snmp', id, credentialType: type });
}

/**
 * GETs the whole credential, changes only name, tags, organization and the community, and PUTs the
 * whole object back: assignments (0.17.22 rewrites them from the body), target_ips and every field
 * this server does not know go back exactly as read.
 */
export async function updateSnmpCredential(
  r: Requester,
  id: string,
  update: SnmpCredentialUpdate,
  signal: AbortSignal | undefined,
): Promise<SnmpCredential> {
  const read: RequestSpec = { method: 'GET', path: itemPath(id), auth: 'apiKey', signal };
  const stored = await r.readExact(read);
  const parsed = credentialRecordSchema.safeParse(stored);
  if (!parsed.success || typeof stored !== 'object' || stored === null) {
    throw r.shapeError(read, 'data is not a credential');
  }
  // A stale cache or a proxy may answer A's read with B's record: B's assignments, target IPs
  // and extras must never be written onto A.
  if (parsed.data.id !== id) throw otherRecord(read, id, parsed.data.id, false);
  const write: RequestSpec = { method: 'PUT', path: itemPath(id), auth: 'apiKey', signal };
  const type = parsed.data.credential_type.type;
  const version = snmpVersionOf(parsed.data);
  if (!version) throw notSnmp(write, id, type);
  if (version === 'V3' || update.version === 'V3') throw v3Refusal(write, id, version === 'V3');
  const storedType = (stored as { credential_type: Record<string, unknown> }).credential_type;
  const body = {
    ...(stored as Record<string, unknown>),
    // The path's id, whatever the record said: the body never names another credential.
    id,
    name: update.name,
    organization_id: update.organization_id,
    tags: [...update.tags],
    credential_type: {
      ...storedType,
      // Asked for V2c explicitly: a v1 credential becomes v2c; otherwise the type stays as stored.
      type: update.version === 'V2c' ? 'SnmpV2c' : type,
      community: { mode: 'Inline', value: update.community },
    },
  };
  r.redact(update.community);
  const parsedAnswer = snmpCredentialRecordSchema.safeParse(
    (await r.request({ ...write, body })).data,
  );
  if (!parsedAnswer.success) throw r.shapeError(write, 'data is not an SNMP credential');
  if (parsedAnswer.data.id !== id) throw otherRecord(write, id, parsedAnswer.data.id, true);
  return parsedAnswer.data;
}

/** The service answered about another credential than the one asked for. */
export function otherRecord(
  spec: RequestSpec,
  asked: string,
  answered: string,
  written: boolean,
): UnsupportedOperationError {
  return new UnsupportedOperationError(spec, { kind: 'other-record', asked, answered, written });
}

function v3Refusal(spec: RequestSpec, id: string, storedV3: boolean): UnsupportedOperationError {
  return new UnsupportedOperationError(
    spec,
    storedV3 ? { kind: 'stored-v3', id } : { kind: 'to-v3' },
  );
}
