// get_version: the service's API and application versions, and whether this server supports them.
import { z } from 'zod';
import { SERVER_VERSION } from '../version.js';
import { defineTool, READ_ONLY } from './define-tool.js';

export const SUPPORTED_API_VERSION = 1;

/** The SNMP credential endpoints exist on 0.14.x only. */
export function offersSnmpCredentialEndpoint(serverVersion: string): boolean {
  return /^v?0\.14\./.test(serverVersion.trim());
}

export const getVersion = defineTool({
  name: 'get_version',
  title: 'Get service version',
  description:
    "The service's API and application versions, this server's version, and whether they are supported. Needs no credentials: call it first when other tools fail, to check the address works.",
  inputSchema: {},
  outputSchema: {
    api_version: z.number(),
    server_version: z.string(),
    mcp_server_version: z.string(),
    api_version_supported: z.boolean(),
    snmp_credential_endpoint: z.boolean(),
  },
  annotations: READ_ONLY,
  writes: false,
  async handler(_args, { api, signal }) {
    const version = await api.getVersion(signal);
    const supported = version.api_version === SUPPORTED_API_VERSION;
    const snmp = offersSnmpCredentialEndpoint(version.server_version);
    const lines = [
      `Service ${version.server_version}, API v${version.api_version} (${supported ? 'supported' : `not supported: this server speaks v${SUPPORTED_API_VERSION}`}); network-discovery-mcp ${SERVER_VERSION}.`,
      snmp
        ? 'SNMP credential updates are available (0.14.x).'
        : 'SNMP credential updates are NOT available on this service version (only 0.14.x offers them).',
    ];
    return {
      structured: {
        api_version: version.api_version,
        server_version: version.server_version,
        mcp_server_version: SERVER_VERSION,
        api_version_supported: supported,
        snmp_credential_endpoint: snmp,
      },
      text: lines.join('\n'),
    };
  },
});
