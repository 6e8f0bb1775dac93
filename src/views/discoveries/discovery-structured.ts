// list_discoveries' structured channel: items grouped under their network and daemon, names inline, no separate names map.
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import type { DiscoveryItemOutput } from '../common/shapes.js';
import {
  defined,
  groupKey,
  type LeanDiscovery,
  type NameOf,
  nextRunOf,
} from './discovery-format.js';
import type { ScheduleWords } from './schedule-words.js';

interface DiscoveryGroupOutput {
  network_id?: string;
  network?: string;
  daemon_id?: string;
  daemon?: string;
  discoveries: DiscoveryItemOutput[];
}

const FINISHED = new Set(['Complete', 'Failed', 'Cancelled']);

/** "2026-11-21T03:00:12.000000Z" -> "2026-11-21T03:00:12Z": the same instant, 7 bytes fewer. */
const compactTime = (iso: string | undefined) =>
  iso === undefined ? undefined : iso.replace(/\.0+(?=Z$|[+-]\d\d:\d\d$)/, '');

/** A name in its own field, beside its id; list views quote and place names, they do not mark them. */
const nameFor = (nameOf: NameOf, id: string | undefined) => {
  const name = id === undefined ? undefined : nameOf(id);
  return name === undefined ? undefined : unmarkServiceData(name);
};

/**
 * Tag ids on the items, and their names once, keyed by id: a tag whose name is another tag's
 * UUID stays a name in a name's place and never passes for that tag.
 */
function tagNames(discoveries: readonly LeanDiscovery[], nameOf: NameOf) {
  const names: Record<string, string> = Object.create(null);
  let any = false;
  for (const d of discoveries) {
    for (const id of d.tags ?? []) {
      const name = nameFor(nameOf, id);
      if (name !== undefined && !(id in names)) {
        names[id] = name;
        any = true;
      }
    }
  }
  return any ? { ...names } : undefined;
}

function item(d: LeanDiscovery, nameOf: NameOf, words: ScheduleWords): DiscoveryItemOutput {
  const run = d.run_type;
  const outcome = d.last_outcome;
  return defined<DiscoveryItemOutput>({
    id: d.id,
    name: d.name,
    discovery_type: d.discovery_type.type,
    host_id: d.discovery_type.host_id,
    host: nameFor(nameOf, d.discovery_type.host_id),
    run_type: run.type,
    run_record: run.type === 'Historical' ? true : undefined,
    cron_schedule: run.cron_schedule,
    // The zone is in the words (or UTC, as Scanopy reads a schedule without one): said once.
    schedule: run.cron_schedule === undefined ? undefined : words(run.cron_schedule, run.timezone),
    // Every enabled schedule croner reads, UTC ones included: "no next run" reads as "never runs".
    next_run: nextRunOf(run, words),
    enabled: run.enabled,
    last_run: compactTime(run.last_run),
    last_outcome: outcome
      ? defined<NonNullable<DiscoveryItemOutput['last_outcome']>>({
          phase: outcome.phase,
          error: outcome.error,
          finished_at: compactTime(outcome.finished_at),
          record_id: outcome.record_id,
        })
      : undefined,
    phase: run.phase,
    // A finished run's progress says nothing its phase does not (100 or where it stopped).
    progress: run.phase !== undefined && FINISHED.has(run.phase) ? undefined : run.progress,
    error: run.error,
    finished_at: compactTime(run.finished_at),
    // A run record's job (0.16.2 and later).
    discovery_id: run.discovery_id,
    hosts_discovered: run.hosts_discovered,
    tags: d.tags,
    snmp_credential_ids: d.snmp_credential_ids,
  });
}

/** The shown items under one entry per network and daemon, in the order they came. */
export function structuredGroups(
  discoveries: readonly LeanDiscovery[],
  nameOf: NameOf,
  words: ScheduleWords,
) {
  const groups = new Map<string, { head: LeanDiscovery; items: DiscoveryItemOutput[] }>();
  for (const d of discoveries) {
    const key = groupKey(d);
    const entry = groups.get(key) ?? { head: d, items: [] };
    entry.items.push(item(d, nameOf, words));
    groups.set(key, entry);
  }
  return {
    groups: [...groups.values()].map(({ head, items }) =>
      defined<DiscoveryGroupOutput>({
        network_id: head.network_id,
        network: nameFor(nameOf, head.network_id),
        daemon_id: head.daemon_id,
        daemon: nameFor(nameOf, head.daemon_id),
        discoveries: items,
      }),
    ),
    tagNames: tagNames(discoveries, nameOf),
  };
}
