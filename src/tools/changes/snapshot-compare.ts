// Two snapshots' bundles compared row for row by lineage: hosts new and gone, ports opened and closed and services that appeared or disappeared on hosts in both, links that appeared and went away.
import type { ChangeKind } from '../../api/changes/change-support.js';
import type {
  BundleEnd,
  BundleHost,
  BundleLink,
  SnapshotBundle,
} from '../../api/families/topology-snapshot.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import type { ChangeRow } from '../../views/changes/change-rows.js';
import type { ChangeCounts } from '../../views/changes/change-shapes.js';
import {
  type LinkEnd,
  moreSnapshotLinksLine,
  snapshotLinkLine,
} from '../../views/changes/link-change-lines.js';

/** Link lines at most in one answer (the counts hold them all). */
const MAX_LINES = 50;

const NONE: readonly never[] = Object.freeze([]);

/** A host of a bundle in the shape the change rows show; its id is the live id (get_host's). */
export const hostOfBundle = (h: BundleHost): InventoryHost => ({
  id: h.key,
  name: h.name,
  network_id: h.network_id,
  first_discovery_ids: NONE,
  last_discovery_ids: NONE,
  sightings: NONE,
  tags: NONE,
  addresses: NONE,
  ports: NONE,
  services: NONE,
  snmp_interfaces: NONE,
  credential_ids: NONE,
});

const byKey = <T extends { key: string }>(rows: readonly T[]) =>
  new Map(rows.map((r) => [r.key, r]));
/** The rows of `after` whose key `before` lacks. */
const added = <T extends { key: string }>(before: ReadonlyMap<string, T>, after: readonly T[]) =>
  after.filter((r) => !before.has(r.key));
const byName = (a: ChangeRow, b: ChangeRow) =>
  a.host.name.localeCompare(b.host.name) || (a.host.id < b.host.id ? -1 : 1);

export interface SnapshotChanges {
  readonly rows: ChangeRow[];
  readonly counts: ChangeCounts;
  readonly linkLines: string[];
}

/**
 * What changed from `before` to `after`, in scope (`inScope` of a host key). A new host's ports and
 * services are part of the new host, a gone host's of the gone host: not counted twice.
 */
export function compareSnapshots(
  before: SnapshotBundle,
  after: SnapshotBundle,
  kinds: ReadonlySet<ChangeKind>,
  inScope: (hostKey: string) => boolean,
): SnapshotChanges {
  const hostsBefore = byKey(before.hosts);
  const hostsAfter = byKey(after.hosts);
  const newHosts = added(hostsBefore, after.hosts).filter((h) => inScope(h.key));
  const goneHosts = added(hostsAfter, before.hosts).filter((h) => inScope(h.key));
  const both = (host: string) => hostsBefore.has(host) && hostsAfter.has(host) && inScope(host);
  const childChanges = <T extends { key: string; host: string }>(
    was: readonly T[],
    now: readonly T[],
  ) => {
    const opened = added(byKey(was), now).filter((r) => both(r.host));
    const closed = added(byKey(now), was).filter((r) => both(r.host));
    return { opened, closed };
  };
  const ports = kinds.has('ports') ? childChanges(before.ports, after.ports) : undefined;
  const services = kinds.has('services')
    ? childChanges(before.services, after.services)
    : undefined;
  const changed = new Map<string, ChangeRow>();
  const rowOf = (hostKey: string) => {
    let row = changed.get(hostKey);
    if (!row) {
      row = {
        change: 'changed',
        host: hostOfBundle(hostsAfter.get(hostKey) as BundleHost),
        portsOpened: [],
        portsClosed: [],
        servicesAppeared: [],
        servicesDisappeared: [],
      };
      changed.set(hostKey, row);
    }
    return row as ChangeRow & {
      renamedFrom?: string | undefined;
      portsOpened: ChangeRow['portsOpened'][number][];
      portsClosed: ChangeRow['portsClosed'][number][];
      servicesAppeared: ChangeRow['servicesAppeared'][number][];
      servicesDisappeared: ChangeRow['servicesDisappeared'][number][];
    };
  };
  const port = (p: { key: string; number: number; protocol: string }) => ({
    id: p.key,
    number: p.number,
    protocol: p.protocol,
  });
  const service = (s: { key: string; name: string }) => ({
    id: s.key,
    name: s.name,
    port_ids: NONE,
  });
  const hosts = kinds.has('hosts');
  // A rename is the host's own change: told where hosts are asked.
  let renamed = 0;
  for (const h of hosts ? after.hosts : []) {
    const was = hostsBefore.get(h.key);
    if (!was || was.name === h.name || !inScope(h.key)) continue;
    rowOf(h.key).renamedFrom = was.name;
    renamed++;
  }
  // Hosts still there whose ports or services changed (a rename alone is not counted here).
  const touched = new Set([
    ...[...(ports?.opened ?? []), ...(ports?.closed ?? [])].map((r) => r.host),
    ...[...(services?.opened ?? []), ...(services?.closed ?? [])].map((r) => r.host),
  ]);
  for (const p of ports?.opened ?? []) rowOf(p.host).portsOpened.push(port(p));
  for (const p of ports?.closed ?? []) rowOf(p.host).portsClosed.push(port(p));
  for (const s of services?.opened ?? []) rowOf(s.host).servicesAppeared.push(service(s));
  for (const s of services?.closed ?? []) rowOf(s.host).servicesDisappeared.push(service(s));
  const whole = (change: 'new' | 'gone', h: BundleHost): ChangeRow => ({
    change,
    host: hostOfBundle(h),
    portsOpened: NONE,
    portsClosed: NONE,
    servicesAppeared: NONE,
    servicesDisappeared: NONE,
  });
  const rows = [
    ...(hosts ? newHosts.map((h) => whole('new', h)).sort(byName) : []),
    ...(hosts ? goneHosts.map((h) => whole('gone', h)).sort(byName) : []),
    ...[...changed.values()].sort(byName),
  ];
  const links = kinds.has('links') ? linkChanges(before, after, inScope) : undefined;
  const counts: ChangeCounts = {
    ...(hosts
      ? { hosts_new: newHosts.length, hosts_gone: goneHosts.length, hosts_renamed: renamed }
      : {}),
    ...(ports || services ? { hosts_changed: touched.size } : {}),
    ...(ports ? { ports_opened: ports.opened.length, ports_closed: ports.closed.length } : {}),
    ...(services
      ? {
          services_appeared: services.opened.length,
          services_disappeared: services.closed.length,
        }
      : {}),
    ...(links ? { links_appeared: links.appeared, links_gone: links.gone } : {}),
  };
  return { rows, counts, linkLines: links?.lines ?? [] };
}

/** Links keyed by both ends' lineage: a moved cable is one gone and one appeared. */
function linkChanges(
  before: SnapshotBundle,
  after: SnapshotBundle,
  inScope: (hostKey: string) => boolean,
) {
  const touches = (l: BundleLink) => inScope(l.a.host) || inScope(l.b.host);
  const appeared = added(byKey(before.links), after.links).filter(touches);
  const gone = added(byKey(after.links), before.links).filter(touches);
  const endOf = (bundle: SnapshotBundle) => {
    const names = new Map(bundle.hosts.map((h) => [h.key, h.name]));
    return (e: BundleEnd): LinkEnd => ({ host: names.get(e.host) || e.host, port: e.portName });
  };
  const [now, was] = [endOf(after), endOf(before)];
  const lines = [
    ...appeared.map((l) => snapshotLinkLine('appeared', now(l.a), now(l.b))),
    ...gone.map((l) => snapshotLinkLine('gone', was(l.a), was(l.b))),
  ];
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > MAX_LINES) shown.push(moreSnapshotLinksLine(lines.length - MAX_LINES));
  return { appeared: appeared.length, gone: gone.length, lines: shown };
}
