// One network's topology bundle as of a snapshot (GET /api/v1/topology/data?snapshot_id=, 0.17.x): hosts, ports, services and links keyed by lineage so two snapshots compare row for row.
import * as z from 'zod';
import { bundleRowSchemas } from '../inventory-schemas.js';
import type { Requester } from '../request.js';
import { type LinksProfile, lenientList, neighbourRowSchema, topologySpec } from './links.js';

/**
 * Rows of a snapshot are closed copies with ids of their own; each names the live row it captured
 * in lineage_id (hosts/impl/base.rs Host @056c7f15; topology/service/main.rs get_topology_data
 * @02e0895c). The key is that live id (the row's own id where lineage_id is absent, a live row):
 * the same host, port or service has the same key in every snapshot, and it is the live row's own id.
 */
const keyOf = (row: { id?: string | undefined; lineage_id?: string | null | undefined }) =>
  row.lineage_id ?? row.id;

export interface BundleHost {
  readonly key: string;
  readonly name: string;
  readonly network_id?: string | undefined;
}
export interface BundlePort {
  readonly key: string;
  readonly host: string;
  readonly number: number;
  readonly protocol: string;
}
export interface BundleService {
  readonly key: string;
  readonly host: string;
  readonly name: string;
}
/** One end of a link: a port (an SNMP interface) on a host, or a host whose port is not known. */
export interface BundleEnd {
  readonly host: string;
  /** The interface's key; undefined for a far end known only as a device. */
  readonly port?: string | undefined;
  readonly portName?: string | undefined;
}
export interface BundleLink {
  /** The same cable in every snapshot: both ends' keys, in order. */
  readonly key: string;
  readonly a: BundleEnd;
  readonly b: BundleEnd;
}

export interface SnapshotBundle {
  readonly hosts: readonly BundleHost[];
  readonly ports: readonly BundlePort[];
  readonly services: readonly BundleService[];
  readonly links: readonly BundleLink[];
}

function buildSchema() {
  const rows = bundleRowSchemas();
  return z.object({
    hosts: lenientList(rows.host),
    ports: lenientList(rows.port),
    services: lenientList(rows.service),
    interfaces: lenientList(rows.snmp),
    neighbours: lenientList(neighbourRowSchema()),
  });
}
let schema: ReturnType<typeof buildSchema> | undefined;

/** One request: the network's entity set as it was when the snapshot was taken. */
export async function readSnapshotBundle(
  requester: Requester,
  profile: LinksProfile,
  networkId: string,
  snapshotId: string,
  signal?: AbortSignal,
): Promise<SnapshotBundle> {
  const spec = topologySpec(profile, networkId, snapshotId, signal);
  schema ??= buildSchema();
  const parsed = schema.safeParse((await requester.request(spec)).data);
  if (!parsed.success) throw requester.shapeError(spec, 'data is not a topology bundle');
  const data = parsed.data;
  // A child names its host (and a neighbour its interfaces) by the copy's own id, or by the live
  // id: both are mapped to the key, so either reading holds.
  const hostKey = new Map<string, string>();
  const hosts: BundleHost[] = data.hosts.map((h) => {
    const key = keyOf(h) ?? h.id;
    hostKey.set(h.id, key);
    hostKey.set(key, key);
    return { key, name: h.name || h.display_name || '', network_id: h.network_id ?? h.site_id };
  });
  const child = <R extends { host_id?: string | undefined }>(r: R) =>
    r.host_id === undefined ? undefined : hostKey.get(r.host_id);
  const ports = data.ports.flatMap((p) => {
    const key = keyOf(p);
    const host = child(p);
    return key && host ? [{ key, host, number: p.number, protocol: p.protocol.toLowerCase() }] : [];
  });
  const services = data.services.flatMap((s) => {
    const key = keyOf(s);
    const host = child(s);
    return key && host ? [{ key, host, name: s.name }] : [];
  });
  const portEnds = new Map<string, BundleEnd>();
  for (const i of data.interfaces) {
    const key = keyOf(i);
    const host = child(i);
    if (!key || !host || i.id === undefined) continue;
    const end = { host, port: key, portName: i.if_name || i.if_descr || undefined };
    portEnds.set(i.id, end);
    portEnds.set(key, end);
  }
  const endKey = (e: BundleEnd) => (e.port ? `p:${e.port}` : `h:${e.host}`);
  const links = new Map<string, BundleLink>();
  for (const n of data.neighbours) {
    const a = portEnds.get(n.interface_id);
    const farHost = n.neighbor.type === 'Host' ? hostKey.get(n.neighbor.id) : undefined;
    const b =
      n.neighbor.type === 'Host'
        ? farHost
          ? { host: farHost }
          : undefined
        : portEnds.get(n.neighbor.id);
    if (!a || !b) continue;
    const [first, second] = endKey(a) <= endKey(b) ? [a, b] : [b, a];
    const key = `${endKey(first)}|${endKey(second)}`;
    // Both ends of a cable may each report it: one link.
    if (!links.has(key)) links.set(key, { key, a: first, b: second });
  }
  return { hosts, ports, services, links: [...links.values()] };
}
