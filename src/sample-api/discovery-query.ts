// The sample API's discovery filters: network/daemon on every version, and 0.17.22's own filters and group counts.
import type { SampleEra } from './era.js';

type Item = Record<string, unknown>;

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Item)[key] : undefined;

const phaseOf = (d: Item): string | null => {
  const phase = field(field(d['run_type'], 'results'), 'phase');
  return typeof phase === 'string' ? phase : null;
};

/** What each 0.17.22 group_by value groups on (the item's stored form: network_id is site_id there). */
const GROUPS: Record<string, (d: Item) => string | null> = {
  site_id: (d) => String(d['network_id'] ?? '') || null,
  daemon_id: (d) => String(d['daemon_id'] ?? '') || null,
  discovery_type: (d) => String(field(d['discovery_type'], 'type') ?? '') || null,
  phase: phaseOf,
};

export interface DiscoveryAnswer {
  readonly items: Item[];
  /** 0.17.22 with group_by: the size of each group, ungrouped (null) last. */
  readonly groupCounts?: { value: string | null; count: number }[];
}

/**
 * The discoveries a query selects. `daemonName` serves 0.17.22's search, which matches the daemon's
 * name too. `ignoreFilters` plays a service that drops 0.17.22's parameters without a word.
 */
export function queryDiscoveries(
  all: Item[],
  query: URLSearchParams,
  era: SampleEra,
  daemonName: (id: unknown) => string | undefined,
  ignoreFilters = false,
): DiscoveryAnswer {
  // 0.17.22 filters on site_id/site_ids and ignores network_id without an error.
  const networks = era.sites
    ? [...query.getAll('site_id'), ...query.getAll('site_ids')]
    : query.getAll('network_id');
  const daemons = [...query.getAll('daemon_id'), ...(era.sites ? query.getAll('daemon_ids') : [])];
  let items = all.filter(
    (d) =>
      (networks.length === 0 || networks.includes(String(d['network_id']))) &&
      (daemons.length === 0 || daemons.includes(String(d['daemon_id']))),
  );
  if (!era.sites || ignoreFilters) return { items };
  const types = query.getAll('discovery_types');
  const phases = query.getAll('phases');
  const historical = query.get('historical');
  const search = query.get('search')?.trim().toLowerCase();
  items = items.filter((d) => {
    const isRecord = field(d['run_type'], 'type') === 'Historical';
    if (types.length > 0 && !types.includes(String(field(d['discovery_type'], 'type'))))
      return false;
    if (historical === 'true' && !isRecord) return false;
    if (historical === 'false' && isRecord) return false;
    if (phases.length > 0 && !phases.includes(phaseOf(d) ?? '')) return false;
    if (search) {
      const names = [String(d['name']), daemonName(d['daemon_id']) ?? ''];
      if (!names.some((name) => name.toLowerCase().includes(search))) return false;
    }
    return true;
  });
  const groupBy = GROUPS[query.get('group_by') ?? ''];
  if (!groupBy) return { items };
  const counts = new Map<string | null, number>();
  for (const d of items) counts.set(groupBy(d), (counts.get(groupBy(d)) ?? 0) + 1);
  const groupCounts = [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) =>
      a.value === null ? 1 : b.value === null ? -1 : a.value.localeCompare(b.value),
    );
  return { items, groupCounts };
}
