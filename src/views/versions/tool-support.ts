// What each tool does on a service's endpoint family: lines for get_version and doctor.
import { inventoryProfile } from '../../api/families/inventory.js';
import type { ServiceProfile } from '../../api/families/service-profile.js';

export type ToolName =
  | 'list_discoveries'
  | 'list_snmp_credentials'
  | 'update_snmp_credential'
  | 'get_unseen_release_notes'
  | 'get_version'
  | 'list_hosts'
  | 'get_host';

/** What each tool does on this family, for get_version and doctor. */
export function toolSupport(profile: ServiceProfile): Record<ToolName, string> {
  const snmp =
    profile.family === '0.14'
      ? 'works (/api/v1/snmp-credentials)'
      : `works (/api/v1/credentials, ${profile.snmpCredentialTypes.join('/')})`;
  return {
    list_discoveries: profile.sites
      ? 'works (Scanopy calls networks sites here: network and network_id take a site, sent as site_id)'
      : 'works (filter network_id)',
    list_snmp_credentials: snmp,
    update_snmp_credential:
      profile.family === '0.14'
        ? 'works (replaces the credential)'
        : `works for ${profile.family === '0.17' ? 'SNMPv1/v2c' : 'SNMPv2c'} (whole credential read and sent back; v3 refused)`,
    // Asked of the service on each call: a build that serves the route gets its notes.
    get_unseen_release_notes:
      'asks the service on each call (no Scanopy release up to 0.17.22 is known to serve release notes; the tool says what this one answers)',
    get_version: 'works',
    // Short: doctor prints these lines too.
    list_hosts: inventoryProfile(profile.version).datedSightings
      ? 'works (found_by approximate)'
      : 'works',
    get_host: 'works',
  };
}
