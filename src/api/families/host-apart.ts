// A host whose record alone is over the response cap (a switch with 20,000 SNMP interfaces), read apart: the host without its children, then each child list by host_id.
import { ResponseTooLargeError } from '../errors.js';
import type { InventoryHost } from '../inventory-model.js';
import { hostParser } from '../inventory-schemas.js';
import type { Requester } from '../request.js';
import { everyPage, type InventoryProfile } from './inventory.js';

/** A child list of a host read apart; SNMP interfaces are read by the caller (listSnmpInterfaces). */
export type HostPart = 'addresses' | 'ports' | 'services';

export interface HostApart {
  /** The host with the child lists that could be read; the others are empty and named in `tooLarge`. */
  readonly host: InventoryHost;
  /** Child lists themselves over the cap: not read, never to be shown as none. */
  readonly tooLarge: readonly HostPart[];
  /** The host's SNMP interfaces as the service counts them (one row asked). */
  readonly snmpInterfaces: number;
}

/** Rows as the service sent them: the host parser reads them inside the host, as embedded children. */
const raw = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/**
 * The host read apart, or undefined where the version cannot send a host without its children
 * (before 0.17.21): its record is then only to be had whole. Each child list is read as a side
 * list (its pages together within the cap); one over it is left empty and named.
 */
export async function getHostApart(
  requester: Requester,
  profile: InventoryProfile,
  id: string,
  signal?: AbortSignal,
): Promise<HostApart | undefined> {
  if (!profile.hostFilters) return undefined;
  const page = { limit: 1, offset: 0 };
  const query = { ids: id, include_children: 'false', ...page };
  const spec = { method: 'GET', path: '/api/v1/hosts', auth: 'apiKey', query, signal } as const;
  const core = (await requester.listPage(spec, raw, page)).items[0];
  if (core === undefined || typeof core !== 'object') return undefined;
  const tooLarge: HostPart[] = [];
  const rows = async (part: HostPart, path: string) => {
    try {
      return await everyPage(requester, path, { host_id: id }, raw, signal);
    } catch (error) {
      if (!(error instanceof ResponseTooLargeError)) throw error;
      tooLarge.push(part);
      return [];
    }
  };
  const addresses = await rows('addresses', profile.addressRoute);
  const ports = await rows('ports', '/api/v1/ports');
  const services = await rows('services', '/api/v1/services');
  const counted = { method: 'GET', path: profile.snmpRoute, auth: 'apiKey', signal } as const;
  const snmp = await requester.listPage({ ...counted, query: { host_id: id, ...page } }, raw, page);
  const wire = {
    ...core,
    [profile.layout.addresses]: addresses,
    [profile.layout.snmp]: [],
    ports,
    services,
  };
  const parsed = hostParser(profile.layout).safeParse(wire);
  if (!parsed.success) throw requester.shapeError(spec, 'data is not a host');
  return { host: parsed.data, tooLarge, snmpInterfaces: snmp.pagination.total_count };
}
