// Reads the stored credential for the preview; when that fails, says why instead of failing the write.
import type { ApiClient } from '../api/client.js';
import { ApiError, CancelledError, EndpointNotOfferedError, HttpError } from '../api/errors.js';
import { codeText } from '../safety/quote.js';
import { credentialView } from '../views/common/format.js';
import type { CurrentState } from '../views/credentials/credential-preview.js';

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
