// What an UnsupportedOperationError means for the model: what cannot be done, why, and what to do instead.
import type { UnsupportedReason } from '../api/errors.js';
import { quote } from '../safety/quote.js';

export function explainUnsupported(reason: UnsupportedReason): string {
  switch (reason.kind) {
    case 'not-snmp':
      return `Credential ${reason.id} is a ${quote(reason.credentialType, 40)} credential, not an SNMP one; nothing was changed. Call list_snmp_credentials for the SNMP credentials' ids.`;
    case 'stored-v3':
      return `Credential ${reason.id} is SNMPv3: it has no community (it authenticates with a user, auth and privacy passwords), so update_snmp_credential cannot rotate it; nothing was sent. Change SNMPv3 secrets in Scanopy's web UI.`;
    case 'to-v3':
      return `This Scanopy version keeps SNMPv3 settings (user, auth and privacy passwords) that a community cannot supply, so a credential cannot be turned into v3 here; nothing was sent. Call again without version, or with version "V2c".`;
    case 'other-record':
      return reason.written
        ? `The service answered the update of credential ${reason.asked} with the record of ${quote(reason.answered, 64)}: the write was sent, but its result cannot be trusted (a cache or proxy may be mixing records up). Call list_snmp_credentials and check both credentials before anything else.`
        : `Reading credential ${reason.asked} returned the record of ${quote(reason.answered, 64)} (a stale cache or a proxy mixing records up): nothing was written, because the whole-object update would have copied that record's assignments onto ${reason.asked}. Try again later, or check the proxy in front of the service.`;
  }
}
