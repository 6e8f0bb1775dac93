// list_discoveries' columns for `fields`: each of a discovery's own facts as one structured cell and one short text cell.
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import { shortTime } from '../common/format.js';
import { type Column, type Columns, linkedCell } from '../common/projection.js';
import { DISCOVERY_FIELDS, type DiscoveryField } from './discovery-fields.js';
import { type LeanDiscovery, type NameOf, nextRunOf, said } from './discovery-format.js';
import type { ScheduleWords } from './schedule-words.js';

export { DISCOVERY_FIELDS, type DiscoveryField };

/** "2026-11-21T03:00:12.000000Z" -> "2026-11-21T03:00Z": minutes, as the text shows them. */
const minutes = (iso: string | undefined) =>
  iso?.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d)[^Z+-]*(?=Z$|[+-]\d\d:\d\d$)/, '$1');
/** A variant name (Network, Complete, …) stands bare; anything else the service sent is quoted. */
const word = (text: string | undefined) =>
  text === undefined ? undefined : /^[A-Za-z]\w{0,40}$/.test(text) ? text : said(text);
const time = (iso: string | undefined) => {
  const short = shortTime(iso);
  return short === undefined || /^\d{4}-\d\d-\d\d \d\d:\d\dZ$/.test(short) ? short : said(short);
};

/**
 * A job's latest outcome or a run record's own: the phase where a run record says it, "never run"
 * for a job that has not run, and nothing (not "unknown") where it ran and no record says how.
 */
function outcomeOf(d: LeanDiscovery): string | undefined {
  const run = d.run_type;
  if (run.type === 'Historical') return run.phase;
  if (d.last_outcome) return d.last_outcome.phase;
  return (run.type === 'Scheduled' || run.type === 'AdHoc') && !run.last_run
    ? 'never run'
    : undefined;
}

const finishedOf = (d: LeanDiscovery) =>
  d.run_type.type === 'Historical' ? d.run_type.finished_at : d.last_outcome?.finished_at;

export function discoveryColumns(
  nameOf: NameOf,
  words: ScheduleWords,
): Columns<LeanDiscovery> & Record<DiscoveryField, Column<LeanDiscovery>> {
  const named = (id: string | undefined) => {
    const name = id === undefined ? undefined : nameOf(id);
    return id === undefined ? undefined : linkedCell(name && unmarkServiceData(name), id);
  };
  const namedText = (id: string | undefined) => {
    const name = id === undefined ? undefined : nameOf(id);
    return name === undefined ? id : said(name);
  };
  const bare = (pick: (d: LeanDiscovery) => string | undefined): Column<LeanDiscovery> => ({
    cell: pick,
    text: (d) => word(pick(d)),
  });
  const schedule = (d: LeanDiscovery) =>
    d.run_type.cron_schedule === undefined
      ? undefined
      : words(d.run_type.cron_schedule, d.run_type.timezone);
  return {
    id: { cell: (d) => d.id, text: (d) => d.id },
    name: { cell: (d) => unmarkServiceData(d.name), text: (d) => said(d.name) },
    network: { cell: (d) => named(d.network_id), text: (d) => namedText(d.network_id) },
    daemon: { cell: (d) => named(d.daemon_id), text: (d) => namedText(d.daemon_id) },
    discovery_type: bare((d) => d.discovery_type.type),
    run_type: bare((d) => d.run_type.type),
    enabled: {
      cell: (d) => (d.run_type.type === 'Scheduled' ? d.run_type.enabled !== false : undefined),
      text: (d) =>
        d.run_type.type !== 'Scheduled'
          ? undefined
          : d.run_type.enabled === false
            ? 'DISABLED'
            : 'enabled',
    },
    // The words are this server's (cronstrue's), with an unreadable cron already quoted inside.
    schedule: { cell: schedule, text: schedule },
    cron_schedule: { cell: (d) => d.run_type.cron_schedule },
    next_run: {
      cell: (d) => nextRunOf(d.run_type, words),
      text: (d) => nextRunOf(d.run_type, words),
    },
    last_run: { cell: (d) => minutes(d.run_type.last_run), text: (d) => time(d.run_type.last_run) },
    last_outcome: bare(outcomeOf),
    finished_at: { cell: (d) => minutes(finishedOf(d)), text: (d) => time(finishedOf(d)) },
    hosts_discovered: { cell: (d) => d.run_type.hosts_discovered },
    tags: {
      cell: (d) => (d.tags ?? []).map((id) => named(id) ?? id),
      text: (d) =>
        d.tags && d.tags.length > 0 ? d.tags.map((id) => namedText(id)).join(', ') : undefined,
    },
    host: {
      cell: (d) => named(d.discovery_type.host_id),
      text: (d) => namedText(d.discovery_type.host_id),
    },
    discovery_id: { cell: (d) => d.run_type.discovery_id, text: (d) => d.run_type.discovery_id },
  };
}
