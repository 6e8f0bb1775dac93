// list_discoveries' structured channel: items under their network and daemon, by run type, names inline.
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import type { DiscoveryItemOutput } from '../common/shapes.js';
import {
  defined,
  groupKey,
  type LeanDiscovery,
  type NameOf,
  nextRunOf,
  put,
} from './discovery-format.js';
import { DEFAULT_ZONE } from './discovery-schedule.js';
import type { ScheduleWords } from './schedule-words.js';
import { tagLabels } from './tag-labels.js';

/**
 * Where an item sits in its group says its run type, so no item repeats it: configured jobs by how
 * they run, records of past runs apart. A run type this server does not know goes under `other`,
 * with its run_type on each item.
 */
type Bucket = 'scheduled' | 'ad_hoc' | 'run_records' | 'other';
const BUCKETS = new Map<string, Bucket>([
  ['Scheduled', 'scheduled'],
  ['AdHoc', 'ad_hoc'],
  ['Historical', 'run_records'],
]);
const BUCKET_ORDER: readonly Bucket[] = ['scheduled', 'ad_hoc', 'run_records', 'other'];

type DiscoveryGroupOutput = {
  network_id?: string;
  network?: string;
  daemon_id?: string;
  daemon?: string;
} & Partial<Record<Bucket, DiscoveryItemOutput[]>>;

const FINISHED = new Set(['Complete', 'Failed', 'Cancelled']);

/** "2026-11-21T03:00:12.000000Z" -> "2026-11-21T03:00:12Z": the same instant, 7 bytes fewer. */
const compactTime = (iso: string | undefined) =>
  iso === undefined ? undefined : iso.replace(/\.0+(?=Z$|[+-]\d\d:\d\d$)/, '');

/** A name in its own field, beside its id; list views quote and place names, they do not mark them. */
const nameFor = (nameOf: NameOf, id: string | undefined) => {
  const name = id === undefined ? undefined : nameOf(id);
  return name === undefined ? undefined : unmarkServiceData(name);
};

interface ItemContext {
  readonly nameOf: NameOf;
  readonly words: ScheduleWords;
  readonly tag: (id: string) => string;
}

function item(d: LeanDiscovery, bucket: Bucket, context: ItemContext): DiscoveryItemOutput {
  const { nameOf, words } = context;
  const run = d.run_type;
  const outcome = d.last_outcome;
  const hostId = d.discovery_type.host_id;
  // Built in place (put: only defined values), in the order the channel has always shown.
  const out: Record<string, unknown> = { id: d.id, name: d.name };
  out['discovery_type'] = d.discovery_type.type;
  put(out, 'host_id', hostId);
  put(out, 'host', nameFor(nameOf, hostId));
  if (bucket === 'other') out['run_type'] = run.type;
  // The cron as written and its zone (UTC where none is given, as Scanopy reads it): the words
  // a person reads are the text channel's, and a model reads these exactly.
  if (run.cron_schedule !== undefined) {
    out['cron_schedule'] = run.cron_schedule;
    out['timezone'] = run.timezone ?? DEFAULT_ZONE;
  }
  // Every enabled schedule croner reads, UTC ones included: "no next run" reads as "never runs".
  put(out, 'next_run', nextRunOf(run, words));
  put(out, 'enabled', run.enabled);
  put(out, 'last_run', compactTime(run.last_run));
  if (outcome) {
    const last: Record<string, unknown> = {};
    put(last, 'phase', outcome.phase);
    put(last, 'error', outcome.error);
    put(last, 'finished_at', compactTime(outcome.finished_at));
    put(last, 'record_id', outcome.record_id);
    out['last_outcome'] = last;
  }
  put(out, 'phase', run.phase);
  // A finished run's progress says nothing its phase does not (100 or where it stopped).
  if (run.phase === undefined || !FINISHED.has(run.phase)) put(out, 'progress', run.progress);
  put(out, 'error', run.error);
  put(out, 'finished_at', compactTime(run.finished_at));
  // A run record's job (0.16.2 and later).
  put(out, 'discovery_id', run.discovery_id);
  put(out, 'hosts_discovered', run.hosts_discovered);
  put(out, 'tags', d.tags?.map(context.tag));
  put(out, 'snmp_credential_ids', d.snmp_credential_ids);
  return out as unknown as DiscoveryItemOutput;
}

/** The shown items under one entry per network and daemon, by run type, in the order they came. */
export function structuredGroups(
  discoveries: readonly LeanDiscovery[],
  nameOf: NameOf,
  words: ScheduleWords,
) {
  const tags = tagLabels(discoveries, nameOf);
  const context: ItemContext = { nameOf, words, tag: (id) => tags.label(id) };
  const groups = new Map<
    string,
    { head: LeanDiscovery; items: Map<Bucket, DiscoveryItemOutput[]> }
  >();
  for (const d of discoveries) {
    const key = groupKey(d);
    let entry = groups.get(key);
    if (!entry) {
      entry = { head: d, items: new Map() };
      groups.set(key, entry);
    }
    const bucket = BUCKETS.get(d.run_type.type) ?? 'other';
    const shown = item(d, bucket, context);
    const items = entry.items.get(bucket);
    if (items) items.push(shown);
    else entry.items.set(bucket, [shown]);
  }
  return {
    groups: [...groups.values()].map(({ head, items }) => {
      const group: DiscoveryGroupOutput = defined<DiscoveryGroupOutput>({
        network_id: head.network_id,
        network: nameFor(nameOf, head.network_id),
        daemon_id: head.daemon_id,
        daemon: nameFor(nameOf, head.daemon_id),
      });
      for (const bucket of BUCKET_ORDER) {
        const list = items.get(bucket);
        if (list) group[bucket] = list;
      }
      return group;
    }),
    tagNames: tags.names,
  };
}
