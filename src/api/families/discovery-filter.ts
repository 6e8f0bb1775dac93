// Keeps a filtered discovery listing honest: items outside the requested network or daemon are dropped and counted.
import type { Page } from '../request.js';
import type { Discovery } from '../schemas.js';

/** The filter and page of a discovery listing, as the tool asks for it (network_id on every version). */
export type DiscoveryQuery = {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  /** 0.17.22 only (ServiceProfile.discoveryFilters): the service narrows the list itself. */
  readonly discovery_types?: string | undefined;
  readonly historical?: boolean | undefined;
  readonly phases?: string | undefined;
  readonly search?: string | undefined;
  /** 0.17.22: the answer's pagination carries the size of each group (GroupCount). */
  readonly group_by?: 'site_id' | 'daemon_id' | 'discovery_type' | 'phase' | undefined;
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
};

/**
 * Drops and counts items outside the requested network or daemon: a service that ignored the
 * filter (0.17.22 ignores network_id) must not pass for a filtered answer. An item that does not
 * say its network or daemon cannot be judged and is kept.
 */
export function withinFilter(page: Page<Discovery>, query: DiscoveryQuery): Page<Discovery> {
  const { network_id: network, daemon_id: daemon } = query;
  if (network === undefined && daemon === undefined) return page;
  const outside = (item: Discovery) =>
    (network !== undefined && item.network_id !== undefined && item.network_id !== network) ||
    (daemon !== undefined && item.daemon_id !== undefined && item.daemon_id !== daemon);
  const items = page.items.filter((item) => !outside(item));
  const dropped = page.items.length - items.length;
  return dropped === 0 ? page : { ...page, items, outsideFilter: dropped };
}
