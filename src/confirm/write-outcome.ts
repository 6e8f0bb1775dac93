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
} from '../api/errors.js';
import type { CredentialOutput } from '../views/shared/shapes.js';
import { stateDigest } from './app-approval.js';
import { readCurrentCredential } from './current-credential.js';

/** What a Confirm reports: the change is on the service, is not, or may be. */
export type Written = 'yes' | 'no' | 'unknown';

/** Failures to connect at all: the request never left this process. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * `no` when the service refused the write (a 4xx answer) or the PUT was never sent (a read before
 * it failed, no connection, no credentials); `unknown` when it was sent and no usable answer came
 * back (a timeout after connecting, a dropped connection, a 5xx that a proxy may have sent after
 * the service applied it, an answer that could not be read).
 */
export function writtenAfter(error: unknown): 'no' | 'unknown' {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error instanceof MissingCredentialError || error instanceof LoginError) return 'no';
  // 0.15+ reads the whole record before its PUT: a failure there means nothing was sent.
  if (error.endpoint.method !== 'PUT') return 'no';
  if (error instanceof EndpointNotOfferedError) return 'no';
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
      /** Whether the record differs from the one the person was shown (an update changes updated_at). */
      readonly changedSincePreview: boolean | undefined;
    }
  | { readonly read: false; readonly reason: string };

/** Reads the credential again to say what it holds now; `previewed` is the preview's digest. */
export async function readBack(
  api: ApiClient,
  id: string,
  previewed: string | undefined,
  signal: AbortSignal,
): Promise<ReadBack> {
  if (signal.aborted) return { read: false, reason: 'the call was cancelled' };
  try {
    const current = await readCurrentCredential(api, id, signal);
    if (!current.known) return { read: false, reason: current.reason };
    const changed =
      previewed === undefined || previewed === stateDigest(null)
        ? undefined
        : stateDigest(current.credential) !== previewed;
    return { read: true, credential: current.credential, changedSincePreview: changed };
  } catch {
    return { read: false, reason: 'reading it failed' };
  }
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
