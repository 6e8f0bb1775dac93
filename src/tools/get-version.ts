// get_version: the service's API and application versions, its endpoint family, and which tools work on it.
import { profileFor } from '../api/families/service-profile.js';
import { CONFIRM_MODE_TEXT } from '../confirm/confirmation.js';
import { versionOutput } from '../views/common/shapes.js';
import { versionResult } from '../views/versions/version-view.js';
import { defineTool, READ_ONLY } from './define-tool.js';

export const SUPPORTED_API_VERSION = 1;

/** SNMP credentials can be listed and rotated on every known family (0.14 routes, 0.15+ credentials). */
export function offersSnmpCredentialEndpoint(serverVersion: string): boolean {
  return profileFor(serverVersion).standing !== 'older';
}

export const getVersion = defineTool({
  name: 'get_version',
  title: 'Get service version',
  description:
    'Service and server versions, and which tools work on it. Needs no key: call it first when other tools fail.',
  inputSchema: {},
  outputSchema: versionOutput,
  annotations: READ_ONLY,
  writes: false,
  async handler(_args, { api, signal, confirmer }) {
    const version = await api.getVersion(signal);
    const profile = await api.service(signal);
    const result = versionResult({
      version,
      profile,
      supportedApiVersion: SUPPORTED_API_VERSION,
      snmpCredentialEndpoint: offersSnmpCredentialEndpoint(version.server_version),
    });
    // Which confirmation applies is this server's setting, said beside the versions.
    const writes = `Writes (NETWORK_DISCOVERY_CONFIRM=${confirmer.mode}): ${CONFIRM_MODE_TEXT[confirmer.mode]}.`;
    return { ...result, text: `${result.text}\n${writes}` };
  },
});
