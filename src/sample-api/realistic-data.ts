// Discoveries shaped like a real 0.14 service's (OpenAPI 0.14.13), irregular on purpose: several runs per job in any order, several zones per cron, ids in capitals.
import { SAMPLE_DAEMONS, SAMPLE_NETWORKS, SAMPLE_TAGS } from './data.js';

const id = (n: number, kind: number) =>
  `${(0x10000000 + n * 7919 + kind).toString(16).slice(0, 8)}-${kind.toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`;

const T = '2026-10-01T09:00:00.123456Z';
/** Run records finish an hour apart, from here on. */
const FIRST_FINISH = Date.parse('2026-11-10T22:04:31Z');
/** Zones a cron is written in, block by block: the same cron shows up with and without a zone. */
const ZONES = [null, 'Europe/Berlin', 'America/New_York', 'UTC'] as const;

/**
 * Run records come in pairs for one job (records g and g+1 of the job n-4 of the even one), in
 * every order of outcome and time: an older success listed before or after a newer failure, and
 * the other way round. One record of some pairs names its job in capitals.
 */
function runOf(g: number, n: number) {
  const pair = Math.floor(g / 2);
  const second = g % 2 === 1;
  const job = second ? id(n - 9, 1) : id(n - 4, 1);
  const order = pair % 4;
  // 0: Failed then a newer Complete; 1: a newer Failed first; 2: Complete then a newer Failed; 3: a newer Complete first.
  const failed = order < 2 ? !second : second;
  const newer = order === 0 || order === 2 ? second : !second;
  const hour = pair * 2 + (newer ? 1 : 0);
  return {
    job: order === 1 && second ? job.toUpperCase() : job,
    failed,
    finished: new Date(FIRST_FINISH + hour * 3_600_000).toISOString().replace('.000Z', '.000000Z'),
  };
}

/**
 * `count` discoveries in the proportions of an ordinary deployment: scheduled network scans with
 * subnets and credentials, self-reports, Docker scans, and historical runs whose results repeat
 * the daemon, the network and the discovery type (as the service sends them).
 */
export function realisticDiscoveries(
  count: number,
  places: { readonly networks: readonly string[]; readonly daemons: readonly string[] } = {
    networks: [SAMPLE_NETWORKS.office, SAMPLE_NETWORKS.lab],
    daemons: [SAMPLE_DAEMONS.office, SAMPLE_DAEMONS.lab],
  },
): Record<string, unknown>[] {
  // Spread in blocks of ten, so a job and its run records (n and n+4, n+9) share a network.
  const at = (list: readonly string[], i: number) =>
    list.length === 2
      ? (list[i % 2] as string)
      : (list[Math.floor(i / 10) % list.length] as string);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const network = at(places.networks, i);
    const daemon = at(places.daemons, i);
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
    const record = kind === 4 ? runOf(Math.floor(i / 5), n) : undefined;
    const run_type = record
      ? {
          type: 'Historical',
          results: {
            session_id: id(n, 7),
            // The job this run was for (0.16.2+; older versions' routes leave it out).
            discovery_id: record.job,
            daemon_id: daemon,
            network_id: network,
            phase: record.failed ? 'Failed' : 'Complete',
            discovery_type: scan,
            progress: 100,
            error: record.failed ? 'daemon lost connection' : null,
            started_at: record.finished.replace(':04:31', ':00:00'),
            finished_at: record.finished,
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
            timezone: ZONES[Math.floor(i / 24) % ZONES.length],
          };
    return {
      id: id(n, 1),
      name: `${['Office', 'Lab'][i % 2]} ${discovery_type.type} discovery ${n}`,
      network_id: network,
      daemon_id: daemon,
      discovery_type,
      run_type,
      // Some items carry the core tag's id in capitals: a filter must still find them.
      tags:
        i % 3 === 0
          ? [i % 9 === 0 ? SAMPLE_TAGS.core.toUpperCase() : SAMPLE_TAGS.core]
          : i % 3 === 1
            ? [SAMPLE_TAGS.printers]
            : [],
      created_at: T,
      updated_at: T,
    };
  });
}
