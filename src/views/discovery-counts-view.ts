// list_discoveries with counts_only: counts of jobs and of run records, no items, in both channels under 2,000 bytes.
import { quote } from '../safety/quote.js';
import type { Place } from './discovery-format.js';
import { plural } from './format.js';

/** Counts by a name (network, daemon, type, phase). */
export type Tally = Record<string, number>;

export interface JobCounts {
  total: number;
  by_network: Tally;
  by_daemon: Tally;
  by_type: Tally;
  by_run_type: Tally;
  scheduled: { enabled: number; disabled: number };
  /** A job's last run: from its newest run record (0.16.2+), or `never` when it has not run. */
  last_run: { failed: number; succeeded: number; never: number; unknown: number };
}

export interface RecordCounts {
  total: number;
  by_network: Tally;
  by_daemon: Tally;
  by_type: Tally;
  by_phase: Tally;
}

export interface DiscoveryCountsView {
  readonly jobs: JobCounts;
  readonly run_records: RecordCounts;
  readonly place: Place;
  /** "tag core, run_type Scheduled", when filters were given. */
  readonly described?: string;
  /** Filters applied by the service and by this server. */
  readonly service: readonly string[];
  readonly server: readonly string[];
  /** How the counts were made: "the service's group counts" or "reading 137 items". */
  readonly countedBy: string;
  /** Set when the reading stopped before the end: the counts cover only what was read. */
  readonly incomplete?: string;
  /** Before 0.16.2 a job's outcome lives only in its run records. */
  readonly outcomesInRecordsOnly: boolean;
  readonly notes: readonly string[];
}

/** Entries shown per tally, at most: the rest are summed as "others" so both channels stay small. */
const MAX_ENTRIES = 8;

export function cappedTally(tally: Tally): Tally {
  const entries = Object.entries(tally).sort((a, b) => b[1] - a[1]);
  if (entries.length <= MAX_ENTRIES) return Object.fromEntries(entries);
  const shown = entries.slice(0, MAX_ENTRIES - 1);
  const others = entries.slice(MAX_ENTRIES - 1).reduce((sum, [, n]) => sum + n, 0);
  return Object.fromEntries([...shown, [`${entries.length - shown.length} others`, others]]);
}

/** A variant (Network, Failed, …) stands bare; a name, or anything odd the service sent, is quoted. */
const VARIANT = /^[A-Za-z]\w{0,40}$/;

/** "\"Office\" 3, \"Lab\" 2": service names quoted, the "N others" entry this server adds left bare. */
function line(tally: Tally, names = false): string {
  const entries = Object.entries(cappedTally(tally));
  const cut = Object.keys(tally).length > MAX_ENTRIES;
  const label = (name: string, i: number) => {
    if (cut && i === entries.length - 1) return name;
    return names || !VARIANT.test(name) ? quote(name) : name;
  };
  return entries.map(([name, n], i) => `${label(name, i)} ${n}`).join(', ') || 'none';
}

function headOf(view: DiscoveryCountsView): string {
  const filters = view.described ? ` matching ${view.described}` : '';
  const { jobs, run_records: records } = view;
  return `Discovery counts${filters}: ${jobs.total + records.total} (${plural(jobs.total, 'job')}, ${plural(records.total, 'run record')})`;
}

export function countsStructured(view: DiscoveryCountsView) {
  const cap = <T extends { by_network: Tally; by_daemon: Tally; by_type: Tally }>(c: T): T => ({
    ...c,
    by_network: cappedTally(c.by_network),
    by_daemon: cappedTally(c.by_daemon),
    by_type: cappedTally(c.by_type),
  });
  const notes = [...(view.incomplete ? [view.incomplete] : []), ...view.notes];
  return {
    summary: `${headOf(view)}.`,
    groups: [],
    counts: {
      jobs: cap(view.jobs),
      run_records: { ...cap(view.run_records), by_phase: cappedTally(view.run_records.by_phase) },
      counted_by: view.countedBy,
      ...(view.outcomesInRecordsOnly ? { outcomes: 'run records only' } : {}),
    },
    ...(view.described
      ? { filters: { service: [...view.service], server: [...view.server] } }
      : {}),
    pagination: {
      total_count: view.jobs.total + view.run_records.total,
      limit: 0,
      offset: 0,
      has_more: false,
    },
    ...(notes.length > 0 ? { warnings: notes } : {}),
  };
}

export function countsText(view: DiscoveryCountsView): string {
  const { jobs, run_records: records } = view;
  const place = view.place === 'site' ? 'site' : 'network';
  const lines = [`# ${headOf(view)}`];
  if (view.described) {
    const by = [
      view.service.length > 0 ? `service: ${view.service.join(', ')}` : undefined,
      `this server: ${view.server.join(', ')}`,
    ].filter((part) => part !== undefined);
    lines.push(`Filters applied by ${by.join('; ')}.`);
  }
  const lastRun = jobs.last_run;
  const unknown = lastRun.unknown > 0 ? `, ${lastRun.unknown} not known` : '';
  lines.push(
    `Jobs by ${place}: ${line(jobs.by_network, true)}`,
    `Jobs by daemon: ${line(jobs.by_daemon, true)}`,
    `Jobs by type: ${line(jobs.by_type)}`,
    `Jobs by run type: ${line(jobs.by_run_type)}`,
    `Scheduled jobs: ${jobs.scheduled.enabled} enabled, ${jobs.scheduled.disabled} disabled`,
    `Jobs' last run: ${lastRun.failed} failed, ${lastRun.succeeded} succeeded, ${lastRun.never} never run${unknown}`,
    `Run records (Historical: past runs, not jobs) by ${place}: ${line(records.by_network, true)}`,
    `Run records by daemon: ${line(records.by_daemon, true)}`,
    `Run records by type: ${line(records.by_type)}`,
    `Run records by outcome: ${line(records.by_phase)}`,
  );
  if (view.outcomesInRecordsOnly) {
    lines.push(
      'On this Scanopy version a job does not name its runs: outcomes live only in run records.',
    );
  }
  lines.push(`Counted by ${view.countedBy}.`);
  if (view.incomplete) lines.push(view.incomplete);
  lines.push(...view.notes);
  return lines.join('\n');
}
