// The keys under which host answers reuse their side lists per caller, and what a credential write drops: small, so the write tools load no host code.
import type { ToolContext } from '../define-tool.js';

/**
 * What every host answer reads beside the hosts, reused per caller for NAMES_TTL_MS as the name
 * lists are: a warm list_hosts call asks the service for host pages only. A credential write of
 * ours drops what it can change (`forgetCredentialLists`).
 */
export const REUSED = {
  credentials: 'host-world:snmp-credentials',
  networks: 'host-world:networks',
  subnets: 'host-world:subnets',
  discoveries: 'host-world:discoveries',
} as const;

/** After a credential write (landed or not known): credential names and network assignments. */
export function forgetCredentialLists(names: ToolContext['names']): void {
  names.forget(REUSED.credentials);
  names.forget(REUSED.networks);
}
