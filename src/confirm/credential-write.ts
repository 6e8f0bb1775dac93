// The write of an SNMP credential once confirmed, recorded in the audit trail before and after; shared by every way of confirming.
import type { ApiClient } from '../api/client.js';
import type { SnmpCredentialUpdate } from '../api/schemas.js';
import { credentialLine, credentialView } from '../views/common/format.js';
import type { CredentialOutput } from '../views/common/shapes.js';
import type { CredentialWrite } from './credential-values.js';
import type { WriteAuditor } from './write-audit.js';
import { failureRecord } from './write-audit.js';
import { readBack, WriteOutcomeError, writtenAfter } from './write-outcome.js';

const CHECK_FIRST =
  "The community is never read back, so check the credential in Scanopy's web UI (or ask the user to test the new community) before rotating it again.";

/**
 * Sends the write. A failure is a WriteOutcomeError saying whether anything was written: `no`
 * (refused, or never sent), or `unknown` (sent, answer lost), then with the record read back and
 * compared field by field with the write and with the one the person was shown (`previewed`).
 */
export async function writeCredential(
  api: ApiClient,
  values: CredentialWrite,
  record: WriteAuditor,
  signal: AbortSignal,
  previewed?: CredentialOutput,
): Promise<ReturnType<typeof credentialView>> {
  const update: SnmpCredentialUpdate = {
    name: values.name,
    organization_id: values.organization_id,
    community: values.community,
    tags: values.tags,
    ...(values.version ? { version: values.version } : {}),
  };
  record('sent');
  try {
    const credential = credentialView(await api.updateSnmpCredential(values.id, update, signal));
    // The client returns only on a success envelope, which the service sends with 200.
    record('succeeded', { status: 200 });
    return credential;
  } catch (error) {
    const written = writtenAfter(error);
    const failed = failureRecord(error);
    record('failed', { ...failed, detail: `${failed.detail}; written: ${written}` });
    if (written === 'no') {
      const next = 'Nothing was written; the credential is as it was.';
      throw new WriteOutcomeError('no', error, ` ${next}`, {
        status: 'not_written',
        written: 'no',
        next_step: next,
      });
    }
    throw await unknownOutcome(api, values, previewed, signal, error);
  }
}

async function unknownOutcome(
  api: ApiClient,
  values: CredentialWrite,
  previewed: CredentialOutput | undefined,
  signal: AbortSignal,
  error: unknown,
): Promise<WriteOutcomeError> {
  const back = await readBack(api, values, previewed, signal);
  const sent =
    'The write was sent but no usable answer came back, so whether it was written is unknown.';
  if (!back.read) {
    const next = `${sent} Reading the credential back failed too (${back.reason}). ${CHECK_FIRST}`;
    return new WriteOutcomeError('unknown', error, ` ${next}`, {
      status: 'unknown',
      written: 'unknown',
      next_step: next,
    });
  }
  const next = [
    sent,
    'Read back now:',
    credentialLine(back.credential),
    `${back.verdict} ${CHECK_FIRST}`,
  ].join('\n');
  return new WriteOutcomeError('unknown', error, ` ${next}`, {
    status: 'unknown',
    written: 'unknown',
    credential: back.credential,
    next_step: next.replace(/\n/g, ' '),
  });
}
