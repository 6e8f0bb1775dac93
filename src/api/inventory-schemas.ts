// zod schemas of the inventory payloads (hosts and their children, subnets, networks, IP rows), lenient, normalised to inventory-model.ts.
import * as z from 'zod';
import type {
  InventoryAddress,
  InventoryAddressRow,
  InventoryAdvertised,
  InventoryHost,
  InventoryNetwork,
  InventoryPort,
  InventoryService,
  InventorySighting,
  InventorySnmpInterface,
  InventorySubnet,
} from './inventory-model.js';

/** Which child list holds what on this version: 0.14-0.15 call IPs `interfaces`, 0.16+ SNMP rows. */
export interface HostWireLayout {
  readonly addresses: 'interfaces' | 'ip_addresses';
  readonly snmp: 'if_entries' | 'interfaces';
}

/**
 * Built on first use, like schemas.ts: a start-up parses no inventory. Plain objects (not loose):
 * the fields the model does not keep are not copied, which matters at 1,000 hosts a page.
 */
function buildSchemas() {
  const text = z.string().optional().catch(undefined);
  const id = z.string().optional().catch(undefined);
  const num = z.number().optional().catch(undefined);
  const list = <T extends z.ZodType>(item: T) =>
    z.array(z.unknown()).catch([]).transform(keep(item));
  const discoveryIds = { first_discovery_id: id, last_discovery_id: id };
  /** 0.17.0+ rows: when a run first and last saw the row. */
  const sightings = { created_at: text, last_seen_at: text };
  const address = z.object({
    id,
    ip_address: z.string(),
    subnet_id: id,
    mac_address: text,
    mac_vendor: text,
    host_id: id,
    ...discoveryIds,
  });
  const port = z.object({
    id,
    number: z.number().int(),
    protocol: z.string().catch('tcp'),
    ...discoveryIds,
    ...sightings,
  });
  const binding = z.object({ type: text, port_id: id });
  const service = z.object({
    id,
    name: z.string().catch(''),
    service_definition: z
      .union([z.string(), z.looseObject({ name: z.string() })])
      .optional()
      .catch(undefined),
    bindings: list(binding),
    ...discoveryIds,
    ...sightings,
  });
  // 0.14 says IfEntry, 0.16+ Interface: both name the far port's row.
  const neighbor = z
    .object({ type: z.enum(['IfEntry', 'Interface', 'Host']), id: z.string() })
    .optional()
    .catch(undefined);
  const lldpPort = z
    .union([z.string(), z.object({ value: z.string() }).transform((p) => p.value)])
    .optional()
    .catch(undefined);
  const snmp = z.object({
    id,
    if_index: num,
    if_name: text,
    if_descr: text,
    if_alias: text,
    mac_address: text,
    admin_status: text,
    oper_status: text,
    speed_bps: num,
    ip_address_id: id,
    interface_id: id,
    host_id: id,
    neighbor,
    lldp_sys_name: text,
    lldp_port_id: lldpPort,
    lldp_port_desc: text,
    cdp_device_id: text,
    cdp_port_id: text,
  });
  const sighting = z.object({ daemon_id: id, date: z.string(), type: text });
  const source = z
    .object({ type: text, metadata: list(sighting) })
    .optional()
    .catch(undefined);
  const assignment = z.object({ credential_id: z.string() });
  const os = z.object({ family: text, name: text, version: text }).optional().catch(undefined);
  const virtualization = z
    .object({ type: text, details: z.object({ service_id: id }).optional().catch(undefined) })
    .optional()
    .catch(undefined);
  const host = z.object({
    id: z.string(),
    name: z.string().catch(''),
    display_name: text,
    hostname: text,
    network_id: id,
    site_id: id,
    created_at: text,
    updated_at: text,
    last_seen_at: text,
    ...discoveryIds,
    source,
    tags: z.array(z.string()).catch([]),
    description: text,
    sys_descr: text,
    sys_location: text,
    hidden: z.boolean().optional().catch(undefined),
    os,
    snmp_credential_id: id,
    credential_assignments: list(assignment),
    virtualization,
    virtualization_metadata: virtualization,
    virtualization_service_id: id,
    interfaces: z.array(z.unknown()).catch([]),
    ip_addresses: z.array(z.unknown()).catch([]),
    if_entries: z.array(z.unknown()).catch([]),
    ports: list(port),
    services: list(service),
  });
  const subnet = z.object({
    id: z.string(),
    cidr: z.string(),
    name: text,
    network_id: id,
    site_id: id,
  });
  const network = z.object({
    id: z.string(),
    name: z.string().catch(''),
    credential_ids: z.array(z.string()).catch([]),
    snmp_credential_id: id,
  });
  return { address, snmp, host, subnet, network, port, service };
}

/** Keeps the items of a child list that parse; one odd child never drops its host. */
function keep<T extends z.ZodType>(item: T) {
  return (values: unknown[]): z.output<T>[] => {
    const out: z.output<T>[] = [];
    for (const value of values) {
      const parsed = item.safeParse(value);
      if (parsed.success) out.push(parsed.data);
    }
    return out;
  };
}

type Schemas = ReturnType<typeof buildSchemas>;
let built: Schemas | undefined;
const schemas = (): Schemas => {
  built ??= buildSchemas();
  return built;
};

type WireAddress = z.output<Schemas['address']>;
type WireHost = z.output<Schemas['host']>;

const nonEmpty = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? undefined : text;

/**
 * One page's string table. JSON.parse makes a new string for every value, so the ids and words
 * that repeat across hosts (discovery, network, subnet and daemon ids, tags, dates, protocols,
 * service names, a port's id in its services' bindings) were each held once per occurrence by the
 * kept copy; through the table each is held once per page. The table goes with the page.
 */
type Intern = <T extends string | undefined>(text: T) => T;

function interner(): Intern {
  const seen = new Map<string, string>();
  return <T extends string | undefined>(text: T): T => {
    if (text === undefined) return text;
    const known = seen.get(text);
    if (known !== undefined) return known as T;
    seen.set(text, text);
    return text;
  };
}

/** For rows read one by one (no page to share a table with). */
const asIs: Intern = (text) => text;

const addressOf = (wire: WireAddress, i: Intern = asIs): InventoryAddress => ({
  id: wire.id,
  ip: wire.ip_address,
  subnet_id: i(wire.subnet_id),
  mac: nonEmpty(wire.mac_address),
  mac_vendor: i(nonEmpty(wire.mac_vendor)),
});

function childrenOf(values: readonly unknown[], pick: (all: Schemas) => z.ZodType) {
  const schema = pick(schemas());
  const out: unknown[] = [];
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** "Linux Ubuntu 24.04" from 0.17's `os`, the family apart for counting. */
function osOf(
  os: WireHost['os'],
  i: Intern,
): { os?: string | undefined; os_family?: string | undefined } {
  if (!os) return {};
  // "Windows 11 23H2", not "Windows Windows 11 23H2": the family only where the name lacks it.
  const family = nonEmpty(os.family);
  const name = nonEmpty(os.name);
  const named =
    name !== undefined && family !== undefined && name.toLowerCase().includes(family.toLowerCase());
  const words = [named ? undefined : family, name, nonEmpty(os.version)].filter(
    (w): w is string => w !== undefined,
  );
  const unique = words.filter((word, i) => words.indexOf(word) === i);
  return {
    os: i(unique.length > 0 ? unique.join(' ') : undefined),
    os_family: i(nonEmpty(os.family)),
  };
}

/**
 * The kept copy's empty lists are this one array: a 20,000-host copy had ~4 empty lists a host,
 * 32 bytes each. Frozen, so no holder can fill the list every host shares.
 */
const NONE: readonly never[] = Object.freeze([]);

/**
 * A list as the copy keeps it: the shared empty one, else exactly as long as it is. A list built
 * item by item (zod's arrays, `keep`, flatMap) reserves room for 17 items from its first one: the
 * services' port lists alone were 5 MB of a 20,000-host copy.
 */
const kept = <T>(items: readonly T[]): readonly T[] => (items.length === 0 ? NONE : items.slice());

/** The sightings as parsed (their keys as the schema gave them), their words from the page's table. */
function sightingsOf(wire: WireHost, i: Intern): readonly InventorySighting[] {
  const sightings = (wire.source?.metadata ?? []) as {
    -readonly [K in keyof InventorySighting]: InventorySighting[K];
  }[];
  for (const sighting of sightings) {
    if (sighting.daemon_id !== undefined) sighting.daemon_id = i(sighting.daemon_id);
    sighting.date = i(sighting.date);
    if (sighting.type !== undefined) sighting.type = i(sighting.type);
  }
  return kept(sightings);
}

/*
 * A row keeps its own sightings where it has them (0.17.0+: last_seen_at): older rows carry a
 * created_at too, which says nothing of later runs, so it is not kept (and a 20,000-host copy
 * stays smaller). The dates come from the page's string table like every other repeated word.
 * Ports and services are written out whole, one literal per shape: keys added by a spread went to
 * a property array beside each object (~38 bytes more for each of 100,000 ports).
 */
function portOf(p: z.output<Schemas['port']>, i: Intern): InventoryPort {
  const id = i(p.id);
  const protocol = i(p.protocol.toLowerCase());
  if (p.last_seen_at === undefined) return { id, number: p.number, protocol };
  return {
    id,
    number: p.number,
    protocol,
    first_seen_at: i(p.created_at),
    last_seen_at: i(p.last_seen_at),
  };
}

function serviceOf(s: z.output<Schemas['service']>, i: Intern): InventoryService {
  const name = i(s.name);
  const definition = i(
    typeof s.service_definition === 'string' ? s.service_definition : s.service_definition?.name,
  );
  const bound = s.bindings.filter((b) => b.port_id !== undefined);
  const port_ids = bound.length === 0 ? NONE : bound.map((b) => i(b.port_id as string));
  if (s.last_seen_at === undefined) return { id: s.id, name, definition, port_ids };
  return {
    id: s.id,
    name,
    definition,
    port_ids,
    first_seen_at: i(s.created_at),
    last_seen_at: i(s.last_seen_at),
  };
}

function hostOf(wire: WireHost, layout: HostWireLayout, i: Intern): InventoryHost {
  const rawAddresses = layout.addresses === 'ip_addresses' ? wire.ip_addresses : wire.interfaces;
  const rawSnmp = layout.snmp === 'if_entries' ? wire.if_entries : wire.interfaces;
  const addresses = childrenOf(rawAddresses, (s) => s.address) as WireAddress[];
  const snmp = childrenOf(rawSnmp, (s) => s.snmp) as z.output<Schemas['snmp']>[];
  const ports = wire.ports.length === 0 ? NONE : wire.ports.map((p) => portOf(p, i));
  const services = wire.services.length === 0 ? NONE : wire.services.map((s) => serviceOf(s, i));
  const children = [wire, ...addresses, ...wire.ports, ...wire.services];
  const ids = (key: 'first_discovery_id' | 'last_discovery_id') =>
    kept([...new Set(children.flatMap((c) => (c[key] === undefined ? [] : [i(c[key])])))]);
  const credentials = [
    ...(wire.snmp_credential_id ? [wire.snmp_credential_id] : []),
    ...wire.credential_assignments.map((a) => a.credential_id),
  ].map(i);
  const virtualization = wire.virtualization ?? wire.virtualization_metadata;
  const virtualizedBy = wire.virtualization_service_id ?? virtualization?.details?.service_id;
  const os = osOf(wire.os, i);
  // Written out whole, as ports are: a spread (the OS) put the keys after it in a property array.
  return {
    id: wire.id,
    name: nonEmpty(wire.name) ?? nonEmpty(wire.display_name) ?? '',
    hostname: nonEmpty(wire.hostname),
    network_id: i(wire.network_id ?? wire.site_id),
    created_at: i(wire.created_at),
    updated_at: i(wire.updated_at),
    last_seen_at: i(wire.last_seen_at),
    first_discovery_id: i(wire.first_discovery_id),
    last_discovery_id: i(wire.last_discovery_id),
    first_discovery_ids: ids('first_discovery_id'),
    last_discovery_ids: ids('last_discovery_id'),
    sightings: sightingsOf(wire, i),
    tags: wire.tags.length === 0 ? NONE : wire.tags.map(i),
    description: nonEmpty(wire.description),
    sys_descr: nonEmpty(wire.sys_descr),
    sys_location: nonEmpty(wire.sys_location),
    hidden: wire.hidden,
    os: os.os,
    os_family: os.os_family,
    addresses: addresses.length === 0 ? NONE : addresses.map((address) => addressOf(address, i)),
    ports,
    services,
    snmp_interfaces: snmp.length === 0 ? NONE : snmp.map((row) => snmpOf(row, i)),
    credential_ids: kept([...new Set(credentials)]),
    virtualization:
      virtualization || virtualizedBy
        ? { type: i(virtualization?.type), service_id: virtualizedBy }
        : undefined,
  };
}

/** LLDP first (the standard), CDP when only Cisco's protocol spoke; nothing when neither did. */
function advertisedOf(wire: z.output<Schemas['snmp']>): InventoryAdvertised | undefined {
  const lldp = nonEmpty(wire.lldp_sys_name) ?? nonEmpty(wire.lldp_port_id);
  if (lldp !== undefined) {
    return {
      protocol: 'lldp',
      system: nonEmpty(wire.lldp_sys_name),
      port: nonEmpty(wire.lldp_port_id) ?? nonEmpty(wire.lldp_port_desc),
    };
  }
  const cdp = nonEmpty(wire.cdp_device_id) ?? nonEmpty(wire.cdp_port_id);
  if (cdp === undefined) return undefined;
  return {
    protocol: 'cdp',
    system: nonEmpty(wire.cdp_device_id),
    port: nonEmpty(wire.cdp_port_id),
  };
}

// The id stays: a neighbour row names the far port by it (issue 38).
const snmpOf = (wire: z.output<Schemas['snmp']>, i: Intern = asIs): InventorySnmpInterface => ({
  id: wire.id,
  index: wire.if_index,
  name: nonEmpty(wire.if_name),
  description: nonEmpty(wire.if_descr),
  alias: nonEmpty(wire.if_alias),
  mac: nonEmpty(wire.mac_address),
  admin_status: i(wire.admin_status),
  oper_status: i(wire.oper_status),
  speed_bps: wire.speed_bps,
  address_id: wire.ip_address_id ?? wire.interface_id,
  ...(wire.neighbor
    ? {
        neighbor: {
          kind: wire.neighbor.type === 'Host' ? 'host' : 'interface',
          id: wire.neighbor.id,
        } as const,
      }
    : {}),
  ...(advertisedOf(wire) ? { advertised: advertisedOf(wire) } : {}),
});

type Parser<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/** A parser in the shape `listPage` takes, normalising what it parsed. */
function normalising<W, T>(pick: (all: Schemas) => z.ZodType<W>, to: (wire: W) => T): Parser<T> {
  return {
    safeParse(value) {
      const parsed = pick(schemas()).safeParse(value);
      return parsed.success ? { success: true, data: to(parsed.data) } : { success: false };
    },
  };
}

/** A host with its children, as this version lays them out. */
export const hostParser = (layout: HostWireLayout): Parser<InventoryHost> => {
  // One table per parser: `listHosts` makes one per page.
  const intern = interner();
  return normalising(
    (s) => s.host as unknown as z.ZodType<WireHost>,
    (wire) => hostOf(wire, layout, intern),
  );
};

export const subnetParser: Parser<InventorySubnet> = normalising(
  (s) => s.subnet,
  (wire) => ({
    id: wire.id,
    cidr: wire.cidr,
    name: nonEmpty(wire.name),
    network_id: wire.network_id ?? wire.site_id,
  }),
);

export const networkParser: Parser<InventoryNetwork> = normalising(
  (s) => s.network,
  (wire) => ({
    id: wire.id,
    name: wire.name,
    credential_ids: [
      ...new Set([
        ...wire.credential_ids,
        ...(wire.snmp_credential_id ? [wire.snmp_credential_id] : []),
      ]),
    ],
  }),
);

export const addressRowParser: Parser<InventoryAddressRow> = {
  safeParse(value) {
    const parsed = schemas().address.safeParse(value);
    if (!parsed.success || parsed.data.host_id === undefined) return { success: false };
    return { success: true, data: { ...addressOf(parsed.data), host_id: parsed.data.host_id } };
  },
};

export const snmpInterfaceParser: Parser<InventorySnmpInterface> = normalising(
  (s) => s.snmp,
  snmpOf,
);

/**
 * The rows of a topology bundle (GET /api/v1/topology/data, topology/types/api.rs TopologyData
 * @8e87b29f): the inventory's own row schemas, plus the host a child belongs to and SCD2's
 * lineage_id, which on a snapshot's closed copy names the live row it captured (NULL on live
 * rows; hosts/impl/base.rs Host @056c7f15). Built on first use.
 */
function buildBundleRows() {
  const s = schemas();
  const id = z.string().optional().catch(undefined);
  const scd2 = { lineage_id: z.string().nullish().catch(undefined) };
  return {
    host: s.host
      .pick({ id: true, name: true, display_name: true, network_id: true, site_id: true })
      .extend(scd2),
    port: s.port.extend({ host_id: id, ...scd2 }),
    service: s.service.extend({ host_id: id, ...scd2 }),
    snmp: s.snmp.extend(scd2),
  };
}
let bundleRows: ReturnType<typeof buildBundleRows> | undefined;
export const bundleRowSchemas = () => {
  bundleRows ??= buildBundleRows();
  return bundleRows;
};
