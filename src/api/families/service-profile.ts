// Which Scanopy endpoint family a reported version gets: paths, filters and credential shapes per release line.

import { quote } from '../../safety/quote.js';

/** The three families of the API this server speaks (docs/upstream.md). */
export type EndpointFamily = '0.14' | '0.15-0.16' | '0.17';

export type SnmpCredentialType = 'SnmpV1' | 'SnmpV2c' | 'SnmpV3';

/** How sure we are that the family fits: only versions inside the known range were tested. */
export type VersionStanding = 'known' | 'newer' | 'older' | 'unreadable';

export interface ServiceProfile {
  /** The version the service reported, as it reported it (already sanitized). */
  readonly version: string;
  readonly family: EndpointFamily;
  readonly standing: VersionStanding;
  /** 0.17.22 renamed networks to sites: the discovery filter is `site_id`, names are `/api/v1/sites`. */
  readonly sites: boolean;
  /** 0.14.x: `/api/v1/snmp-credentials`; 0.15+: `/api/v1/credentials` with a tagged credential_type. */
  readonly credentialRoute: 'snmp-credentials' | 'credentials';
  /** The credential types that hold SNMP settings on 0.15+ (empty on 0.14: it has only SNMP). */
  readonly snmpCredentialTypes: readonly SnmpCredentialType[];
  /** 0.17.22 hosts take include_children=false, so a name lookup does not carry every child. */
  readonly hostsIncludeChildren: boolean;
  /** 0.17.22 filters discoveries itself (discovery_types, historical, phases, search) and counts groups (group_by). */
  readonly discoveryFilters: boolean;
  /** 0.16.2+: a run record's results.discovery_id names the job it ran for. */
  readonly runRecordsNameJobs: boolean;
}

export const OLDEST_KNOWN_VERSION = '0.14.0';
export const NEWEST_KNOWN_VERSION = '0.17.22';

type Triple = readonly [number, number, number];

/** `0.17.22`, `v0.17.22` or `0.17.22-rc1` -> [0, 17, 22]; anything else -> undefined. */
export function parseVersion(version: string): Triple | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const at = (text: string): Triple => parseVersion(text) as Triple;

export function profileFor(version: string): ServiceProfile {
  const parsed = parseVersion(version);
  // An unreadable version is most likely a build newer than this server knows: newest family.
  const v = parsed ?? at(NEWEST_KNOWN_VERSION);
  const standing: VersionStanding = !parsed
    ? 'unreadable'
    : compare(v, at(NEWEST_KNOWN_VERSION)) > 0
      ? 'newer'
      : compare(v, at(OLDEST_KNOWN_VERSION)) < 0
        ? 'older'
        : 'known';
  const family: EndpointFamily =
    compare(v, at('0.15.0')) < 0 ? '0.14' : compare(v, at('0.17.0')) < 0 ? '0.15-0.16' : '0.17';
  const sites = compare(v, at('0.17.22')) >= 0;
  return {
    version,
    family,
    standing,
    sites,
    credentialRoute: family === '0.14' ? 'snmp-credentials' : 'credentials',
    snmpCredentialTypes:
      family === '0.14'
        ? []
        : family === '0.15-0.16'
          ? ['SnmpV2c']
          : ['SnmpV1', 'SnmpV2c', 'SnmpV3'],
    hostsIncludeChildren: sites,
    discoveryFilters: sites,
    runRecordsNameJobs: compare(v, at('0.16.2')) >= 0,
  };
}

/** One line for people: the version, its family, and whether it was tested. */
export function describeProfile(profile: ServiceProfile): string {
  const family = `endpoint family ${profile.family}${profile.sites ? ' (sites)' : ''}`;
  switch (profile.standing) {
    case 'known':
      return `Scanopy ${profile.version}, ${family}.`;
    case 'newer':
      return `Scanopy ${profile.version} is newer than the newest version this server knows (${NEWEST_KNOWN_VERSION}): using the ${family}, untested on this version.`;
    case 'older':
      return `Scanopy ${profile.version} is older than ${OLDEST_KNOWN_VERSION}: using the ${family}, untested on this version.`;
    case 'unreadable':
      return `The service reported version ${quote(profile.version, 64)}, which is not a version number: using the newest ${family}, untested.`;
  }
}

/**
 * What is known of one service's version. The composition root shares one across every client of
 * the base URL, so HTTP mode (a client per request) asks GET /api/version once, not per request.
 */
export interface VersionMemo {
  /** The version last reported by /api/version or any envelope's meta. */
  reported?: string | undefined;
  /** A versioned route was missing: ask /api/version again before trusting `reported`. */
  inDoubt: boolean;
  /** A GET /api/version under way: calls made meanwhile (names beside a list) wait for it. */
  asking?: Promise<unknown> | undefined;
}

export const createVersionMemo = (): VersionMemo => ({ inDoubt: false });
