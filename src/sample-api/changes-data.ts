// Changes across the lab job's two runs in the sample inventory: a host new in the last run, a port opened and one closed, a service replaced (0.17 rows say so; older versions hold the same rows without sightings).

/** A port's or service's own sightings (0.17.0+ writes them per row; older versions do not). */
export interface SampleRowSeen {
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly first_discovery_id: string;
  readonly last_discovery_id: string;
}

interface ChangeablePort {
  readonly id: string;
  readonly number: number;
  readonly protocol: 'Tcp' | 'Udp';
  seen?: SampleRowSeen;
}

interface ChangeableService {
  readonly id: string;
  readonly name: string;
  readonly definition: string;
  readonly port_ids: readonly string[];
  seen?: SampleRowSeen;
}

interface ChangeableHost {
  readonly id: string;
  readonly name: string;
  readonly network_id: string;
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly ports: ChangeablePort[];
  readonly services: ChangeableService[];
}

/** The two runs of the lab job the changes fall between. */
export interface SampleRuns {
  readonly network_id: string;
  readonly latest: { readonly id: string; readonly at: string };
  readonly earlier: { readonly id: string; readonly at: string };
  readonly rowId: (kind: number, n: number) => string;
}

/** The hosts changes-data.ts changed, for the tests to name. */
export interface SampleChanges {
  /** Created by the latest run. */
  readonly newHost?: string;
  /** 8443/tcp opened in the latest run; its first port with no service closed (seen by the run before only). */
  readonly portsHost?: string;
  readonly openedPort?: number;
  readonly closedPort?: number;
  /** Its nginx last seen by the run before; Caddy on the same port first seen by the latest run. */
  readonly serviceHost?: string;
}

const seen = (created: string, last: { id: string; at: string }, first: string): SampleRowSeen => ({
  created_at: created,
  last_seen_at: last.at,
  first_discovery_id: first,
  last_discovery_id: last.id,
});

/**
 * Lab hosts the latest run saw, created before the run before: one gets a port opened and one
 * closed, the next a service replaced, the last one is made new in the latest run. Hosts added
 * and gone between the runs are there already (created_at and last seen spread over weeks).
 */
export function applySampleChanges(hosts: ChangeableHost[], runs: SampleRuns): SampleChanges {
  const candidates = hosts.filter(
    (h) =>
      h.network_id === runs.network_id &&
      h.last_seen_at === runs.latest.at &&
      Date.parse(h.created_at) < Date.parse(runs.earlier.at) &&
      !/^lab-/.test(h.name),
  );
  const portsHost = candidates.find((h) => unbound(h) !== undefined);
  const serviceHost = candidates.find(
    (h) => h !== portsHost && h.services.some((s) => s.name === 'nginx'),
  );
  const newHost = candidates.filter((h) => h !== portsHost && h !== serviceHost).at(-1);
  const changes: { -readonly [K in keyof SampleChanges]: SampleChanges[K] } = {};
  if (portsHost) {
    const closed = unbound(portsHost) as ChangeablePort;
    closed.seen = seen(portsHost.created_at, runs.earlier, runs.earlier.id);
    const n = Number.parseInt(portsHost.id.slice(-6), 16);
    portsHost.ports.push({
      id: runs.rowId(4, 900_000 + n),
      number: 8443,
      protocol: 'Tcp',
      seen: seen(runs.latest.at, runs.latest, runs.latest.id),
    });
    Object.assign(changes, {
      portsHost: portsHost.id,
      openedPort: 8443,
      closedPort: closed.number,
    });
  }
  if (serviceHost) {
    const nginx = serviceHost.services.find((s) => s.name === 'nginx') as ChangeableService;
    nginx.seen = seen(serviceHost.created_at, runs.earlier, runs.earlier.id);
    const n = Number.parseInt(serviceHost.id.slice(-6), 16);
    serviceHost.services.push({
      id: runs.rowId(5, 900_000 + n),
      name: 'Caddy',
      definition: 'Caddy',
      port_ids: nginx.port_ids,
      seen: seen(runs.latest.at, runs.latest, runs.latest.id),
    });
    changes.serviceHost = serviceHost.id;
  }
  if (newHost) {
    Object.assign(newHost, { created_at: runs.latest.at });
    changes.newHost = newHost.id;
  }
  return changes;
}

/** A port no service is bound to. */
const unbound = (h: ChangeableHost) =>
  h.ports.find((p) => !h.services.some((s) => s.port_ids.includes(p.id)));
