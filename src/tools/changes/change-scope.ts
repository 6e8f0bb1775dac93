// list_changes' scope: network, tag (list_hosts' own filters, so both tools count the same hosts) and one host by id, IP or name.
import type { InventoryHost } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { quote, unquote } from '../../safety/quote.js';
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import { isUuid } from '../common/uuid-argument.js';
import type { HostListArguments } from '../hosts/host-arguments.js';
import { resolveHostFilters } from '../hosts/host-filter-arguments.js';
import { type HostFilters, hostMatches } from '../hosts/host-filters.js';
import type { HostWorld } from '../hosts/host-world.js';
import { normalAddress, parsedAddress } from '../hosts/ip-range.js';

/** The network and tag filters exactly as list_hosts resolves them (a network by name or id). */
export function scopeFilters(
  args: { readonly network?: string | undefined; readonly tag?: string | undefined },
  runNetwork: string | undefined,
  world: HostWorld,
): HostFilters {
  const network = args.network;
  const byId = network !== undefined && isUuid(network);
  return resolveHostFilters(
    {
      ...(network !== undefined && !byId ? { network } : {}),
      ...(byId
        ? { network_id: network }
        : network === undefined && runNetwork
          ? { network_id: runNetwork }
          : {}),
      ...(args.tag !== undefined ? { tag: args.tag } : {}),
      limit: 0,
      offset: 0,
    } as HostListArguments,
    world,
  );
}

/** Whether a host is in the network and tag scope, by list_hosts' own test. */
export const inFilters = (filters: HostFilters, world: HostWorld) => (host: InventoryHost) =>
  hostMatches(host, filters, world.profile, world.scope).ok;

/** The one host `host` names among `hosts`: an id, an IP address, else a name (exact, else any case). */
export function hostNamed(text: string, hosts: readonly InventoryHost[]): InventoryHost {
  let found: InventoryHost[];
  if (isUuid(text)) {
    const id = text.toLowerCase();
    found = hosts.filter((h) => h.id.toLowerCase() === id);
  } else if (parsedAddress(text) !== undefined) {
    const wanted = normalAddress(text);
    found = hosts.filter((h) => h.addresses.some((a) => normalAddress(a.ip) === wanted));
  } else {
    const wanted = unmarkServiceData(unquote(text));
    const exact = hosts.filter((h) => h.name === wanted);
    found =
      exact.length > 0 ? exact : hosts.filter((h) => h.name.toLowerCase() === wanted.toLowerCase());
  }
  const [only] = found;
  if (found.length === 1 && only) return only;
  if (found.length === 0) {
    throw new ToolMessageError(
      `host ${quote(text, 100)} is no host this key sees (by id, IP or name): find it with list_hosts (search, ip). Nothing was listed.`,
    );
  }
  const some = found
    .slice(0, 5)
    .map((h) => `${quote(h.name, 60)} ${h.id}`)
    .join(', ');
  throw new ToolMessageError(
    `host ${quote(text, 100)} names ${found.length} hosts: ${some}. Call again with host set to the id meant; nothing was listed.`,
  );
}
