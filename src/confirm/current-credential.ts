// Reads the stored credential for the preview; when that fails, says why instead of failing the write.
import type { ApiClient } from '../api/client.js';
import { ApiError, CancelledError, EndpointNotOfferedError, HttpError } from '../api/errors.js';
import { sha256Base64url } from '../lazy-crypto.js';
import { codeText } from '../safety/quote.js';
import type { CurrentState } from '../views/credential-preview.js';
import { credentialView } from '../views/format.js';
import { canonicalJson } from './confirmation-token.js';

export async function readCurrentCredential(
  api: ApiClient,
  id: string,
  signal: AbortSignal,
): Promise<CurrentState> {
  try {
    return { known: true, credential: credentialView(await api.getSnmpCredential(id, signal)) };
  } catch (error) {
    // A cancelled call stops here; any other failure only costs the preview its "before".
    if (signal.aborted || error instanceof CancelledError) throw error;
    return { known: false, reason: whyUnknown(error) };
  }
}

function whyUnknown(error: unknown): string {
  if (error instanceof EndpointNotOfferedError) {
    return 'this server does not offer reading a credential';
  }
  if (error instanceof HttpError) {
    const code = error.detail.code ? ` ${codeText(error.detail.code)}` : '';
    return `reading it failed with HTTP ${error.status}${code}`;
  }
  if (error instanceof ApiError) return `reading it failed (${error.kind})`;
  return 'reading it failed';
}

/**
 * The credential's state as read, for the confirmation token to sign: a digest of every field shown
 * (updated_at included, which the service moves on each write). Once the token's write lands the
 * state changes, so the same token is refused by every process, after restarts and on every
 * replica, with no shared store. A state that could not be read signs as "unknown": a token issued
 * then is refused once the state can be read, and the reverse.
 */
export function credentialState(current: CurrentState): string {
  return current.known ? sha256Base64url(canonicalJson(current.credential)) : 'unknown';
}
