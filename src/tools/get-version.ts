// get_version: the service's API and application versions, its endpoint family, and which tools work on it.
import * as z from 'zod';
import {
  describeProfile,
  profileFor,
  type ServiceProfile,
  toolSupport,
} from '../api/service-profile.js';
import { CONFIRM_MODE_TEXT } from '../confirm/confirmation.js';
import { SERVER_VERSION } from '../version.js';
import { defineTool, READ_ONLY } from './define-tool.js';

export const SUPPORTED_API_VERSION = 1;

/** SNMP credentials can be listed and rotated on every known family (0.14 routes, 0.15+ credentials). */
export function offersSnmpCredentialEndpoint(serverVersion: string): boolean {
  return profileFor(serverVersion).standing !== 'older';
}

/** The version line and one line per tool, for get_version and doctor. */
export function versionReport(profile: ServiceProfile): string[] {
  const tools = Object.entries(toolSupport(profile)).map(([tool, how]) => `- ${tool}: ${how}`);
  return [describeProfile(profile), ...tools];
}

export const getVersion = defineTool({
  name: 'get_version',
  title: 'Get service version',
  description:
    "The service's and this server's versions, and which tools work on it. Needs no credentials: call it first when other tools fail.",
  inputSchema: {},
  outputSchema: {
    api_version: z.number(),
    server_version: z.string(),
    mcp_server_version: z.string(),
    api_version_supported: z.boolean(),
    snmp_credential_endpoint: z.boolean(),
    endpoint_family: z.string(),
    version_tested: z.boolean(),
  },
  annotations: READ_ONLY,
  writes: false,
  async handler(_args, { api, signal, confirmer }) {
    const version = await api.getVersion(signal);
    const profile = await api.service(signal);
    const supported = version.api_version === SUPPORTED_API_VERSION;
    const snmp = offersSnmpCredentialEndpoint(version.server_version);
    const lines = [
      `Service ${version.server_version}, API v${version.api_version} (${supported ? 'supported' : `not supported: this server speaks v${SUPPORTED_API_VERSION}`}); network-discovery-mcp ${SERVER_VERSION}.`,
      ...versionReport(profile),
      `Writes (NETWORK_DISCOVERY_CONFIRM=${confirmer.mode}): ${CONFIRM_MODE_TEXT[confirmer.mode]}.`,
    ];
    return {
      structured: {
        api_version: version.api_version,
        server_version: version.server_version,
        mcp_server_version: SERVER_VERSION,
        api_version_supported: supported,
        snmp_credential_endpoint: snmp,
        endpoint_family: profile.family,
        version_tested: profile.standing === 'known',
      },
      text: lines.join('\n'),
    };
  },
});
