// list_links' structured hosts: each link end names its host, the page maps each host's id to its name once.
import { holdsUuid } from '../../safety/quote.js';
import type { LinkItem } from './link-items.js';

/** A link's structured row: each end's host by its label (name, or id where the name would not do). */
export type LeanLinkItem = Omit<LinkItem, 'a' | 'b'> & {
  a: Omit<LinkItem['a'], 'host_id'>;
  b: Omit<LinkItem['b'], 'host_id'>;
};

export interface HostLabels {
  /** The row of one link, its ends' hosts by label, and the host_names entries it would add. */
  row(item: LinkItem): { row: LeanLinkItem; added: Record<string, string> };
  /** Takes a row's entries into `names` once the row is kept. */
  keep(added: Record<string, string>): void;
  /** Host id -> name, one entry per named host of the rows kept. */
  readonly names: Record<string, string>;
}

/**
 * Two UUIDs a link cost three quarters of its bytes (issue 38, item 7: 0.17.22's Office network at
 * 3,000 hosts was 71 kB structured). A name goes by its host's id instead where it could be read as
 * something else: empty, holding a UUID, or shared (ignoring case) with another host among `items`.
 * So a UUID at an end is always an id, and `names` leads from any end's host to the other half.
 */
export function hostLabels(items: readonly LinkItem[]): HostLabels {
  const nameOf = new Map<string, string>();
  for (const item of items)
    for (const end of [item.a, item.b])
      if ('host_id' in end && end.host_id !== undefined) nameOf.set(end.host_id, end.host);
  const uses = new Map<string, number>();
  for (const [id, name] of nameOf) {
    if (name === id) continue;
    const key = name.toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  const standsAlone = (id: string, name: string) =>
    name !== id && name !== '' && !holdsUuid(name) && uses.get(name.toLowerCase()) === 1;
  // Keyed by the service's ids: no prototype, so an id like "__proto__" is a key like any other.
  const names: Record<string, string> = Object.create(null);
  const lean = <E extends { host: string; host_id?: string | undefined }>(
    end: E,
    added: Record<string, string>,
  ) => {
    const { host_id: id, ...rest } = end;
    if (id === undefined) return rest;
    if (rest.host !== id && !(id in names)) added[id] = rest.host;
    return { ...rest, host: standsAlone(id, rest.host) ? rest.host : id };
  };
  return {
    row(item) {
      const added: Record<string, string> = Object.create(null);
      const row = { ...item, a: lean(item.a, added), b: lean(item.b, added) } as LeanLinkItem;
      return { row, added };
    },
    keep(added) {
      Object.assign(names, added);
    },
    names,
  };
}
