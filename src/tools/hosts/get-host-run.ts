// get_host's work: one host in full, found by id, IP address or name.
import { HttpError, ResponseTooLargeError } from '../../api/errors.js';
import type { HostApart } from '../../api/families/host-apart.js';
import { HOST_PAGE } from '../../api/inventory/host-read.js';
import type { KeptHosts } from '../../api/inventory/kept-inventory.js';
import { serviceHostIn } from '../../api/inventory/service-hosts.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { quote, unquote } from '../../safety/quote.js';
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import { hostCandidatesResult, hostDetailResult } from '../../views/hosts/host-detail-view.js';
import { isUuid } from '../common/uuid-argument.js';
import type { ToolContext } from '../define-tool.js';
import { hostLinks } from '../links/host-links.js';
import { type HostWorld, readHostWorld } from './host-world.js';
import { normalAddress, parsedAddress } from './ip-range.js';
import { asOfNote, holdsHosts, keptHosts } from './kept-hosts.js';
import { lookupsOf, rowOf } from './list-hosts-run.js';

/** Hosts read at most for one name (200,000). */
const MAX_PAGES = 800;
/** Candidates read in full at most. */
const MAX_CANDIDATES = 20;

/**
 * Hosts of this call read apart (their record alone over the response cap), with what could not be
 * read: the answer must say so rather than show them with no interfaces as if they had none.
 */
const readApart = new WeakMap<InventoryHost, HostApart>();

async function byId(id: string, context: ToolContext): Promise<InventoryHost> {
  try {
    return await context.api.getHost(id, context.signal);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      throw new ToolMessageError(
        `No host has the id ${id} (or this key may not see it). Find it with list_hosts (search, ip); nothing else was read.`,
      );
    }
    if (error instanceof ResponseTooLargeError) return apart(id, error, context);
    throw error;
  }
}

/** A host over the cap alone (issue 40 item 9): without its children, then each list by host_id. */
async function apart(id: string, error: ResponseTooLargeError, context: ToolContext) {
  const read = await context.api.getHostApart(id, context.signal);
  if (!read) {
    throw new ToolMessageError(
      `Host ${id}'s record with its SNMP interfaces is larger than one answer from the service may be (${error.limitBytes.toLocaleString('en-US')} bytes, NETWORK_DISCOVERY_MAX_RESPONSE_BYTES), and this Scanopy version cannot send a host without them (0.17.21+ can), so nothing of it is shown rather than a host that looks empty. To see it, raise NETWORK_DISCOVERY_MAX_RESPONSE_BYTES above its size, or open it in Scanopy.`,
    );
  }
  readApart.set(read.host, read);
  return read.host;
}

/** What get_host says of a host read apart: the lists too large to read, named, never shown as none. */
function apartNote(read: HostApart, interfacesRead: boolean): string[] {
  const parts = [
    ...(interfacesRead
      ? []
      : [`its ${read.snmpInterfaces.toLocaleString('en-US')} SNMP interfaces`]),
    ...read.tooLarge.map((part) =>
      part === 'addresses' ? 'its IP addresses' : part === 'ports' ? 'its ports' : 'its services',
    ),
  ];
  if (parts.length === 0) return [];
  return [
    `This host's record is larger than one answer from the service may be (NETWORK_DISCOVERY_MAX_RESPONSE_BYTES), so it was read without its children and each list apart. Too large to read, so not shown (not none): ${parts.join(', ')}. To see them, raise NETWORK_DISCOVERY_MAX_RESPONSE_BYTES or open the host in Scanopy.`,
  ];
}

/** The hosts holding an address, from this version's IP route (0.14-0.15 interfaces, 0.16+ ip-addresses). */
async function byAddress(ip: string, context: ToolContext): Promise<InventoryHost[]> {
  const wanted = normalAddress(ip);
  const rows = await context.api.listAddresses(undefined, context.signal);
  const ids = [
    ...new Set(rows.filter((r) => normalAddress(r.ip) === wanted).map((r) => r.host_id)),
  ];
  return Promise.all(ids.slice(0, MAX_CANDIDATES).map((id) => byId(id, context)));
}

/** The hosts of the caller's copy holding an address. */
export function addressIn(ip: string, copy: KeptHosts): InventoryHost[] {
  const wanted = normalAddress(ip);
  return copy.hosts
    .filter((h) => h.addresses.some((a) => normalAddress(a.ip) === wanted))
    .slice(0, MAX_CANDIDATES);
}

/** Hosts named `name` in the caller's copy: exact, else case-insensitive. */
export function namedIn(name: string, copy: KeptHosts): InventoryHost[] {
  const wanted = unmarkServiceData(unquote(name));
  const lower = wanted.toLowerCase();
  const exact = copy.hosts.filter((h) => h.name === wanted);
  return exact.length > 0 ? exact : copy.hosts.filter((h) => h.name.toLowerCase() === lower);
}

/** The ids of hosts the copy left out for their size, named `name`: exact, else case-insensitive. */
function oversizedNamed(name: string, copy: KeptHosts): string[] {
  const wanted = unmarkServiceData(unquote(name));
  const named = copy.oversized.flatMap((o) => (o.id && o.name !== undefined ? [o] : []));
  const exact = named.filter((o) => o.name === wanted);
  const loose = named.filter((o) => o.name?.toLowerCase() === wanted.toLowerCase());
  return (exact.length > 0 ? exact : loose).slice(0, MAX_CANDIDATES).map((o) => o.id as string);
}

/** Hosts named `name`: exact, else case-insensitive; 0.17.21+ narrows the read with search. */
async function byName(name: string, world: HostWorld, context: ToolContext) {
  const wanted = unmarkServiceData(unquote(name));
  const lower = wanted.toLowerCase();
  const exact: InventoryHost[] = [];
  const loose: InventoryHost[] = [];
  const search = world.profile.hostFilters ? { search: wanted } : {};
  // A page holding a host over the cap alone is asked again without children (0.17.21+), and the
  // hosts named are then read one by one (apart when needed).
  let childless = false;
  const read = async (at: number) => {
    const query = { ...search, offset: at, limit: HOST_PAGE };
    if (!childless) {
      try {
        return await context.api.listHosts(query, context.signal);
      } catch (error) {
        if (!(error instanceof ResponseTooLargeError && world.profile.hostFilters)) throw error;
        childless = true;
      }
    }
    return context.api.listHosts({ ...query, children: false }, context.signal);
  };
  for (let at = 0, pages = 0; pages < MAX_PAGES; pages++) {
    const page = await read(at);
    for (const host of page.items) {
      if (host.name === wanted) exact.push(host);
      else if (host.name.toLowerCase() === lower) loose.push(host);
    }
    const returned = page.items.length + page.skipped;
    at += returned;
    if (!page.pagination.has_more || returned === 0) break;
  }
  const named = exact.length > 0 ? exact : loose;
  if (!childless) return named;
  return Promise.all(named.slice(0, MAX_CANDIDATES).map((h) => byId(h.id, context)));
}

/** The host a virtualized host runs on, as the view shows it: the same from a copy or a request. */
function parentView(
  hostId: string | undefined,
  hostName: string | undefined,
  type: string | undefined,
  serviceName: string | undefined,
) {
  return {
    ...(hostId ? { id: hostId } : {}),
    ...(hostName ? { name: hostName } : {}),
    ...(type ? { type } : serviceName ? { type: serviceName } : {}),
  };
}

/**
 * What runs a virtualized host: from the copy the host came from when its service is there (no
 * request), else the service and its host asked for (2 requests).
 */
async function parentOf(host: InventoryHost, context: ToolContext, copy: KeptHosts | undefined) {
  const serviceId = host.virtualization?.service_id;
  const type = host.virtualization?.type;
  if (!serviceId) return type ? { type } : undefined;
  const kept = copy ? serviceHostIn(copy.hosts, serviceId) : undefined;
  if (kept) return parentView(kept.host.id, kept.host.name, type, kept.service.name);
  try {
    const service = await context.api.getServiceHost(serviceId, context.signal);
    const parent = service.host_id
      ? await context.api.getHost(service.host_id, context.signal)
      : undefined;
    return parentView(service.host_id, parent?.name, type, service.name);
  } catch (error) {
    if (context.signal.aborted) throw error;
    return type ? { type } : undefined;
  }
}

/**
 * The hosts an argument names. Unless a copy is held, an id is one request, an address this
 * version's IP list and a name on 0.17.21+ one search; anything else reads (or probes) the caller's
 * copy, and beyond its cap the service's lists as before.
 */
async function lookUp(
  argument: string,
  world: HostWorld,
  context: ToolContext,
  refresh: boolean | undefined,
): Promise<{
  hosts: InventoryHost[];
  matchedBy: string;
  copy?: KeptHosts | undefined;
  /** The hosts are the copy's own records (with their SNMP interfaces), not read apart. */
  fromCopy?: boolean;
}> {
  const held = !refresh && holdsHosts(context);
  if (isUuid(argument)) {
    const id = argument.toLowerCase();
    const copy = held ? await keptHosts(context, false) : undefined;
    const kept = copy?.hosts.find((h) => h.id.toLowerCase() === id);
    return kept
      ? { hosts: [kept], matchedBy: 'id', copy, fromCopy: true }
      : { hosts: [await byId(id, context)], matchedBy: 'id' };
  }
  const address = parsedAddress(argument) !== undefined;
  const matchedBy = address ? `IP ${argument}` : 'name';
  if (!address && !held && !refresh && world.profile.hostFilters) {
    return { hosts: await byName(argument, world, context), matchedBy };
  }
  // Cold, an address is this version's IP list (a fifth of the host pages): no copy is read for it.
  if (address && !held && !refresh) return { hosts: await byAddress(argument, context), matchedBy };
  const copy = await keptHosts(context, refresh);
  if (copy) {
    const hosts = address ? addressIn(argument, copy) : namedIn(argument, copy);
    // A host the copy left out for its size is known there by name (0.17.21+): read it apart.
    const left = address || hosts.length > 0 ? [] : oversizedNamed(argument, copy);
    return {
      hosts: left.length > 0 ? await Promise.all(left.map((id) => byId(id, context))) : hosts,
      matchedBy,
      copy,
      fromCopy: left.length === 0,
    };
  }
  const hosts = address
    ? await byAddress(argument, context)
    : await byName(argument, world, context);
  return { hosts, matchedBy };
}

export async function found(
  args: { host: string; offset?: number | undefined; refresh?: boolean | undefined },
  context: ToolContext,
) {
  const argument = args.host.trim();
  const world = await readHostWorld(context, { discoveries: true, subnets: true });
  const lookups = lookupsOf(world);
  const looked = await lookUp(argument, world, context, args.refresh);
  let { hosts, matchedBy, fromCopy } = looked;
  const { copy } = looked;
  // A host may be named like an address (a switch called 10.0.0.1): no address, then its name.
  if (hosts.length === 0 && matchedBy.startsWith('IP')) {
    hosts = copy ? namedIn(argument, copy) : await byName(argument, world, context);
    fromCopy = copy !== undefined;
    matchedBy = 'name (no host has it as an address)';
  }
  const notes = [...world.notes, ...asOfNote(copy, context.now())];
  if (hosts.length === 0) {
    throw new ToolMessageError(
      `No host has the ${matchedBy.startsWith('IP') ? 'address' : matchedBy.startsWith('name (') ? 'address or name' : 'name'} ${quote(argument, 100)}. Look with list_hosts (search takes part of a name, hostname, IP or MAC); nothing else was read.`,
    );
  }
  if (hosts.length > 1) {
    return hostCandidatesResult(
      argument,
      hosts.map((host) => rowOf(host, world)),
      lookups,
      world.place,
    );
  }
  const host = hosts[0] as InventoryHost;
  let interfacesRead = true;
  // A host from the copy came with its SNMP interfaces (every version's host payload carries them
  // whole), as fresh as the rest of the answer: read again only for a host read by itself.
  const [snmpInterfaces, parent] = await Promise.all([
    fromCopy
      ? host.snmp_interfaces
      : context.api.listSnmpInterfaces(host.id, context.signal).catch((error: unknown) => {
          if (context.signal.aborted) throw error;
          interfacesRead = false;
          return host.snmp_interfaces;
        }),
    parentOf(host, context, copy),
  ]);
  const readInParts = readApart.get(host);
  if (readInParts) notes.push(...apartNote(readInParts, interfacesRead));
  const shownInterfaces = snmpInterfaces.length > 0 ? snmpInterfaces : host.snmp_interfaces;
  const links = await hostLinks(host, shownInterfaces, world, context, copy?.hosts);
  return hostDetailResult({
    row: rowOf(host, world),
    lookups,
    place: world.place,
    snmpInterfaces: shownInterfaces,
    parent,
    links,
    matchedBy,
    notes,
    offset: args.offset ?? 0,
  });
}
