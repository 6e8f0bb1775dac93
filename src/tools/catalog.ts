// The catalog: every tool this server offers, listed without a network.
import { applySnmpRotation } from './apply-snmp-rotation.js';
import { cancelSnmpRotation } from './cancel-snmp-rotation.js';
import type { AnyToolDefinition } from './define-tool.js';
import { getHost } from './get-host.js';
import { getUnseenReleaseNotes } from './get-unseen-release-notes.js';
import { getVersion } from './get-version.js';
import { listChanges } from './list-changes.js';
import { listDiscoveries } from './list-discoveries.js';
import { listHosts } from './list-hosts.js';
import { listLinks } from './list-links.js';
import { listSnmpCredentials } from './list-snmp-credentials.js';
import { updateSnmpCredential } from './update-snmp-credential.js';

export const ALL_TOOLS: readonly AnyToolDefinition[] = [
  listDiscoveries,
  listSnmpCredentials,
  updateSnmpCredential,
  getUnseenReleaseNotes,
  getVersion,
  applySnmpRotation,
  cancelSnmpRotation,
  listHosts,
  getHost,
  listLinks,
  listChanges,
];

/**
 * The tools to register: writes are left out entirely in read-only mode, and the app's Confirm
 * tool where no app can press it (over stateless HTTP).
 */
export function selectTools(options: {
  readonly readOnly: boolean;
  readonly appConfirm?: boolean;
}): AnyToolDefinition[] {
  return ALL_TOOLS.filter(
    (tool) => !(options.readOnly && tool.writes) && !(tool.appOnly && !options.appConfirm),
  );
}
