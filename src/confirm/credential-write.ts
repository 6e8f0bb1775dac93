// The write of an SNMP credential once confirmed, recorded in the audit trail before and after; shared by every way of confirming.
import type { ApiClient } from '../api/client.js';
import type { SnmpCredentialUpdate } from '../api/schemas.js';
import { credentialView } from '../views/format.js';
import type { CredentialWrite } from './credential-values.js';
import type { WriteAuditor } from './write-audit.js';
import { failureRecord } from './write-audit.js';

export async function writeCredential(
  api: ApiClient,
  values: CredentialWrite,
  record: WriteAuditor,
  signal: AbortSignal,
): Promise<ReturnType<typeof credentialView>> {
  const update: SnmpCredentialUpdate = {
    name: values.name,
    organization_id: values.organization_id,
    community: values.community,
    tags: values.tags,
    ...(values.version ? { version: values.version } : {}),
  };
  record('sent');
  let credential: ReturnType<typeof credentialView>;
  try {
    credential = credentialView(await api.updateSnmpCredential(values.id, update, signal));
  } catch (error) {
    record('failed', failureRecord(error));
    throw error;
  }
  // The client returns only on a success envelope, which the service sends with 200.
  record('succeeded', { status: 200 });
  return credential;
}
