// The catalog: every tool this server offers, listed without a network (the server registers them through src/tools/lazy-catalog.ts).
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
