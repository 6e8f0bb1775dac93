// The sample API's inventory: hosts with IPs, ports, services and SNMP interfaces on the demo's networks, in one version-free form.

import { applySampleChanges, type SampleChanges, type SampleRowSeen } from './changes-data.js';
import {
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_DAEMONS,
  SAMPLE_NETWORKS,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
} from './data.js';
import { GENERATED_NETWORK_ID, SAMPLE_HOSTS } from './names-data.js';

export const LAB_PRINTERS_CREDENTIAL_ID = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
/** Discoveries of data.ts the hosts name as first finder and last toucher (0.17+). */
export const INVENTORY_DISCOVERIES = {
  officeSweep: '11111111-1111-4111-8111-111111111111',
  labRun: '55555555-5555-4555-8555-555555555555',
  labUnified: '66666666-6666-4666-8666-666666666666',
  /** An earlier, complete run of the lab job (0.16+ in data.ts): the job has several run records. */
  labEarlierRun: '56565656-5656-4565-8565-565656565656',
} as const;

/** When the lab's failed run (data.ts, 22:00-22:04:31) touched its hosts. */
export const LAB_RUN_AT = '2026-11-19T22:02:00Z';
/** When the lab job's earlier run (data.ts, 2026-11-12 22:00-22:06:10) touched its hosts. */
export const LAB_EARLIER_RUN_AT = '2026-11-12T22:03:00Z';

export interface SampleSubnet {
  readonly id: string;
  readonly cidr: string;
  readonly name: string;
  readonly network_id: string;
}

export interface SamplePort {
  readonly id: string;
  readonly number: number;
  readonly protocol: 'Tcp' | 'Udp';
  /** Its own sightings where they differ from its host's (changes-data.ts). */
  readonly seen?: SampleRowSeen;
}

export interface SampleService {
  readonly id: string;
  readonly name: string;
  readonly definition: string;
  readonly port_ids: readonly string[];
  readonly seen?: SampleRowSeen;
}

/** One address of a host: its first is `address`, any more are in `more_addresses`. */
export interface SampleAddress {
  readonly id: string;
  readonly ip: string;
  readonly subnet_id: string;
  readonly mac: string;
}

export interface SampleSnmpInterface {
  readonly id: string;
  readonly index: number;
  readonly name: string;
  readonly descr: string;
  readonly alias: string | null;
  readonly mac: string;
  readonly oper_status: 'Up' | 'Down';
}

/** A host as the sample keeps it; inventory-routes.ts writes it as each version would. */
export interface SampleHost {
  readonly id: string;
  name: string;
  readonly hostname: string | null;
  readonly network_id: string;
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly daemon_id: string;
  readonly first_discovery_id: string | null;
  readonly last_discovery_id: string | null;
  readonly tags: readonly string[];
  readonly os: { readonly family: string; readonly name: string; readonly version: string } | null;
  sys_descr: string | null;
  readonly address: SampleAddress;
  /** Addresses beyond the first (edge cases: a second NIC, IPv6, link-local); most hosts have none. */
  readonly more_addresses: readonly SampleAddress[];
  readonly ports: SamplePort[];
  readonly services: SampleService[];
  readonly snmp_interfaces: readonly SampleSnmpInterface[];
  readonly credential_id: string | null;
  readonly virtualized_by: { readonly host_id: string; readonly service_id: string } | null;
}

export interface SampleNetwork {
  readonly id: string;
  readonly name: string;
  readonly credential_ids: readonly string[];
}

export interface SampleInventory {
  readonly networks: readonly SampleNetwork[];
  readonly subnets: readonly SampleSubnet[];
  readonly hosts: SampleHost[];
  /** The hosts changes-data.ts changed between the lab job's two runs. */
  readonly changes: SampleChanges;
}

/** Deterministic ids: kind in the second group, the number in the last. */
export const inventoryId = (kind: number, n: number) =>
  `${(0xa0000000 + ((n * 2654435761) >>> 8)).toString(16).slice(0, 8)}-${kind.toString(16).padStart(4, '0')}-4${(n % 4096).toString(16).padStart(3, '0')}-8000-${n.toString(16).padStart(12, '0')}`;

interface Role {
  readonly name: string;
  readonly os: SampleHost['os'];
  readonly services: readonly (readonly [string, string, number, 'Tcp' | 'Udp'])[];
  /** Open ports no service is bound to. */
  readonly extra: readonly number[];
  readonly snmp: boolean;
}

const linux = { family: 'Linux', name: 'Ubuntu', version: '24.04' };
const ROLES: readonly Role[] = [
  {
    name: 'srv',
    os: linux,
    services: [
      ['SSH', 'SSH', 22, 'Tcp'],
      ['nginx', 'Nginx', 443, 'Tcp'],
    ],
    extra: [8080],
    snmp: false,
  },
  {
    name: 'ws',
    os: { family: 'Windows', name: 'Windows 11', version: '23H2' },
    services: [['SMB', 'Samba', 445, 'Tcp']],
    extra: [3389],
    snmp: false,
  },
  {
    name: 'sw',
    os: { family: 'CiscoIos', name: 'IOS', version: '15.2(4)M' },
    services: [
      ['SSH', 'SSH', 22, 'Tcp'],
      ['SNMP', 'SNMP', 161, 'Udp'],
    ],
    extra: [23],
    snmp: true,
  },
  {
    name: 'prn',
    os: null,
    services: [
      ['IPP', 'Ipp', 631, 'Tcp'],
      ['JetDirect', 'Jetdirect', 9100, 'Tcp'],
      ['SNMP', 'SNMP', 161, 'Udp'],
    ],
    extra: [80],
    snmp: true,
  },
  {
    name: 'db',
    os: linux,
    services: [
      ['SSH', 'SSH', 22, 'Tcp'],
      ['PostgreSQL', 'PostgreSQL', 5432, 'Tcp'],
    ],
    extra: [],
    snmp: false,
  },
  {
    name: 'cam',
    os: null,
    services: [['RTSP', 'Rtsp', 554, 'Tcp']],
    extra: [80, 23],
    snmp: false,
  },
];

interface NetworkPlan {
  readonly id: string;
  readonly name: string;
  readonly subnets: readonly string[];
  readonly hosts: number;
  readonly daemon: string;
  readonly first: string | null;
  readonly last: (n: number) => string | null;
}

const PLANS = (scale: number): NetworkPlan[] => [
  {
    id: SAMPLE_NETWORKS.office,
    name: 'Office',
    subnets: ['10.0.0', '10.0.1'],
    hosts: Math.round(150 * scale),
    daemon: SAMPLE_DAEMONS.office,
    first: INVENTORY_DISCOVERIES.officeSweep,
    last: () => INVENTORY_DISCOVERIES.officeSweep,
  },
  {
    id: SAMPLE_NETWORKS.lab,
    name: 'Lab',
    subnets: ['192.168.50'],
    hosts: Math.round(60 * scale),
    daemon: SAMPLE_DAEMONS.lab,
    first: INVENTORY_DISCOVERIES.labUnified,
    last: (n) =>
      n % 3 === 0
        ? INVENTORY_DISCOVERIES.labRun
        : n % 6 === 1
          ? INVENTORY_DISCOVERIES.labEarlierRun
          : INVENTORY_DISCOVERIES.labUnified,
  },
  {
    id: GENERATED_NETWORK_ID,
    name: 'Branch office',
    subnets: ['172.16.0'],
    hosts: Math.round(30 * scale),
    daemon: SAMPLE_DAEMONS.office,
    first: null,
    last: () => null,
  },
];

const day = (d: number, hour = 3) =>
  new Date(Date.UTC(2026, 9, 1 + d, hour, (d * 7) % 60, 12)).toISOString().replace('.000', '');

/** Hosts take the network's subnets in turn: the demo's office splits over its LAN and printer VLAN. */
function addressOf(subnets: readonly SampleSubnet[], i: number) {
  const subnet = subnets[i % subnets.length] as SampleSubnet;
  const [a, b, c] = (subnet.cidr.split('/')[0] as string).split('.');
  return { ip: `${a}.${b}.${c}.${Math.floor(i / subnets.length) + 2}`, subnet_id: subnet.id };
}

/**
 * `hosts` hosts over the demo's three networks (Office 62%, Lab 25%, Branch 13%), `portsPerHost`
 * ports each on average: the demo's 240 hosts, or the bench's 20,000 with 5 ports a host.
 */
export function buildInventory(
  options: { hosts?: number; portsPerHost?: number } = {},
): SampleInventory {
  const total = options.hosts ?? 240;
  const scale = total / 240;
  const plans = PLANS(scale);
  const networks: SampleNetwork[] = plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    // The lab's printers take the lab network's credential; office switches have their own.
    credential_ids: plan.id === SAMPLE_NETWORKS.lab ? [LAB_PRINTERS_CREDENTIAL_ID] : [],
  }));
  const subnets: SampleSubnet[] = [];
  let subnetN = 0;
  for (const plan of plans) {
    const needed = Math.max(plan.subnets.length, Math.ceil(plan.hosts / 250));
    for (let s = 0; s < needed; s++) {
      const base = plan.subnets[Math.min(s, plan.subnets.length - 1)] as string;
      const [a, b, c] = base.split('.').map(Number) as [number, number, number];
      const third = s < plan.subnets.length ? c : c + s - plan.subnets.length + 1;
      subnets.push({
        id: inventoryId(2, ++subnetN),
        cidr: `${a}.${b}.${third % 256}.0/24`,
        name: `${plan.name} ${s === 0 ? 'LAN' : `segment ${s + 1}`}`,
        network_id: plan.id,
      });
    }
  }
  const hosts: SampleHost[] = [];
  let n = 0;
  for (const plan of plans) {
    const own = subnets.filter((s) => s.network_id === plan.id);
    for (let i = 0; i < plan.hosts; i++) {
      n++;
      hosts.push(hostOf(plan, own, i, n, options.portsPerHost));
    }
  }
  name(hosts);
  edges(hosts, subnets);
  const changes = applySampleChanges(hosts, {
    network_id: SAMPLE_NETWORKS.lab,
    latest: { id: INVENTORY_DISCOVERIES.labRun, at: LAB_RUN_AT },
    earlier: { id: INVENTORY_DISCOVERIES.labEarlierRun, at: LAB_EARLIER_RUN_AT },
    rowId: inventoryId,
  });
  return { networks, subnets, hosts, changes };
}

/** The hosts edges() changes, by their place in their network: tests name them through this. */
export const EDGE_HOSTS = {
  /** Office: a second address in the same subnet (two NICs on the LAN). */
  twoInOneSubnet: 10,
  /** Office: its first address on the printer VLAN, a second on the LAN. */
  acrossTwoSubnets: 13,
  /** Office: created at midnight UTC, exactly on 2026-11-15. */
  createdAtMidnight: 20,
  /** Lab: an IPv6 address and a link-local one beside its IPv4 address. */
  ipv6: 7,
  /** Lab: created exactly at the start of November (UTC). */
  createdOnTheFirst: 20,
  /** Branch: last seen exactly at midnight, 2026-11-10. */
  lastSeenAtMidnight: 5,
} as const;

export const EDGE_DATES = {
  createdAtMidnight: '2026-11-15T00:00:00Z',
  createdOnTheFirst: '2026-11-01T00:00:00Z',
  lastSeenAtMidnight: '2026-11-10T00:00:00Z',
} as const;

/**
 * Hosts on the edges a regular inventory never reaches: two addresses (in one subnet, across two),
 * IPv6 and link-local, dates exactly on a boundary and at midnight. Without them an off-by-one or
 * a check of the first address alone passes every test.
 */
function edges(hosts: SampleHost[], subnets: SampleSubnet[]) {
  const of = (network: string) => hosts.filter((h) => h.network_id === network);
  const [office, lab, branch] = [
    SAMPLE_NETWORKS.office,
    SAMPLE_NETWORKS.lab,
    GENERATED_NETWORK_ID,
  ].map(of);
  const subnetOf = (cidr: string) => subnets.find((s) => s.cidr === cidr)?.id as string;
  const nth = (list: SampleHost[] | undefined, i: number) => list?.[i];
  const second = (host: SampleHost, ip: string, subnet_id: string, nic = 1): SampleAddress => ({
    id: inventoryId(3, 100_000 * nic + Number.parseInt(host.id.slice(-6), 16)),
    ip,
    subnet_id,
    mac: macOf(Number.parseInt(host.id.slice(-6), 16), nic),
  });
  const pair = nth(office, EDGE_HOSTS.twoInOneSubnet);
  if (pair) {
    const [a, b, c] = pair.address.ip.split('.');
    Object.assign(pair, {
      more_addresses: [second(pair, `${a}.${b}.${c}.200`, pair.address.subnet_id)],
    });
  }
  const across = nth(office, EDGE_HOSTS.acrossTwoSubnets);
  const lan = subnetOf('10.0.0.0/24');
  if (across && lan && across.address.subnet_id !== lan) {
    Object.assign(across, { more_addresses: [second(across, '10.0.0.201', lan)] });
  }
  const v6 = nth(lab, EDGE_HOSTS.ipv6);
  if (v6) {
    const global = { id: inventoryId(2, 9_001), cidr: '2001:db8:50::/64', name: 'Lab IPv6' };
    const local = { id: inventoryId(2, 9_002), cidr: 'fe80::/64', name: 'Lab link-local' };
    for (const s of [global, local]) subnets.push({ ...s, network_id: SAMPLE_NETWORKS.lab });
    Object.assign(v6, {
      more_addresses: [
        second(v6, '2001:db8:50::7', global.id),
        second(v6, 'fe80::21a:2bff:fe00:7', local.id, 2),
      ],
    });
  }
  const midnight = nth(office, EDGE_HOSTS.createdAtMidnight);
  if (midnight) Object.assign(midnight, { created_at: EDGE_DATES.createdAtMidnight });
  const first = nth(lab, EDGE_HOSTS.createdOnTheFirst);
  if (first) Object.assign(first, { created_at: EDGE_DATES.createdOnTheFirst });
  const seen = nth(branch, EDGE_HOSTS.lastSeenAtMidnight);
  if (seen) {
    Object.assign(seen, {
      created_at: '2026-10-20T00:00:00Z',
      last_seen_at: EDGE_DATES.lastSeenAtMidnight,
    });
  }
}

function hostOf(
  plan: NetworkPlan,
  subnets: readonly SampleSubnet[],
  i: number,
  n: number,
  portsPerHost: number | undefined,
): SampleHost {
  const role = ROLES[n % ROLES.length] as Role;
  const where = addressOf(subnets, i);
  const ports: SamplePort[] = [];
  const services: SampleService[] = [];
  let p = 0;
  const port = (number: number, protocol: 'Tcp' | 'Udp') => {
    const made = { id: inventoryId(4, n * 64 + p++), number, protocol };
    ports.push(made);
    return made;
  };
  role.services.forEach(([serviceName, definition, number, protocol], s) => {
    const bound = port(number, protocol);
    services.push({
      id: inventoryId(5, n * 16 + s),
      name: serviceName,
      definition,
      port_ids: [bound.id],
    });
  });
  for (const extra of role.extra) port(extra, 'Tcp');
  // The bench's hosts carry more ports, unbound, spread over the high range.
  for (let k = 0; portsPerHost !== undefined && ports.length < portsPerHost; k++) {
    port(8000 + ((n * 13 + k * 101) % 2000), 'Tcp');
  }
  const createdDay = (n * 11) % 50;
  // Not seen for three weeks: some hosts found before the 1st of November.
  const stale = n % 17 === 0 && createdDay < 31;
  // The lab's earlier run (2026-11-12) cannot have touched a host created after it.
  const ran = plan.last(n);
  const last = ran === INVENTORY_DISCOVERIES.labEarlierRun && createdDay >= 42 ? plan.first : ran;
  return {
    id: inventoryId(1, n),
    name: '',
    hostname:
      n % 9 === 0 ? null : `${role.name}-${n}.${plan.name.toLowerCase().replace(/\s+/g, '-')}.lan`,
    network_id: plan.id,
    created_at: day(createdDay),
    // The lab's runs touched every third lab host (and every sixth, earlier); hosts not seen lately were last found earlier.
    last_seen_at: stale
      ? day(31)
      : last === INVENTORY_DISCOVERIES.labRun
        ? LAB_RUN_AT
        : last === INVENTORY_DISCOVERIES.labEarlierRun
          ? LAB_EARLIER_RUN_AT
          : day(51),
    daemon_id: plan.daemon,
    first_discovery_id: plan.first,
    last_discovery_id: stale ? plan.first : last,
    tags: role.snmp ? [role.name === 'sw' ? SAMPLE_TAGS.core : SAMPLE_TAGS.printers] : [],
    os: role.os,
    sys_descr: role.snmp
      ? `${role.name === 'sw' ? 'Cisco IOS Software' : 'HP LaserJet'} rev ${n % 7}`
      : null,
    address: {
      id: inventoryId(3, n),
      ...where,
      mac: macOf(n),
    },
    more_addresses: [],
    ports,
    services,
    snmp_interfaces: role.snmp ? snmpInterfaces(n) : [],
    credential_id:
      role.name === 'sw' && plan.id === SAMPLE_NETWORKS.office ? SAMPLE_CREDENTIAL_ID : null,
    virtualized_by: null,
  };
}

const hex2 = (byte: number) => (byte & 255).toString(16).padStart(2, '0');
const macOf = (n: number, nic = 0) =>
  `00:1a:2${nic === 0 ? 'b' : 'd'}:${hex2(n >> 16)}:${hex2(n >> 8)}:${hex2(n)}`;

function snmpInterfaces(n: number): SampleSnmpInterface[] {
  return [1, 2, 3].map((index) => ({
    id: inventoryId(6, n * 8 + index),
    index,
    name: `Gi0/${index}`,
    descr: `GigabitEthernet0/${index}`,
    alias: index === 1 ? 'uplink' : null,
    mac: `00:1a:2c:00:${(n & 255).toString(16).padStart(2, '0')}:0${index}`,
    oper_status: index === 3 ? 'Down' : 'Up',
  }));
}

/** Names as discovery gives them; the daemons' own hosts keep the ids and names the name lists use. */
function name(hosts: SampleHost[]) {
  for (const host of hosts) host.name = host.hostname?.split('.')[0] ?? host.address.ip;
  const [office] = hosts.filter((h) => h.network_id === SAMPLE_NETWORKS.office);
  const lab = hosts.filter((h) => h.network_id === SAMPLE_NETWORKS.lab);
  if (office) Object.assign(office, { id: SAMPLE_HOSTS.officeDaemonHost, name: 'office-gw' });
  const [labDocker] = lab;
  if (labDocker) Object.assign(labDocker, { id: SAMPLE_HOSTS.labDockerHost, name: 'lab-docker' });
  // A container and its host: the guest names the Docker service that runs it.
  const guest = lab.find((h) => h !== labDocker && h.services.some((s) => s.name === 'nginx'));
  if (labDocker && guest) {
    const dockerService = {
      id: inventoryId(5, 999_999),
      name: 'Docker',
      definition: 'Docker',
      port_ids: [],
    };
    labDocker.services.push(dockerService);
    Object.assign(guest, {
      name: 'lab-grafana',
      virtualized_by: { host_id: labDocker.id, service_id: dockerService.id },
    });
  }
}

export const INVENTORY_ORGANIZATION_ID = SAMPLE_ORGANIZATION_ID;

const byVersionSize = new Map<string, SampleInventory>();

/** The demo's inventory, built once per process (the routes never change it). */
export function sampleInventory(): SampleInventory {
  const cached = byVersionSize.get('demo');
  if (cached) return cached;
  const built = buildInventory();
  byVersionSize.set('demo', built);
  return built;
}
