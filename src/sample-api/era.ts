// Which Scanopy release line the sample API plays, from its version string (kept apart from the client's table on purpose).

export interface SampleEra {
  /** 0.15+: `/api/v1/credentials` with tagged credential types; 0.14: `/api/v1/snmp-credentials`. */
  readonly universalCredentials: boolean;
  /** 0.17+: SnmpV1 and SnmpV3 exist beside SnmpV2c. */
  readonly snmpV1V3: boolean;
  /** 0.17.22+: networks are sites (filter `site_id`, items `site_id`, `/api/v1/sites`, assignments). */
  readonly sites: boolean;
  /** 0.16.2+: a run record's results name its job (discovery_id). */
  readonly runRecordsNameJobs: boolean;
}

export function sampleEra(version: string): SampleEra {
  const [major = 0, minor = 14, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  const after = (m: number, p: number) => major > 0 || minor > m || (minor === m && patch >= p);
  return {
    universalCredentials: after(15, 0),
    snmpV1V3: after(17, 0),
    sites: after(17, 22),
    runRecordsNameJobs: after(16, 2),
  };
}
