// What a host answer needs beside the hosts: names of networks and tags, SNMP credentials, networks' credentials, subnets, discoveries; each reused per caller for a minute, a failed one a note.

import type { Named } from '../../api/client.js';
import { CancelledError, ResponseShapeError, ResponseTooLargeError } from '../../api/errors.js';
import type { InventoryProfile } from '../../api/families/inventory.js';
import type { InventoryNetwork, InventorySubnet } from '../../api/inventory-model.js';
import type { Names } from '../../api/name-directory.js';
import type { SnmpCredential } from '../../api/schemas.js';
import { serviceText } from '../../safety/sanitize.js';
import { markServiceData } from '../../safety/service-data-mark.js';
import type { ToolContext } from '../define-tool.js';
import { type DiscoveryIndex, discoveryIndex } from './host-discovery-links.js';
import type { CredentialScope } from './host-filters.js';
import { REUSED } from './host-world-keys.js';

export type Place = 'network' | 'site';

export interface HostWorld {
  readonly profile: InventoryProfile;
  readonly place: Place;
  readonly names: Names;
  readonly scope: CredentialScope;
  /** SNMP credentials by id (names marked as service data), or undefined when not listed. */
  readonly credentials: readonly Named[] | undefined;
  readonly networks: readonly InventoryNetwork[];
  readonly subnets: ReadonlyMap<string, InventorySubnet>;
  readonly discoveries: DiscoveryIndex | undefined;
  /** The discoveries as names for resolving found_by, or undefined when they could not be listed. */
  readonly discoveryNames: readonly Named[] | undefined;
  /** One line per list that could not be read. */
  readonly notes: readonly string[];
}

/** A read that may fail: its value, or undefined and a note; a cancelled call still cancels. */
async function attempt<T>(
  what: string,
  read: () => Promise<T>,
  notes: string[],
  signal: AbortSignal,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (signal.aborted || error instanceof CancelledError) throw error;
    // A list refused by its bounds says which one (it ignores offset, it never ends).
    const why =
      error instanceof ResponseShapeError
        ? ` (${error.problem})`
        : error instanceof ResponseTooLargeError
          ? ` (its pages come to more than ${error.limitBytes} bytes, the cap of one answer, NETWORK_DISCOVERY_MAX_RESPONSE_BYTES)`
          : '';
    notes.push(`${what} could not be listed${why}: shown without them.`);
    return undefined;
  }
}

const named = (items: readonly { id: string; name: string }[]): Named[] =>
  items.map((item) => ({ id: item.id, name: markServiceData(serviceText(item.name, 100)) }));

/**
 * Everything beside the hosts, read in parallel. `discoveries` only when the answer shows or tests
 * them (found_by, or host items with their first and last discovery).
 */
export async function readHostWorld(
  context: ToolContext,
  options: { readonly discoveries: boolean; readonly subnets: boolean },
): Promise<HostWorld> {
  const { api, signal } = context;
  const notes: string[] = [];
  const [profile, service] = await Promise.all([api.inventoryProfile(signal), api.service(signal)]);
  const [names, credentials, networks, subnets, discoveries] = await Promise.all([
    context.names.read(api, ['networks', 'tags'], signal),
    attempt(
      'SNMP credentials',
      () =>
        context.names.reuse(
          REUSED.credentials,
          async () => (await api.listSnmpCredentials({ limit: 1000, offset: 0 }, signal)).items,
        ),
      notes,
      signal,
    ),
    attempt(
      `${service.sites ? 'Sites' : 'Networks'}' credentials`,
      () => context.names.reuse(REUSED.networks, () => api.listNetworks(signal)),
      notes,
      signal,
    ),
    options.subnets
      ? attempt(
          'Subnets',
          () => context.names.reuse(REUSED.subnets, () => api.listSubnets(undefined, signal)),
          notes,
          signal,
        )
      : Promise.resolve([]),
    options.discoveries
      ? attempt(
          'Discoveries',
          () =>
            context.names.reuse(
              REUSED.discoveries,
              async () => (await api.listDiscoveries({ limit: 1000, offset: 0 }, signal)).items,
            ),
          notes,
          signal,
        )
      : Promise.resolve(undefined),
  ]);
  const scope: CredentialScope = {
    snmpIds: credentials ? new Set(credentials.map((c: SnmpCredential) => c.id)) : undefined,
    byNetwork: new Map((networks ?? []).map((n) => [n.id, n.credential_ids])),
  };
  return {
    profile,
    place: service.sites ? 'site' : 'network',
    names,
    scope,
    credentials: credentials ? named(credentials) : undefined,
    networks: networks ?? [],
    subnets: new Map((subnets ?? []).map((s) => [s.id, s])),
    discoveries: discoveries ? discoveryIndex(discoveries) : undefined,
    discoveryNames: discoveries ? named(discoveries) : undefined,
    notes: [...names.notes, ...notes],
  };
}

/** The name of a network, tag, SNMP credential or discovery by id (marked service data). */
export function worldNameOf(world: HostWorld) {
  const credentialNames = new Map((world.credentials ?? []).map((c) => [c.id, c.name]));
  const discoveryNames = new Map((world.discoveryNames ?? []).map((d) => [d.id, d.name]));
  const networkNames = new Map(
    world.networks.map((n) => [n.id, markServiceData(serviceText(n.name, 100))]),
  );
  return (id: string | undefined): string | undefined =>
    id === undefined
      ? undefined
      : (world.names.nameOf(id) ??
        networkNames.get(id) ??
        credentialNames.get(id) ??
        discoveryNames.get(id));
}
