// The catalog: every tool this server offers, listed without a network.
import type { AnyToolDefinition } from './define-tool.js';
import { getUnseenReleaseNotes } from './get-unseen-release-notes.js';
import { getVersion } from './get-version.js';
import { listDiscoveries } from './list-discoveries.js';
import { listSnmpCredentials } from './list-snmp-credentials.js';
import { updateSnmpCredential } from './update-snmp-credential.js';

export const ALL_TOOLS: readonly AnyToolDefinition[] = [
  listDiscoveries,
  listSnmpCredentials,
  updateSnmpCredential,
  getUnseenReleaseNotes,
  getVersion,
];

/** The tools to register: writes are left out entirely in read-only mode. */
export function selectTools(options: { readOnly: boolean }): AnyToolDefinition[] {
  return ALL_TOOLS.filter((tool) => !(options.readOnly && tool.writes));
}
