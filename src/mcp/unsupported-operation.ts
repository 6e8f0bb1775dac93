// What an UnsupportedOperationError means for the model: what cannot be done, why, and what to do instead.
import type { UnsupportedReason } from '../api/errors.js';

export function explainUnsupported(reason: UnsupportedReason): string {
  switch (reason.kind) {
    case 'not-snmp':
      return `Credential ${reason.id} is a ${reason.credentialType.slice(0, 40)} credential, not an SNMP one; nothing was changed. Call list_snmp_credentials for the SNMP credentials' ids.`;
    case 'stored-v3':
      return `Credential ${reason.id} is SNMPv3: it has no community (it authenticates with a user, auth and privacy passwords), so update_snmp_credential cannot rotate it; nothing was sent. Change SNMPv3 secrets in Scanopy's web UI.`;
    case 'to-v3':
      return `This Scanopy version keeps SNMPv3 settings (user, auth and privacy passwords) that a community cannot supply, so a credential cannot be turned into v3 here; nothing was sent. Call again without version, or with version "V2c".`;
  }
}
