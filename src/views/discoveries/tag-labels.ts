// list_discoveries' structured tags: each item names its tags, the page maps each tag's id to its name once.
import { holdsUuid } from '../../safety/quote.js';
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import type { LeanDiscovery, NameOf } from './discovery-format.js';

interface ShownTag {
  /** The id as the page first carries it: the service writes some in capitals, one tag all the same. */
  readonly id: string;
  readonly name?: string;
}

export interface TagLabels {
  /** What an item carries for this tag id: its name where the name stands alone, else the id. */
  label(id: string): string;
  /** Tag id -> name, one entry per tag shown; undefined when no shown tag has a known name. */
  readonly names: Record<string, string> | undefined;
}

/**
 * Names on the items cost a quarter of an id's bytes. A name goes by its tag's id instead where
 * it could be read as something else: unknown, holding a UUID (another tag's id, say), equal to a
 * shown tag's id, or shared (ignoring case) with another tag on the page. So a UUID in an item's tags is always an id, and
 * `names` leads from any item's tag to the other half, id or name.
 */
export function tagLabels(discoveries: readonly LeanDiscovery[], nameOf: NameOf): TagLabels {
  const shown = new Map<string, ShownTag>();
  for (const d of discoveries) {
    for (const id of d.tags ?? []) {
      const key = id.toLowerCase();
      if (shown.has(key)) continue;
      const name = nameOf(id);
      shown.set(key, name === undefined ? { id } : { id, name: unmarkServiceData(name) });
    }
  }
  const uses = new Map<string, number>();
  for (const tag of shown.values()) {
    if (tag.name === undefined) continue;
    const key = tag.name.toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  const standsAlone = (name: string | undefined): name is string =>
    name !== undefined &&
    !holdsUuid(name) &&
    !shown.has(name.toLowerCase()) &&
    uses.get(name.toLowerCase()) === 1;
  // Keyed by the service's ids: no prototype, so an id like "__proto__" is a key like any other.
  const names: Record<string, string> = Object.create(null);
  let any = false;
  for (const tag of shown.values()) {
    if (tag.name === undefined) continue;
    names[tag.id] = tag.name;
    any = true;
  }
  return {
    label(id) {
      const tag = shown.get(id.toLowerCase());
      if (!tag) return id;
      return standsAlone(tag.name) ? tag.name : tag.id;
    },
    names: any ? { ...names } : undefined,
  };
}
