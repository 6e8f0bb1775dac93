// The sample API's two lab snapshots and their topology bundles (0.17.x): closed copies with ids of their own, each naming its live row in lineage_id; between them a host added, one gone, one renamed, a port opened and one closed, a service replaced, a printer's cable moved.
import { SAMPLE_NETWORKS } from './data.js';

/** The two snapshots of the lab network, oldest first (ids and times the snapshot list serves). */
export const SAMPLE_SNAPSHOTS = [
  { id: '5e5e5e5e-0001-4000-8000-000000000001', taken_at: '2026-11-12T23:00:00Z' },
  { id: '5e5e5e5e-0002-4000-8000-000000000002', taken_at: '2026-11-19T23:00:00Z' },
] as const;

/**
 * Live ids of the rows the snapshots captured. Hosts of their own, apart from the live inventory,
 * so the live answers' figures stay as they were.
 */
const live = (kind: number, n: number) =>
  `a5a5a5a5-000${kind}-4000-8000-${n.toString(16).padStart(12, '0')}`;
const HOST = {
  sw: live(1, 1),
  web: live(1, 2),
  printer: live(1, 3),
  nas: live(1, 4),
  camera: live(1, 5),
};
/** The hosts each snapshot holds: the NAS went away, the camera came (and the printer was renamed). */
const HOSTS_IN = [
  [HOST.sw, HOST.web, HOST.printer, HOST.nas],
  [HOST.sw, HOST.web, HOST.printer, HOST.camera],
];
const NAMES: Record<string, string> = {
  [HOST.sw]: 'lab-core-sw',
  [HOST.web]: 'lab-web-01',
  [HOST.printer]: 'lab-printer-2',
  [HOST.nas]: 'lab-old-nas',
  [HOST.camera]: 'lab-cam-02',
};

interface SnapPort {
  readonly id: string;
  readonly host: string;
  readonly number: number;
  readonly protocol: string;
  /** Which snapshots hold it (0, 1 or both). */
  readonly in: readonly number[];
}
const BOTH = [0, 1];
const PORTS: SnapPort[] = [
  { id: live(2, 1), host: HOST.web, number: 22, protocol: 'tcp', in: BOTH },
  { id: live(2, 2), host: HOST.web, number: 80, protocol: 'tcp', in: BOTH },
  { id: live(2, 3), host: HOST.web, number: 21, protocol: 'tcp', in: [0] },
  { id: live(2, 4), host: HOST.web, number: 8443, protocol: 'tcp', in: [1] },
  { id: live(2, 5), host: HOST.nas, number: 445, protocol: 'tcp', in: [0] },
  { id: live(2, 6), host: HOST.camera, number: 554, protocol: 'tcp', in: [1] },
  { id: live(2, 7), host: HOST.sw, number: 161, protocol: 'udp', in: BOTH },
];
const SERVICES = [
  { id: live(3, 1), host: HOST.web, name: 'SSH', in: BOTH },
  { id: live(3, 2), host: HOST.web, name: 'nginx', in: [0] },
  { id: live(3, 3), host: HOST.web, name: 'Caddy', in: [1] },
  { id: live(3, 4), host: HOST.nas, name: 'Samba', in: [0] },
];
const INTERFACES = [
  { id: live(4, 1), host: HOST.sw, index: 1, name: 'Gi0/1' },
  { id: live(4, 3), host: HOST.sw, index: 3, name: 'Gi0/3' },
  { id: live(4, 5), host: HOST.sw, index: 5, name: 'Gi0/5' },
  { id: live(4, 6), host: HOST.web, index: 2, name: 'eth0' },
  { id: live(4, 7), host: HOST.printer, index: 1, name: 'eth0' },
];
const PORT_OF = Object.fromEntries(INTERFACES.map((i) => [`${NAMES[i.host]} ${i.name}`, i.id]));
/** Links as local port -> far port; both ends of the uplink report it. The printer moved Gi0/3 -> Gi0/5. */
const LINKS = [
  { local: 'lab-core-sw Gi0/1', far: 'lab-web-01 eth0', in: BOTH },
  { local: 'lab-web-01 eth0', far: 'lab-core-sw Gi0/1', in: BOTH },
  { local: 'lab-printer-2 eth0', far: 'lab-core-sw Gi0/3', in: [0] },
  { local: 'lab-printer-2 eth0', far: 'lab-core-sw Gi0/5', in: [1] },
];

/** A closed copy's own id: the live id with the snapshot's mark in front. */
const copy = (snapshot: number, id: string) => `c${snapshot}c${snapshot}${id.slice(4)}`;

/** One snapshot's bundle as GET /api/v1/topology/data?snapshot_id= writes it; undefined for an unknown id. */
export function snapshotBundle(
  snapshotId: string,
  sites: boolean,
): { network_id: string; bundle: Record<string, unknown> } | undefined {
  const n = SAMPLE_SNAPSHOTS.findIndex((s) => s.id === snapshotId);
  if (n < 0) return undefined;
  const at = SAMPLE_SNAPSHOTS[n]?.taken_at ?? '';
  const network = SAMPLE_NETWORKS.lab;
  const place = sites ? { site_id: network } : { network_id: network };
  // SCD2 columns of a closed copy (hosts/impl/base.rs): valid until the snapshot, lineage to the live row.
  const scd2 = (id: string) => ({
    id: copy(n, id),
    created_at: '2026-11-01T10:00:00Z',
    updated_at: at,
    valid_from: '2026-11-01T10:00:00Z',
    valid_to: at,
    lineage_id: id,
    last_seen_at: at,
  });
  const held = <T extends { in: readonly number[] }>(rows: readonly T[]) =>
    rows.filter((r) => r.in.includes(n));
  const nameOf = (id: string) => (n === 0 && id === HOST.printer ? 'lab-printer' : NAMES[id]);
  const hosts = (HOSTS_IN[n] ?? []).map((id) => ({
    ...scd2(id),
    name: nameOf(id),
    ...place,
    hidden: false,
    tags: [],
    display_name: nameOf(id),
  }));
  const hostsHeld = new Set(HOSTS_IN[n]);
  return {
    network_id: network,
    bundle: {
      hosts,
      ip_addresses: [],
      subnets: [],
      dependencies: [],
      ports: held(PORTS).map((p) => ({
        ...scd2(p.id),
        host_id: copy(n, p.host),
        ...place,
        number: p.number,
        protocol: p.protocol,
        type: `${p.protocol}${p.number}`,
      })),
      bindings: [],
      interfaces: INTERFACES.filter((i) => hostsHeld.has(i.host)).map((i) => ({
        ...scd2(i.id),
        host_id: copy(n, i.host),
        ...place,
        if_index: i.index,
        if_name: i.name,
      })),
      neighbours: held(LINKS).map((l, k) => ({
        id: copy(n, live(5, k + 1)),
        interface_id: copy(n, PORT_OF[l.local] ?? ''),
        neighbor: { type: 'Interface', id: copy(n, PORT_OF[l.far] ?? '') },
        neighbor_seen_at: at,
      })),
      // Candidates are never snapshotted: Scanopy sends the live ones (none for these hosts).
      candidates: [],
      services: held(SERVICES).map((s) => ({
        ...scd2(s.id),
        host_id: copy(n, s.host),
        ...place,
        name: s.name,
        bindings: [],
      })),
      vlans: [],
      tags: [],
      nodes: {},
      edges: {},
      filtered_out: {},
      available_views: ['L3Logical', 'Workloads', 'L2Physical'],
    },
  };
}
