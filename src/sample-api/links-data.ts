// The sample API's links between hosts (LLDP/CDP neighbours), in one version-free form: a tree of switches per network, and every edge case the link tools must tell apart.
import { SAMPLE_NETWORKS } from './data.js';
import {
  LAB_EARLIER_RUN_AT,
  LAB_RUN_AT,
  type SampleHost,
  type SampleInventory,
} from './inventory-data.js';
import { GENERATED_NETWORK_ID } from './names-data.js';

/** What one port heard from its neighbour, and which far end the service resolved it to. */
export interface SampleNeighbour {
  /** A far port (an SNMP interface row's id), or only a far device (its port not known). */
  readonly far: { readonly kind: 'interface' | 'host'; readonly id: string };
  readonly protocol: 'lldp' | 'cdp';
  /** The advertised system name (LLDP lldpRemSysName, CDP device id). */
  readonly system: string;
  /** The advertised port id. */
  readonly port?: string;
  /** When a scan last carried this evidence (0.17.15+ keeps it). */
  readonly seen_at: string;
}

export interface SampleLinks {
  /** Each port's neighbour by the port's interface id. */
  readonly byInterface: ReadonlyMap<string, SampleNeighbour>;
  /** The switch whose last walk was partial (a run warning on 0.17.15+), and the run. */
  readonly partial?: { readonly host: SampleHost; readonly run_id: string } | undefined;
  /** Raw LLDP evidence the service made no link from (0.17.15+ candidates). */
  readonly unresolved: readonly { readonly interface_id: string; readonly system: string }[];
  /**
   * Neighbour rows 0.17.15+ still keeps with old evidence (its UI draws them stale), by local
   * interface id: served in the topology bundle only, beside the rows of byInterface.
   */
  readonly stale: ReadonlyMap<string, SampleNeighbour>;
  /** The lab printer whose cable moved between the lab job's two runs, and its two switch ports. */
  readonly moved?: SampleMovedLink | undefined;
}

/** A cable moved: last seen on `from` by the earlier lab run, on `to` by the latest. */
export interface SampleMovedLink {
  readonly host: SampleHost;
  readonly from: { readonly host: SampleHost; readonly port: string };
  readonly to: { readonly host: SampleHost; readonly port: string };
}

/** A far port in a network the demo key cannot see: its host is in no list the key reads. */
export const OUTSIDE_INTERFACE_ID = 'f0f0f0f0-0000-4000-8000-0000000000ff';
/** What that far device advertises: its name must never reach a caller who cannot see it. */
export const OUTSIDE_SYSTEM_NAME = 'partner-core-01.secret.example';
/** A hostile advertised system name: quotes, a Mermaid label break, a click handler, markup. */
export const HOSTILE_SYSTEM_NAME = 'ap"]; click A call alert(1); B["<img src=x onerror=alert(2)>';
/** The run whose warning names the partial switch walk (data.ts: "Lab full scan (last run)"). */
export const PARTIAL_RUN_ID = '55555555-5555-4555-8555-555555555555';

const SEEN_AT = '2026-11-21T03:02:00Z';
/** The partial switch's links were last carried by the lab job's earlier complete run. */
const KEPT_SEEN_AT = '2026-11-12T22:03:00Z';

const isSwitch = (h: SampleHost) => h.sys_descr?.startsWith('Cisco IOS') === true;
const port = (h: SampleHost, index: number) => h.snmp_interfaces[index - 1];

/** The switches of each network in inventory order: the first is the core. */
function switchesOf(inventory: SampleInventory, network: string) {
  return inventory.hosts.filter((h) => h.network_id === network && isSwitch(h));
}

function builder() {
  const byInterface = new Map<string, SampleNeighbour>();
  const protocolOf = (n: number): 'lldp' | 'cdp' => (n % 3 === 0 ? 'cdp' : 'lldp');
  /** Both ports hear each other: each names the other's port. */
  const cable = (a: SampleHost, ai: number, b: SampleHost, bi: number, n: number, at = SEEN_AT) => {
    const pa = port(a, ai);
    const pb = port(b, bi);
    if (!pa || !pb) return;
    const protocol = protocolOf(n);
    byInterface.set(pa.id, {
      far: { kind: 'interface', id: pb.id },
      protocol,
      system: b.name,
      port: pb.name,
      seen_at: at,
    });
    byInterface.set(pb.id, {
      far: { kind: 'interface', id: pa.id },
      protocol,
      system: a.name,
      port: pa.name,
      seen_at: at,
    });
  };
  /** Only the device was resolved: the port it advertised matched no row. */
  const toDevice = (a: SampleHost, ai: number, far: SampleHost, system = far.name) => {
    const pa = port(a, ai);
    if (!pa) return;
    byInterface.set(pa.id, {
      far: { kind: 'host', id: far.id },
      protocol: 'lldp',
      system,
      port: 'eth0',
      seen_at: SEEN_AT,
    });
  };
  return { byInterface, cable, toDevice };
}

/**
 * Per network a binary tree of switches under its core (Gi0/1 the uplink, Gi0/2 and Gi0/3 down),
 * every third link CDP. Office: its last switch has interfaces and no neighbour, two leaves are
 * cabled to each other (a second path), the core's uplink and a leaf's spare port know only the far
 * device (one with a hostile advertised name). The lab's core is cabled to an office leaf; the
 * branch's core to a port in a network the key cannot see; a lab switch's last walk was partial.
 */
function build(inventory: SampleInventory): SampleLinks {
  const { byInterface, cable, toDevice } = builder();
  const office = switchesOf(inventory, SAMPLE_NETWORKS.office);
  const lab = switchesOf(inventory, SAMPLE_NETWORKS.lab);
  const branch = switchesOf(inventory, GENERATED_NETWORK_ID);
  const tree = (switches: SampleHost[], salt: number) => {
    for (let i = 1; i < switches.length; i++) {
      const parent = switches[Math.floor((i - 1) / 2)] as SampleHost;
      cable(switches[i] as SampleHost, 1, parent, 2 + ((i - 1) % 2), i + salt);
    }
  };
  const officeTree = office.slice(0, -1);
  tree(officeTree, 0);
  tree(lab, 1);
  tree(branch, 2);
  const leaves = officeTree.slice(Math.ceil(officeTree.length / 2));
  const [first, second, third] = leaves.slice(-3).reverse();
  if (first && second) cable(first, 2, second, 2, 1);
  const core = office[0];
  const gateway = inventory.hosts.find((h) => h.name === 'office-gw');
  if (core && gateway) toDevice(core, 1, gateway);
  const server = inventory.hosts.find(
    (h) => h.network_id === SAMPLE_NETWORKS.office && h.name.startsWith('srv-'),
  );
  if (first && server) toDevice(first, 3, server, HOSTILE_SYSTEM_NAME);
  const labCore = lab[0];
  if (labCore && third) cable(labCore, 1, third, 3, 2);
  const branchCore = branch[0];
  const outsidePort = branchCore ? port(branchCore, 1) : undefined;
  if (outsidePort) {
    byInterface.set(outsidePort.id, {
      far: { kind: 'interface', id: OUTSIDE_INTERFACE_ID },
      protocol: 'lldp',
      system: OUTSIDE_SYSTEM_NAME,
      port: 'Te1/1/1',
      seen_at: SEEN_AT,
    });
  }
  const partialSwitch = lab[1];
  if (partialSwitch) {
    for (const p of partialSwitch.snmp_interfaces) {
      const heard = byInterface.get(p.id);
      if (heard) byInterface.set(p.id, { ...heard, seen_at: KEPT_SEEN_AT });
    }
  }
  const spare = second ? port(second, 3) : undefined;
  const stale = new Map<string, SampleNeighbour>();
  const moved = moveCable(inventory, lab, byInterface, stale, cable);
  return {
    byInterface,
    partial: partialSwitch ? { host: partialSwitch, run_id: PARTIAL_RUN_ID } : undefined,
    unresolved: spare ? [{ interface_id: spare.id, system: 'unknown-phone' }] : [],
    stale,
    moved,
  };
}

/**
 * A lab printer's cable moved between the lab job's runs: the earlier run heard it on the last
 * lab switch but one (Gi0/3), the latest on the last switch (Gi0/3). Every version serves the new
 * cable; 0.17.15+ also keeps the old switch port's row, last seen by the earlier run, while both
 * hosts are seen since: list_changes counts it gone. The printer is one no other change touches.
 */
function moveCable(
  inventory: SampleInventory,
  lab: readonly SampleHost[],
  byInterface: Map<string, SampleNeighbour>,
  stale: Map<string, SampleNeighbour>,
  cable: ReturnType<typeof builder>['cable'],
): SampleMovedLink | undefined {
  const touched = new Set(Object.values(inventory.changes));
  const printer = inventory.hosts.find(
    (h) =>
      h.network_id === SAMPLE_NETWORKS.lab &&
      h.sys_descr?.startsWith('HP LaserJet') === true &&
      h.last_seen_at === LAB_RUN_AT &&
      Date.parse(h.created_at) < Date.parse(LAB_EARLIER_RUN_AT) &&
      !touched.has(h.id),
  );
  const [from, to] = lab.slice(-2);
  const free = (h: SampleHost | undefined, i: number) =>
    h !== undefined && port(h, i) !== undefined && !byInterface.has(port(h, i)?.id ?? '');
  if (!printer || !from || !to || !free(from, 3) || !free(to, 3) || !free(printer, 1)) {
    return undefined;
  }
  cable(printer, 1, to, 3, 1, LAB_RUN_AT);
  const printerPort = port(printer, 1) as SampleSnmpPort;
  stale.set((port(from, 3) as SampleSnmpPort).id, {
    far: { kind: 'interface', id: printerPort.id },
    protocol: 'lldp',
    system: printer.name,
    port: printerPort.name,
    seen_at: LAB_EARLIER_RUN_AT,
  });
  const name = (h: SampleHost) => port(h, 3)?.name ?? 'Gi0/3';
  return {
    host: printer,
    from: { host: from, port: name(from) },
    to: { host: to, port: name(to) },
  };
}
type SampleSnmpPort = SampleHost['snmp_interfaces'][number];

const built = new WeakMap<SampleInventory, SampleLinks>();

/** The links of an inventory, built once per inventory (the routes never change it). */
export function sampleLinks(inventory: SampleInventory): SampleLinks {
  let links = built.get(inventory);
  if (!links) {
    links = build(inventory);
    built.set(inventory, links);
  }
  return links;
}

/** 0.17.15+ keeps a partial switch walk as a run warning; the line leads with the device's address. */
export const PARTIAL_WALK_AT = LAB_RUN_AT;
export function partialWalkWarning(links: SampleLinks): string | undefined {
  const ip = links.partial?.host.address.ip;
  return ip === undefined
    ? undefined
    : `${ip} did not finish reporting LLDP neighbours, so previously discovered values were kept`;
}
