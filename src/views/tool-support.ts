// What each tool does on a service's endpoint family: lines for get_version and doctor.
import { inventoryProfile } from '../api/families/inventory.js';
import type { ServiceProfile } from '../api/families/service-profile.js';

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
    get_unseen_release_notes: 'not offered by any Scanopy release (the tool says so)',
    get_version: 'works',
    list_hosts: profile.sites
      ? 'works (sites; 0.17.22 filters by service, search and credential itself)'
      : profile.family === '0.17'
        ? 'works (filters re-applied here; 0.17.21 filters service, search, credential itself)'
        : 'works (every filter applied here; found_by approximate, from dated entries)',
    get_host: profile.sites
      ? 'works (SNMP interfaces at /api/v1/interfaces)'
      : `works (IPs at ${inventoryProfile(profile.version).addressRoute}, SNMP interfaces at /api/v1/if-entries)`,
  };
}
