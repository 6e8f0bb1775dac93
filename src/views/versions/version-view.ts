// get_version's result for both channels: the service's and this server's versions, and what works on it.
import { describeProfile, type ServiceProfile } from '../../api/families/service-profile.js';
import type { VersionInfo } from '../../api/schemas.js';
import { versionText } from '../../safety/quote.js';
import { SERVER_VERSION } from '../../version.js';
import { toolSupport } from './tool-support.js';

export interface VersionView {
  readonly version: VersionInfo;
  readonly profile: ServiceProfile;
  /** The API version this server speaks. */
  readonly supportedApiVersion: number;
  readonly snmpCredentialEndpoint: boolean;
}

/** The version line and one line per tool. */
export function versionReport(profile: ServiceProfile): string[] {
  const tools = Object.entries(toolSupport(profile)).map(([tool, how]) => `- ${tool}: ${how}`);
  return [describeProfile(profile), ...tools];
}

export function versionResult(view: VersionView) {
  const { version, profile, supportedApiVersion } = view;
  const supported = version.api_version === supportedApiVersion;
  const lines = [
    `Service ${versionText(version.server_version)}, API v${version.api_version} (${supported ? 'supported' : `not supported: this server speaks v${supportedApiVersion}`}); network-discovery-mcp ${SERVER_VERSION}.`,
    ...versionReport(profile),
  ];
  return {
    structured: {
      api_version: version.api_version,
      server_version: version.server_version,
      mcp_server_version: SERVER_VERSION,
      api_version_supported: supported,
      snmp_credential_endpoint: view.snmpCredentialEndpoint,
      endpoint_family: profile.family,
      version_tested: profile.standing === 'known',
    },
    text: lines.join('\n'),
  };
}
