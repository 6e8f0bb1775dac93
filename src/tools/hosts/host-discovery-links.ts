// Which discovery first found a host and which last touched it: stored ids on 0.17, dated entries matched to runs on 0.14-0.16 (approximate).
import type { InventoryProfile } from '../../api/families/inventory.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import type { Discovery } from '../../api/schemas.js';

/** Sightings oldest first: RFC 3339 dates sort as text, by code unit (localeCompare loads ICU). */
const byDate = (a: { readonly date: string }, b: { readonly date: string }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

/** A past run's time span on one daemon: a run record's start to finish, or a job's last run. */
interface RunSpan {
  readonly id: string;
  readonly name: string;
  readonly daemon_id?: string | undefined;
  readonly from: number;
  readonly to: number;
  /** A run record's job (0.16.2+), so a job's name finds its records' spans too. */
  readonly job_id?: string | undefined;
}

export interface DiscoveryLink {
  readonly id?: string;
  readonly name?: string;
  readonly at?: string;
  readonly approximate?: boolean;
}

/** A job's last run is taken to have touched hosts within this long after it started. */
const JOB_RUN_SPAN_MS = 6 * 60 * 60 * 1000;
/** Clocks of daemon and server differ a little: a span is widened by this on each side. */
const SLACK_MS = 60 * 1000;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const timeOf = (value: unknown) => {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/** The discoveries the key sees, as names by id and as dated run spans. */
export interface DiscoveryIndex {
  readonly byId: ReadonlyMap<string, Discovery>;
  readonly spans: readonly RunSpan[];
}

export function discoveryIndex(discoveries: readonly Discovery[]): DiscoveryIndex {
  const spans: RunSpan[] = [];
  for (const d of discoveries) {
    const run = d.run_type as Record<string, unknown>;
    const results = (run['results'] ?? {}) as Record<string, unknown>;
    const started = timeOf(results['started_at']);
    const lastRun = timeOf(run['last_run']);
    if (started !== undefined) {
      const finished = timeOf(results['finished_at']) ?? started + JOB_RUN_SPAN_MS;
      spans.push({
        id: d.id,
        name: d.name,
        daemon_id: d.daemon_id ?? text(results['daemon_id']),
        from: started - SLACK_MS,
        to: finished + SLACK_MS,
        job_id: text(results['discovery_id']),
      });
    } else if (lastRun !== undefined) {
      spans.push({
        id: d.id,
        name: d.name,
        daemon_id: d.daemon_id,
        from: lastRun - SLACK_MS,
        to: lastRun + JOB_RUN_SPAN_MS,
      });
    }
  }
  return { byId: new Map(discoveries.map((d) => [d.id, d])), spans };
}

/** The run whose span holds a dated entry of the host, on the entry's daemon. */
function spanOf(index: DiscoveryIndex, daemon: string | undefined, date: string) {
  const at = timeOf(date);
  if (at === undefined) return undefined;
  return index.spans.find(
    (s) => at >= s.from && at <= s.to && (daemon === undefined || s.daemon_id === daemon),
  );
}

const linkTo = (index: DiscoveryIndex, id: string | undefined): DiscoveryLink | undefined => {
  if (id === undefined) return undefined;
  const name = index.byId.get(id)?.name;
  return name === undefined ? { id } : { id, name };
};

/** One id where the host's (or its children's) ids agree; none when they name several. */
const onlyId = (own: string | undefined, children: readonly string[]) =>
  own ?? (children.length === 1 ? children[0] : undefined);

/** The first-finder and last-toucher of a host, as far as this version can tell. */
export function linksOf(host: InventoryHost, profile: InventoryProfile, index: DiscoveryIndex) {
  if (!profile.datedSightings) {
    return {
      first: linkTo(index, onlyId(host.first_discovery_id, host.first_discovery_ids)),
      last: linkTo(index, onlyId(host.last_discovery_id, host.last_discovery_ids)),
    };
  }
  const dated = [...host.sightings].sort(byDate);
  const at = (entry: (typeof dated)[number] | undefined): DiscoveryLink | undefined => {
    if (!entry) return undefined;
    const span = spanOf(index, entry.daemon_id, entry.date);
    return {
      ...(span ? { id: span.id, name: span.name } : {}),
      at: entry.date,
      approximate: true,
    };
  };
  return { first: at(dated[0]), last: at(dated.at(-1)) };
}

/** The discovery a `found_by` argument named: its ids (a job with its run records) and spans. */
export interface FoundBy {
  readonly id: string;
  readonly name?: string | undefined;
  readonly ids: ReadonlySet<string>;
  readonly spans: readonly RunSpan[];
}

/**
 * A job stands for its run records too (0.16.2+ records name their job); a run record stands for
 * itself alone: its job's other runs are not it.
 */
export function foundByOf(index: DiscoveryIndex, id: string): FoundBy {
  const discovery = index.byId.get(id);
  const spans = index.spans.filter((s) => s.id === id || s.job_id === id);
  const ids = new Set([id, ...spans.map((s) => s.id)]);
  return { id, name: discovery?.name, ids, spans };
}

/** How the host matches `found_by`: it first found it, last touched it, both, or neither (`[]`). */
export function foundByMatch(
  host: InventoryHost,
  profile: InventoryProfile,
  found: FoundBy,
): ('first' | 'last')[] {
  const out: ('first' | 'last')[] = [];
  if (!profile.datedSightings) {
    const first = host.first_discovery_id ? [host.first_discovery_id] : host.first_discovery_ids;
    const last = host.last_discovery_id ? [host.last_discovery_id] : host.last_discovery_ids;
    if (first.some((id) => found.ids.has(id))) out.push('first');
    if (last.some((id) => found.ids.has(id))) out.push('last');
    return out;
  }
  const dated = [...host.sightings].sort(byDate);
  const within = (entry: (typeof dated)[number] | undefined) => {
    const at = entry ? timeOf(entry.date) : undefined;
    return (
      at !== undefined &&
      found.spans.some(
        (s) =>
          at >= s.from &&
          at <= s.to &&
          (entry?.daemon_id === undefined ||
            s.daemon_id === undefined ||
            s.daemon_id === entry.daemon_id),
      )
    );
  };
  if (within(dated[0])) out.push('first');
  if (within(dated.at(-1))) out.push('last');
  return out;
}
