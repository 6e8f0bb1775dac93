// Sample data for the built-in API: a small office network, and a generator for large sets.

export const SAMPLE_ORGANIZATION_ID = '0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f';
export const SAMPLE_NETWORKS = {
  office: '5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b',
  lab: '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d',
} as const;
export const SAMPLE_DAEMONS = {
  office: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
  lab: 'd4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f7a',
} as const;
export const SAMPLE_TAGS = {
  core: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
  printers: 'f6a7b8c9-d0e1-4f2a-9b3c-4d5e6f7a8b9c',
} as const;
export const SAMPLE_CREDENTIAL_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

export const SAMPLE_V3_CREDENTIAL_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f';
export const SAMPLE_V1_CREDENTIAL_ID = 'd4e5f6a7-b8c9-4d0e-9f1a-3b4c5d6e7f80';
export const SAMPLE_HOST_ID = '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d';

/** The Scanopy versions the sample API can play (any x.y.z string works; these are the tested ones). */
export const SAMPLE_VERSIONS = ['0.14.13', '0.16.2', '0.17.22'] as const;

export interface StoredCredential {
  id: string;
  name: string;
  organization_id: string;
  community: string;
  tags: string[];
  /** 0.14 stores V2c/V3 with a community each; 0.17 adds v1 and real v3 (user and passwords). */
  version: 'V1' | 'V2c' | 'V3';
  created_at: string;
  updated_at: string;
  /** 0.15+: fields a whole-object PUT must send back, or lose. */
  target_ips?: string[] | null;
  /** 0.17.22: rewritten from every PUT body (a body without them clears them). */
  assigned_site_ids?: string[];
  host_assignments?: { host_id: string; ips: string[] }[];
  /** SNMPv3 settings (0.17+); passwords are stored, never shown. */
  v3?: Record<string, unknown>;
}

export interface SampleData {
  discoveries: Record<string, unknown>[];
  credentials: StoredCredential[];
  releases: { version: string; title: string; date: string; html: string; url: string }[];
  serverVersion: string;
}

const T0 = '2026-10-01T09:00:00Z';

/** A fresh copy of the demo data set as `version` would hold it; writes change only this copy. */
export function sampleData(version = '0.14.13'): SampleData {
  const data = baseData();
  data.serverVersion = version;
  const [, minor = 14, patch = 0] = version.split('.').map(Number);
  if (minor >= 15) {
    for (const credential of data.credentials) credential.target_ips = null;
  }
  const lastLabRun = data.discoveries.find(
    (d) => d['id'] === '55555555-5555-4555-8555-555555555555',
  );
  if (minor >= 16 && lastLabRun) data.discoveries.push(earlierLabRun(lastLabRun));
  if (minor >= 17) {
    data.credentials.push(v3Credential(), {
      id: SAMPLE_V1_CREDENTIAL_ID,
      name: 'Old UPS (SNMPv1)',
      organization_id: SAMPLE_ORGANIZATION_ID,
      community: 'ups-v1-community',
      tags: [],
      version: 'V1',
      created_at: '2026-10-03T09:00:00Z',
      updated_at: '2026-10-03T09:00:00Z',
      target_ips: ['10.0.0.9'],
    });
    data.discoveries.push(...newerDiscoveries());
  }
  if (minor > 17 || (minor === 17 && patch >= 22)) {
    const [office] = data.credentials;
    if (office) {
      office.assigned_site_ids = [SAMPLE_NETWORKS.office];
      office.host_assignments = [{ host_id: SAMPLE_HOST_ID, ips: ['10.0.0.2'] }];
    }
  }
  return data;
}

function v3Credential(): StoredCredential {
  return {
    id: SAMPLE_V3_CREDENTIAL_ID,
    name: 'Core routers (SNMPv3)',
    organization_id: SAMPLE_ORGANIZATION_ID,
    community: '',
    tags: [],
    version: 'V3',
    created_at: '2026-10-02T09:00:00Z',
    updated_at: '2026-10-02T09:00:00Z',
    target_ips: null,
    v3: {
      security_name: 'netops',
      auth_protocol: 'Sha256',
      auth_password: 'v3-auth-secret',
      priv_protocol: 'Aes128',
      priv_password: 'v3-priv-secret',
    },
  };
}

/**
 * 0.16+: an earlier, complete run of the lab job, so the job has several run records and
 * `found_by` the job must reach the hosts each of them touched (inventory-data.ts).
 */
function earlierLabRun(lastRun: Record<string, unknown>): Record<string, unknown> {
  const run = lastRun['run_type'] as { results: Record<string, unknown> };
  return {
    ...lastRun,
    id: '56565656-5656-4565-8565-565656565656',
    name: 'Lab full scan (earlier run)',
    run_type: {
      type: 'Historical',
      results: {
        ...run.results,
        session_id: '5a5b5c5d-5e5f-4a6b-8c7d-8e9f0a1b2c3d',
        phase: 'Complete',
        progress: 100,
        error: null,
        hosts_discovered: 8,
        started_at: '2026-11-12T22:00:00Z',
        finished_at: '2026-11-12T22:06:10Z',
      },
    },
    created_at: '2026-11-12T22:00:00Z',
    updated_at: '2026-11-12T22:06:10Z',
  };
}

/** 0.17.x variants: a single-host rescan (0.17.7+) and a run waiting for its snapshot. */
function newerDiscoveries(): Record<string, unknown>[] {
  return [
    {
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Rescan of the office printer',
      network_id: SAMPLE_NETWORKS.office,
      daemon_id: SAMPLE_DAEMONS.office,
      discovery_type: {
        type: 'Rescan',
        host_id: SAMPLE_HOST_ID,
        target_host_id: SAMPLE_HOST_ID,
        ips: ['10.0.0.7'],
        ports: [9100],
        settings: {},
      },
      run_type: {
        type: 'Historical',
        results: {
          session_id: '8e9f0a1b-2c3d-4e5f-8a6b-7c8d9e0f1a2b',
          phase: 'AwaitingSnapshot',
          progress: 90,
          started_at: '2026-11-21T08:00:00Z',
        },
      },
      tags: [],
      scan_count: 1,
      force_full_scan: false,
      integration_targets: [],
      created_at: '2026-11-21T08:00:00Z',
      updated_at: '2026-11-21T08:01:00Z',
    },
    {
      id: '88888888-8888-4888-8888-888888888888',
      name: 'Lab nightly (queued)',
      network_id: SAMPLE_NETWORKS.lab,
      daemon_id: SAMPLE_DAEMONS.lab,
      discovery_type: { type: 'Unified', host_id: SAMPLE_HOST_ID, subnet_ids: [] },
      run_type: {
        type: 'Historical',
        results: {
          session_id: '9f0a1b2c-3d4e-4f5a-9b6c-7d8e9f0a1b2c',
          discovery_id: '66666666-6666-4666-8666-666666666666',
          phase: 'Queued',
        },
      },
      tags: [],
      scan_count: 12,
      force_full_scan: false,
      integration_targets: [],
      created_at: '2026-11-21T09:00:00Z',
      updated_at: '2026-11-21T09:00:00Z',
    },
  ];
}

function baseData(): SampleData {
  return {
    serverVersion: '0.14.13',
    discoveries: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        name: 'Office LAN sweep',
        network_id: SAMPLE_NETWORKS.office,
        daemon_id: SAMPLE_DAEMONS.office,
        discovery_type: {
          type: 'Network',
          subnet_ids: ['9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d'],
          host_naming_fallback: 'Ip',
          snmp_credentials: [{ credential_id: SAMPLE_CREDENTIAL_ID, community: '********' }],
        },
        run_type: {
          type: 'Scheduled',
          cron_schedule: '0 3 * * *',
          enabled: true,
          last_run: '2026-11-21T03:00:12Z',
          timezone: 'Europe/Berlin',
        },
        tags: [SAMPLE_TAGS.core],
        created_at: T0,
        updated_at: '2026-11-21T03:05:40Z',
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Printer VLAN scan',
        network_id: SAMPLE_NETWORKS.office,
        daemon_id: SAMPLE_DAEMONS.office,
        discovery_type: { type: 'Network', subnet_ids: [], host_naming_fallback: 'BestService' },
        run_type: { type: 'Scheduled', cron_schedule: '30 2 * * 0', enabled: false },
        tags: [SAMPLE_TAGS.printers],
        created_at: T0,
        updated_at: T0,
      },
      {
        id: '33333333-3333-4333-8333-333333333333',
        name: 'Office daemon self-report',
        network_id: SAMPLE_NETWORKS.office,
        daemon_id: SAMPLE_DAEMONS.office,
        discovery_type: { type: 'SelfReport', host_id: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d' },
        run_type: { type: 'AdHoc', last_run: '2026-11-20T17:42:00Z' },
        tags: [],
        created_at: T0,
        updated_at: T0,
      },
      {
        id: '44444444-4444-4444-8444-444444444444',
        name: 'Lab Docker containers',
        network_id: SAMPLE_NETWORKS.lab,
        daemon_id: SAMPLE_DAEMONS.lab,
        discovery_type: { type: 'Docker', host_id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e' },
        run_type: { type: 'AdHoc', last_run: null },
        tags: [],
        created_at: T0,
        updated_at: T0,
      },
      {
        id: '55555555-5555-4555-8555-555555555555',
        name: 'Lab full scan (last run)',
        network_id: SAMPLE_NETWORKS.lab,
        daemon_id: SAMPLE_DAEMONS.lab,
        discovery_type: { type: 'Network', subnet_ids: [] },
        run_type: {
          type: 'Historical',
          results: {
            session_id: '6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
            discovery_id: '66666666-6666-4666-8666-666666666666',
            phase: 'Failed',
            progress: 40,
            error: 'daemon lost connection',
            hosts_discovered: 20,
            started_at: '2026-11-19T22:00:00Z',
            finished_at: '2026-11-19T22:04:31Z',
          },
        },
        tags: [],
        created_at: T0,
        updated_at: T0,
      },
      {
        id: '66666666-6666-4666-8666-666666666666',
        name: 'Lab unified discovery',
        network_id: SAMPLE_NETWORKS.lab,
        daemon_id: SAMPLE_DAEMONS.lab,
        discovery_type: { type: 'Unified', scope: 'all', future_field: { nested: true } },
        run_type: {
          type: 'Scheduled',
          cron_schedule: '0 */6 * * *',
          enabled: true,
        },
        tags: [],
        created_at: T0,
        updated_at: T0,
        a_field_from_the_future: 42,
      },
    ],
    credentials: [
      {
        id: SAMPLE_CREDENTIAL_ID,
        name: 'Office switches',
        organization_id: SAMPLE_ORGANIZATION_ID,
        community: 'office-secret-community',
        tags: [SAMPLE_TAGS.core],
        version: 'V2c',
        created_at: T0,
        updated_at: T0,
      },
      {
        id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
        name: 'Lab printers',
        organization_id: SAMPLE_ORGANIZATION_ID,
        community: 'lab-printers-community',
        tags: [SAMPLE_TAGS.printers],
        version: 'V2c',
        created_at: T0,
        updated_at: T0,
      },
    ],
    releases: [
      {
        version: '0.14.13',
        title: 'Faster topology',
        date: '2026-11-10',
        html: '<h2>Highlights</h2><p>Topology renders <b>twice as fast</b>. See <a href="https://example.invalid/docs">the docs</a>.</p><script>alert(1)</script><ul><li>SNMP: clearer errors</li></ul>',
        url: 'https://example.invalid/releases/0.14.13',
      },
    ],
  };
}

/** Deterministic pseudo-random ids for large generated sets (no Math.random: runs repeat). */
function idFrom(n: number, salt: number): string {
  const hex = ((n * 2654435761 + salt * 40503) >>> 0).toString(16).padStart(8, '0');
  const tail = n.toString(16).padStart(12, '0');
  return `${hex}-${(salt & 0xffff).toString(16).padStart(4, '0')}-4${hex.slice(0, 3)}-8${hex.slice(3, 6)}-${tail}`;
}

/** `count` discoveries over a few networks and daemons, every variant represented. */
export function generateDiscoveries(count: number): Record<string, unknown>[] {
  const networks = [SAMPLE_NETWORKS.office, SAMPLE_NETWORKS.lab, idFrom(3, 7)];
  const daemons = [SAMPLE_DAEMONS.office, SAMPLE_DAEMONS.lab];
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const network = networks[i % networks.length];
    const kind = i % 4;
    out.push({
      id: idFrom(i + 1, 1),
      name: `Discovery ${i + 1}`,
      network_id: network,
      daemon_id: daemons[i % daemons.length],
      discovery_type:
        kind === 0
          ? {
              type: 'Network',
              subnet_ids: [idFrom(i + 1, 2)],
              host_naming_fallback: 'Ip',
              snmp_credentials: [],
            }
          : kind === 1
            ? { type: 'SelfReport', host_id: idFrom(i + 1, 3) }
            : { type: 'Docker', host_id: idFrom(i + 1, 4) },
      run_type:
        kind === 3
          ? { type: 'AdHoc', last_run: null }
          : {
              type: 'Scheduled',
              cron_schedule: `${i % 60} ${i % 24} * * *`,
              enabled: i % 5 !== 0,
              last_run: '2026-11-21T03:00:00Z',
              timezone: 'UTC',
            },
      tags: [],
      created_at: T0,
      updated_at: T0,
    });
  }
  return out;
}
