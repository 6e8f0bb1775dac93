// The sample API's links as each version serves them: neighbour fields on SNMP interface rows (0.14-0.17.14), the topology bundle (0.17.15+), and the partial-walk run warning.
import type { SampleRequest, SampleResponse } from './exchange.js';
import type { SampleHost, SampleInventory, SampleSnmpInterface } from './inventory-data.js';
import { PARTIAL_RUN_ID, partialWalkWarning, sampleLinks } from './links-data.js';

/** What a version keeps of links (the sample's own table, apart from the client's). */
export function linksEra(version: string) {
  const [, minor = 14, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  const from = (m: number, p = 0) => minor > m || (minor === m && patch >= p);
  return {
    /** 0.17.15 moved neighbours off the interface rows into the topology bundle. */
    bundle: from(17, 15),
    /** 0.14-0.15 name a far port IfEntry, 0.16+ Interface. */
    portType: from(16) ? 'Interface' : 'IfEntry',
    sites: from(17, 22),
  };
}

/** The neighbour fields an SNMP interface row carries on 0.14-0.17.14; none from 0.17.15 on. */
export function neighbourFields(
  inventory: SampleInventory,
  version: string,
  iface: SampleSnmpInterface,
): Record<string, unknown> {
  const era = linksEra(version);
  // 0.17.15+ rows carry no neighbour at all (undefined: the key is left out of the JSON).
  if (era.bundle) return { neighbor: undefined };
  const heard = sampleLinks(inventory).byInterface.get(iface.id);
  const lldp = heard?.protocol === 'lldp';
  const cdp = heard?.protocol === 'cdp';
  return {
    neighbor: heard
      ? { type: heard.far.kind === 'host' ? 'Host' : era.portType, id: heard.far.id }
      : null,
    lldp_chassis_id: null,
    lldp_port_id: lldp && heard.port ? { subtype: 'InterfaceName', value: heard.port } : null,
    lldp_sys_name: lldp ? heard.system : null,
    lldp_port_desc: null,
    lldp_mgmt_addr: null,
    lldp_sys_desc: null,
    cdp_device_id: cdp ? heard.system : null,
    cdp_port_id: cdp ? (heard.port ?? null) : null,
    cdp_platform: cdp ? 'Cisco IOS' : null,
    cdp_address: null,
  };
}

/**
 * 0.17.15+: GET /api/v1/topology/data?network_id= (0.17.22: ?site_id=), the whole site's
 * interfaces, resolved neighbours and raw evidence in one answer; undefined for any other request.
 */
export function topologyRoute(
  req: SampleRequest,
  version: string,
  inventory: SampleInventory,
  write: (host: SampleHost, iface: SampleSnmpInterface) => unknown,
  kit: {
    ok: (payload: unknown) => SampleResponse;
    fail: (status: number, error: string, code?: string) => SampleResponse;
  },
): SampleResponse | undefined {
  const era = linksEra(version);
  if (req.method !== 'GET' || req.path !== '/api/v1/topology/data' || !era.bundle) return undefined;
  const site = req.query.get(era.sites ? 'site_id' : 'network_id');
  if (!site) return kit.fail(400, 'network_id is required', 'validation_failed');
  const links = sampleLinks(inventory);
  const hosts = inventory.hosts.filter((h) => h.network_id === site);
  const interfaces = hosts.flatMap((h) => h.snmp_interfaces.map((i) => ({ host: h, iface: i })));
  // A port's rows: what it hears now, and a row kept with old evidence (links-data.ts `stale`).
  const neighbours = interfaces.flatMap(({ iface }, n) =>
    [links.byInterface.get(iface.id), links.stale.get(iface.id)].flatMap((heard, k) =>
      heard
        ? [
            {
              id: `${iface.id.slice(0, 24)}${(2 * n + k + 1).toString(16).padStart(12, '0')}`,
              interface_id: iface.id,
              neighbor: {
                type: heard.far.kind === 'host' ? 'Host' : 'Interface',
                id: heard.far.id,
              },
              neighbor_seen_at: heard.seen_at,
            },
          ]
        : [],
    ),
  );
  const candidates = [
    ...interfaces.flatMap(({ iface }) => {
      // A kept row's evidence is kept with it (a walk that did not read it carries it forward).
      const heard = links.byInterface.get(iface.id) ?? links.stale.get(iface.id);
      return heard
        ? [
            {
              interface_id: iface.id,
              protocol: heard.protocol === 'cdp' ? 'Cdp' : 'Lldp',
              system_name: heard.system,
              port_id: heard.port ?? null,
            },
          ]
        : [];
    }),
    ...links.unresolved
      .filter((u) => interfaces.some(({ iface }) => iface.id === u.interface_id))
      .map((u) => ({
        interface_id: u.interface_id,
        protocol: 'Lldp',
        system_name: u.system,
        port_id: null,
      })),
  ];
  return kit.ok({
    interfaces: interfaces.map(({ host, iface }) => write(host, iface)),
    neighbours,
    candidates,
  });
}

/** 0.17.15+: the lab's last run says which switch walk it could not finish. */
export function withWalkWarning(
  discovery: Record<string, unknown>,
  version: string,
  inventory: SampleInventory,
): Record<string, unknown> {
  if (!linksEra(version).bundle || discovery['id'] !== PARTIAL_RUN_ID) return discovery;
  const warning = partialWalkWarning(sampleLinks(inventory));
  const run = discovery['run_type'] as Record<string, unknown> | undefined;
  const results = run?.['results'] as Record<string, unknown> | undefined;
  if (!warning || !run || !results) return discovery;
  return {
    ...discovery,
    run_type: {
      ...run,
      results: { ...results, warnings: [{ code: 'IncompleteSnmpWalk', message: warning }] },
    },
  };
}
