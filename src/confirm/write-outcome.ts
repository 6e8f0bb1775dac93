// Whether a write that failed was written: no (refused or never sent), or unknown (sent, answer lost), with the record read back.
import type { ApiClient } from '../api/client.js';
import {
  ApiError,
  EndpointNotOfferedError,
  HttpError,
  LoginError,
  MissingCredentialError,
  NetworkError,
  TimeoutError,
  UnsupportedOperationError,
} from '../api/errors.js';
import type { CredentialOutput } from '../views/common/shapes.js';
import type { CredentialWrite } from './credential-values.js';
import { readCurrentCredential } from './current-credential.js';

/** What a Confirm reports: the change is on the service, is not, or may be. */
export type Written = 'yes' | 'no' | 'unknown';

/** Failures to connect at all: the request never left this process. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * `no` when the service refused the write (a 4xx answer) or the PUT was never sent (a read before
 * it failed, a refusal before sending, no connection, no credentials); `unknown` when it was sent
 * and no usable answer came back (a timeout after connecting, a dropped connection, a 5xx such as
 * a proxy's 502 that may come after the service applied it, an answer that could not be read).
 */
export function writtenAfter(error: unknown): 'no' | 'unknown' {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error instanceof MissingCredentialError || error instanceof LoginError) return 'no';
  // 0.15+ reads the whole record before its PUT: a failure there means nothing was sent.
  if (error.endpoint.method !== 'PUT') return 'no';
  if (error instanceof EndpointNotOfferedError) return 'no';
  // Refused before sending (the credential turned SNMPv3, or is not SNMP); only an answer about
  // another record comes after the PUT was sent.
  if (error instanceof UnsupportedOperationError) {
    return error.reason.kind === 'other-record' && error.reason.written ? 'unknown' : 'no';
  }
  if (error instanceof HttpError) return error.status < 500 ? 'no' : 'unknown';
  if (error instanceof TimeoutError) return error.phase === 'connect' ? 'no' : 'unknown';
  if (error instanceof NetworkError) {
    return error.code !== undefined && NOT_CONNECTED.has(error.code) ? 'no' : 'unknown';
  }
  return 'unknown';
}

/** The credential as read back after a write whose answer was lost; never the community. */
export type ReadBack =
  | {
      readonly read: true;
      readonly credential: CredentialOutput;
      /** What the fields say, compared one by one with the write and the preview: facts, no guess. */
      readonly verdict: string;
    }
  | { readonly read: false; readonly reason: string };

/**
 * Reads the credential again to say what it holds now, compared field by field with what was
 * written and with `before`, the record as the person was shown it (undefined when not read).
 */
export async function readBack(
  api: ApiClient,
  written: CredentialWrite,
  before: CredentialOutput | undefined,
  signal: AbortSignal,
): Promise<ReadBack> {
  if (signal.aborted) return { read: false, reason: 'the call was cancelled' };
  try {
    const current = await readCurrentCredential(api, written.id, signal);
    if (!current.known) return { read: false, reason: current.reason };
    return {
      read: true,
      credential: current.credential,
      verdict: compareReadBack(written, before, current.credential),
    };
  } catch {
    return { read: false, reason: 'reading it failed' };
  }
}

type Field = 'name' | 'organization_id' | 'tags' | 'version';

/** A field's value in one spelling: tags as a set, the version only when the write names one. */
function spelled(field: Field, record: Partial<CredentialOutput> | CredentialWrite): string {
  if (field === 'tags') return [...(record.tags ?? [])].sort().join(',');
  return String(record[field] ?? '');
}

/**
 * What the read-back shows, in this server's words only (no service text): a field the write sets
 * that does not read as written means it did not land (or was overwritten since); every field it
 * changes reading as written means it landed (the PUT is applied whole, community included). A
 * write that changes only the community, which is never read back, cannot be told from a read;
 * `updated_at` is reported as a fact beside, never taken alone as proof either way.
 */
export function compareReadBack(
  written: CredentialWrite,
  before: CredentialOutput | undefined,
  now: CredentialOutput,
): string {
  // The version only where the write names one and the service reports one (0.14 reports none).
  const versioned = written.version !== undefined && now.version !== undefined;
  const fields: Field[] = ['name', 'organization_id', 'tags'];
  if (versioned) fields.push('version');
  const notAsWritten = fields.filter((field) => spelled(field, now) !== spelled(field, written));
  const changes = before
    ? fields.filter((field) => spelled(field, before) !== spelled(field, written))
    : [];
  const stamp =
    before?.updated_at && now.updated_at
      ? before.updated_at === now.updated_at
        ? ' Its updated_at is as at the preview.'
        : ' Its updated_at differs from the preview: some write reached it since, this one or another.'
      : '';
  if (notAsWritten.length > 0) {
    const asBefore = before
      ? notAsWritten.filter((field) => spelled(field, now) === spelled(field, before))
      : [];
    const how =
      asBefore.length === notAsWritten.length
        ? 'still read as at the preview'
        : 'do not read as written';
    return `Field by field: ${notAsWritten.join(', ')} ${how}, so this write did not land (or was overwritten since).${stamp}`;
  }
  if (changes.length > 0) {
    return `Field by field: ${changes.join(', ')} changed from the preview and read as written, so the write landed, community included (unless someone else made the same change).${stamp}`;
  }
  const why = before
    ? 'the write changes only the community, which is never read back'
    : 'the preview could not read the credential, so there is nothing to compare with';
  return `The read cannot tell whether it landed: ${why}.${stamp}`;
}

/**
 * A write that did not end in a success: whether it was written (`no` or `unknown`), the failure
 * itself (the MCP layer puts it in words), what was read back, and the structured result.
 */
export class WriteOutcomeError extends Error {
  constructor(
    readonly written: 'no' | 'unknown',
    readonly failure: unknown,
    /** Sentences after the failure's own words: what was read back, what to do. */
    readonly after: string,
    readonly structured: Readonly<Record<string, unknown>>,
  ) {
    super(`write ${written === 'no' ? 'not written' : 'outcome unknown'}`);
  }
}
