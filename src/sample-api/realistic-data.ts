// Discoveries shaped like a real 0.14 service's (OpenAPI 0.14.13): several subnets, SNMP credentials, tags, historical runs.
import { SAMPLE_DAEMONS, SAMPLE_NETWORKS, SAMPLE_TAGS } from './data.js';

const id = (n: number, kind: number) =>
  `${(0x10000000 + n * 7919 + kind).toString(16).slice(0, 8)}-${kind.toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;

const T = '2026-10-01T09:00:00.123456Z';

/**
 * `count` discoveries in the proportions of an ordinary deployment: scheduled network scans with
 * subnets and credentials, self-reports, Docker scans, and historical runs whose results repeat
 * the daemon, the network and the discovery type (as the service sends them).
 */
export function realisticDiscoveries(count: number): Record<string, unknown>[] {
  const networks = [SAMPLE_NETWORKS.office, SAMPLE_NETWORKS.lab];
  const daemons = [SAMPLE_DAEMONS.office, SAMPLE_DAEMONS.lab];
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const network = networks[i % 2] as string;
    const daemon = daemons[i % 2] as string;
    const scan = {
      type: 'Network',
      subnet_ids: [id(n, 2), id(n, 3), id(n, 4)],
      host_naming_fallback: 'BestService',
      snmp_credentials: [{ credential_id: id(n % 3, 5), community: '********' }],
      probe_raw_socket_ports: false,
    };
    const kind = i % 5;
    const discovery_type =
      kind === 1
        ? { type: 'SelfReport', host_id: id(n, 6) }
        : kind === 2
          ? { type: 'Docker', host_id: id(n, 6), host_naming_fallback: 'Ip' }
          : scan;
    const run_type =
      kind === 4
        ? {
            type: 'Historical',
            results: {
              session_id: id(n, 7),
              // The job this run was for (0.16.2+; older versions' routes leave it out).
              discovery_id: id(n - 4, 1),
              daemon_id: daemon,
              network_id: network,
              phase: i % 10 === 4 ? 'Failed' : 'Complete',
              discovery_type: scan,
              progress: 100,
              error: i % 10 === 4 ? 'daemon lost connection' : null,
              started_at: '2026-11-19T22:00:00.000000Z',
              finished_at: '2026-11-19T22:04:31.000000Z',
            },
          }
        : kind === 2
          ? { type: 'AdHoc', last_run: i % 4 === 0 ? null : '2026-11-20T17:42:00.000000Z' }
          : {
              type: 'Scheduled',
              cron_schedule: `0 ${i % 24} * * *`,
              enabled: i % 7 !== 0,
              // Jobs some run record names (every fifth) have run.
              last_run: i % 6 === 0 && i % 5 !== 0 ? null : '2026-11-21T03:00:12.000000Z',
              timezone: i % 3 === 0 ? 'Europe/Berlin' : null,
            };
    return {
      id: id(n, 1),
      name: `${['Office', 'Lab'][i % 2]} ${discovery_type.type} discovery ${n}`,
      network_id: network,
      daemon_id: daemon,
      discovery_type,
      run_type,
      tags: i % 3 === 0 ? [SAMPLE_TAGS.core] : i % 3 === 1 ? [SAMPLE_TAGS.printers] : [],
      created_at: T,
      updated_at: T,
    };
  });
}
