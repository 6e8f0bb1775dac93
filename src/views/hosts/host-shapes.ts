// The structured shapes of list_hosts and get_host: the lean output schemas the catalog lists, and the full item shapes the view and tests read.
import * as z from 'zod';
import { pageEndShape } from '../common/shapes.js';
import { interfaceNeighbourShape, linkStateShape } from '../links/link-shapes.js';

/**
 * A port as one short string: number and protocol, "22/tcp", "161/udp". A whole host's ports in a
 * few bytes, and nothing of the service's text in it.
 */
export const portLabel = z.string();

/** One IP address of a host, with its subnet (CIDR) where the service knows it. */
export const hostAddressShape = z.object({
  ip: z.string(),
  subnet: z.string().optional(),
  subnet_id: z.string().optional(),
  mac: z.string().optional(),
  /** The MAC's maker where the service names one (0.17.22). */
  mac_vendor: z.string().optional(),
});

/** A service by the name Scanopy gave it, its definition when that differs, and the ports it is bound to. */
export const hostServiceShape = z.object({
  name: z.string(),
  definition: z.string().optional(),
  ports: z.array(portLabel).optional(),
});

/**
 * An SNMP credential that applies to a host, by id (its name is in `credential_names` at the top);
 * `from: 'network'` when inherited from its network (site).
 */
export const hostCredentialShape = z.object({
  id: z.string(),
  from: z.enum(['host', 'network']).optional(),
});

/**
 * A discovery linked to a host, by id (its name is in `discovery_names` at the top): the one that
 * first found it or last touched it. `approximate` when the version keeps only dated entries
 * (0.14-0.16) and the run was matched by daemon and date; no id when no listed run matches.
 */
export const hostDiscoveryLinkShape = z.object({
  id: z.string().optional(),
  at: z.string().optional(),
  approximate: z.boolean().optional(),
});

/**
 * One host in list_hosts' groups. Its own and its network's names inline; tags, SNMP credentials
 * and discoveries by id, named once at the top (id -> name); nothing null; a field the version does not know is
 * left out. `snmp_credentials` is always there: `[]` means the host has none.
 */
export const hostItemShape = z.object({
  id: z.string(),
  name: z.string(),
  hostname: z.string().optional(),
  ips: z.array(hostAddressShape).optional(),
  services: z.array(hostServiceShape).optional(),
  /** Open ports no service is bound to. */
  other_ports: z.array(portLabel).optional(),
  os: z.string().optional(),
  /** Tag ids; `tag_names` at the top names them. */
  tags: z.array(z.string()).optional(),
  snmp_credentials: z.array(hostCredentialShape),
  first_seen: z.string().optional(),
  last_seen: z.string().optional(),
  first_found_by: hostDiscoveryLinkShape.optional(),
  last_touched_by: hostDiscoveryLinkShape.optional(),
  /** With the found_by filter: how the host matched it (first found, last touched, or both). */
  found_by: z.array(z.enum(['first', 'last'])).optional(),
});
export type HostItemOutput = z.infer<typeof hostItemShape>;

/** One network (a site on 0.17.22) and its shown hosts. */
export const hostGroupShape = z.object({
  network_id: z.string().optional(),
  network: z.string().optional(),
  hosts: z.array(hostItemShape),
});
export type HostGroupOutput = z.infer<typeof hostGroupShape>;

/** `[name, count]` pairs, largest first: compact, and safe for any name a host may carry. */
const tallyShape = z.array(z.tuple([z.string(), z.number()]));

/** The top entries of a count, the rest summed as one number, and the total of all entries. */
const toppedShape = z.object({
  top: tallyShape,
  /** Sum of the counts left out of `top`. */
  others: z.number(),
  /** Distinct entries (service names, ports...) in all. */
  distinct: z.number(),
  /** Sum of every count: `top` plus `others`. */
  total: z.number(),
});

/** counts_only: hosts by network (each one, zero included), service, port, OS family and subnet. */
export const hostCountsShape = z.object({
  hosts: z.number(),
  by_network: z.array(
    z.object({ network_id: z.string(), network: z.string().optional(), hosts: z.number() }),
  ),
  by_service: toppedShape,
  /** Port labels ("22/tcp"), counting hosts with the port open. */
  by_port: toppedShape,
  by_os: toppedShape,
  /** Subnet CIDRs (or ids where the subnet is unknown). */
  by_subnet: toppedShape,
  without_snmp_credential: z.number(),
  new_since: z.number().optional(),
  not_seen_since: z.number().optional(),
});
export type HostCountsOutput = z.infer<typeof hostCountsShape>;

/** Which filters the service applied, which this server applied, and how much was read. */
export const hostFiltersShape = z.object({
  service: z.array(z.string()),
  server: z.array(z.string()),
  matched: z.number(),
  scanned: z.number(),
  complete: z.boolean().optional(),
  /** found_by on 0.14-0.16: matched by daemon and date, not by a stored id. */
  approximate: z.boolean().optional(),
  /** found_by a run record: the hosts the record says it found (some may name a later run now). */
  record_hosts_found: z.number().optional(),
});

/**
 * The names of the tags, SNMP credentials and discoveries the items carry by id, each once and
 * keyed by id: a name that reads like another one's id stays a name and never stands for it.
 */
const namesById = {
  tag_names: z.record(z.string(), z.string()).optional(),
  credential_names: z.record(z.string(), z.string()).optional(),
  discovery_names: z.record(z.string(), z.string()).optional(),
};

/** list_hosts' structured answer, in full (the view and the tests read this). */
export const hostListShape = z.object({
  summary: z.string(),
  groups: z.array(hostGroupShape),
  ...namesById,
  filters: hostFiltersShape.optional(),
  counts: hostCountsShape.optional(),
  ...pageEndShape,
});
export type HostListOutput = z.infer<typeof hostListShape>;

/** An SNMP interface (ifTable entry) of a host, as get_host shows it. */
export const snmpInterfaceShape = z.object({
  index: z.number().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  alias: z.string().optional(),
  mac: z.string().optional(),
  admin_status: z.string().optional(),
  oper_status: z.string().optional(),
  speed_bps: z.number().optional(),
  /** The IP address this interface carries, where the service links one. */
  ip: z.string().optional(),
  /** Its LLDP/CDP neighbour: linked (far host and port), none_reported, or not_known. */
  neighbour: interfaceNeighbourShape.optional(),
});

/** get_host's host: every list field, and the rest of what the service knows. */
export const hostDetailShape = hostItemShape.extend({
  network_id: z.string().optional(),
  network: z.string().optional(),
  /** Every open port, those bound to services included. */
  ports: z.array(portLabel).optional(),
  snmp_interfaces: z.array(snmpInterfaceShape).optional(),
  /** Whether the host is linked, has none reported, or cannot be known (list_links has the links). */
  links: linkStateShape.optional(),
  description: z.string().optional(),
  /** The device's own description (SNMP sysDescr): service text, shown quoted. */
  sys_descr: z.string().optional(),
  sys_location: z.string().optional(),
  virtualization_parent: z
    .object({ id: z.string().optional(), name: z.string().optional(), type: z.string().optional() })
    .optional(),
  hidden: z.boolean().optional(),
});
export type HostDetailOutput = z.infer<typeof hostDetailShape>;

/** A host an ambiguous `host` argument could mean, with its network. */
export const hostCandidateShape = z.object({
  id: z.string(),
  name: z.string(),
  network_id: z.string().optional(),
  network: z.string().optional(),
  ips: z.array(z.string()).optional(),
});

/** get_host's structured answer, in full: the host, or the candidates when the name is ambiguous. */
export const hostLookupShape = z.object({
  summary: z.string(),
  host: hostDetailShape.optional(),
  candidates: z.array(hostCandidateShape).optional(),
  ...namesById,
  next_step: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});
export type HostLookupOutput = z.infer<typeof hostLookupShape>;

/**
 * list_hosts' output schema as the catalog lists it: only the frame is spelled out (the catalog has
 * a byte budget and stays in the model's context); every answer follows hostListShape above in
 * full (tag_names, credential_names, discovery_names, filters, truncated and warnings as well).
 */
export const hostListOutput = {
  summary: z.string(),
  // Network (site) groups of hosts: hostGroupShape; with fields, columns + rows instead.
  groups: z.array(z.unknown()).optional(),
  counts: z.unknown().optional(),
  pagination: z.unknown(),
  next_step: z.string().optional(),
};

/** get_host's output schema as the catalog lists it (hostLookupShape in full). */
export const hostLookupOutput = {
  summary: z.string(),
  host: z.unknown().optional(),
  candidates: z.unknown().optional(),
  next_step: z.string().optional(),
};
