// list_discoveries with counts_only: every network (site) and daemon with jobs, run records and their total, zeros included; no items.
import { quote } from '../../safety/quote.js';
import { plural } from '../common/format.js';
import { type CountRow, rowsLine, rowsStructured } from './count-lines.js';
import type { Place } from './discovery-format.js';
import { disabledLine } from './filter-report.js';

/** Counts by a variant the service names (type, phase). */
export type Tally = Map<string, number>;

/** The columns of a network's or daemon's row: its total is their sum. */
export const PLACE_COLUMNS = ['jobs', 'run_records'] as const;
export type PlaceColumn = (typeof PLACE_COLUMNS)[number];

export interface JobCounts {
  total: number;
  by_type: Tally;
  by_run_type: Tally;
  scheduled: { enabled: number; disabled: number };
  /** A job's latest outcome: from its newest run record (0.16.2+), `never` when it has not run. */
  last_run: { failed: number; succeeded: number; never: number; unknown: number };
}

export interface RecordCounts {
  total: number;
  by_type: Tally;
  by_phase: Tally;
}

export interface DiscoveryCountsView {
  readonly jobs: JobCounts;
  readonly run_records: RecordCounts;
  /** Every network (site) the key can see, zeros included, largest first. */
  readonly networks: readonly CountRow<PlaceColumn>[];
  readonly daemons: readonly CountRow<PlaceColumn>[];
  readonly place: Place;
  /** "tag core, run_type Scheduled", when filters (or a scope) were given. */
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
  /** With next_run: disabled jobs whose schedule has a run in the window (not counted). */
  readonly disabledInWindow?: number;
  readonly notes: readonly string[];
}

/** Variants sorted by count; Object.fromEntries makes own keys, so `__proto__` stays a key. */
const tallyObject = (tally: Tally) => Object.fromEntries([...tally].sort((a, b) => b[1] - a[1]));

/** A variant (Network, Failed, …) stands bare; anything odd the service sent is quoted. */
const VARIANT = /^[A-Za-z]\w{0,40}$/;

function line(tally: Tally): string {
  const entries = [...tally].sort((a, b) => b[1] - a[1]);
  return (
    entries.map(([name, n]) => `${VARIANT.test(name) ? name : quote(name)} ${n}`).join(', ') ||
    'none'
  );
}

function headOf(view: DiscoveryCountsView): string {
  const filters = view.described ? ` matching ${view.described}` : '';
  const { jobs, run_records: records } = view;
  return `Discovery counts${filters}: ${jobs.total + records.total} (${plural(jobs.total, 'job')}, ${plural(records.total, 'run record')})`;
}

/**
 * Where jobs name no runs (before 0.16.2) a job that ran has no known outcome: one number, said as
 * what it is, not failed 0 / succeeded 0 / unknown N beside the dates the list shows.
 */
function lastRunStructured(view: DiscoveryCountsView) {
  const { failed, succeeded, never, unknown } = view.jobs.last_run;
  return view.outcomesInRecordsOnly
    ? { never, outcome_not_known: unknown }
    : { failed, succeeded, never, unknown };
}

function lastRunLine(view: DiscoveryCountsView): string {
  const { failed, succeeded, never, unknown } = view.jobs.last_run;
  if (view.outcomesInRecordsOnly) {
    return `Jobs' latest outcome (last_run): ${never} never run; for the ${unknown} that ran, the outcome is not known on this Scanopy version (it links no run record to its job; when they ran is in last_run, how is in the run records)`;
  }
  return `Jobs' latest outcome (last_run): ${failed} failed, ${succeeded} succeeded, ${never} never run, ${unknown} not known (ran; no finished run record names the job: the record is no longer kept, or the run has not ended)`;
}

/** next_run counts jobs that will run: the disabled ones with a schedule in the window, said apart. */
const disabledSentence = (view: DiscoveryCountsView) =>
  view.disabledInWindow ? disabledLine({ disabledInWindow: view.disabledInWindow }) : undefined;

export function countsStructured(view: DiscoveryCountsView) {
  const notes = [...(view.incomplete ? [view.incomplete] : []), ...view.notes];
  const places = rowsStructured(view.networks, PLACE_COLUMNS);
  const daemons = rowsStructured(view.daemons, PLACE_COLUMNS);
  return {
    summary: [`${headOf(view)}.`, disabledSentence(view)].filter(Boolean).join(' '),
    groups: [],
    counts: {
      // One row per network (site): {id, name, jobs, run_records, total}; "others" past 50.
      [view.place === 'site' ? 'sites' : 'networks']: places.rows,
      ...(places.others
        ? { [view.place === 'site' ? 'other_sites' : 'other_networks']: places.others }
        : {}),
      daemons: daemons.rows,
      ...(daemons.others ? { other_daemons: daemons.others } : {}),
      jobs: {
        ...view.jobs,
        by_type: tallyObject(view.jobs.by_type),
        by_run_type: tallyObject(view.jobs.by_run_type),
        last_run: lastRunStructured(view),
      },
      run_records: {
        total: view.run_records.total,
        by_type: tallyObject(view.run_records.by_type),
        by_phase: tallyObject(view.run_records.by_phase),
      },
      counted_by: view.countedBy,
      ...(view.outcomesInRecordsOnly ? { outcomes: 'run records only' } : {}),
    },
    ...(view.server.length > 0
      ? {
          filters: {
            service: [...view.service],
            server: [...view.server],
            ...(view.disabledInWindow === undefined
              ? {}
              : { disabled_in_window: view.disabledInWindow }),
          },
        }
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
  const places = view.place === 'site' ? 'Sites' : 'Networks';
  const lines = [`# ${headOf(view)}`];
  // Only filters name who applied them; a scope alone (network, daemon) has nothing to say here.
  if (view.server.length > 0) {
    const by = [
      view.service.length > 0 ? `service: ${view.service.join(', ')}` : undefined,
      `this server: ${view.server.join(', ')}`,
    ].filter((part) => part !== undefined);
    lines.push(`Filters applied by ${by.join('; ')}.`);
  }
  lines.push(
    `${places} (total = jobs + run records, every ${place} the key sees): ${rowsLine(view.networks, PLACE_COLUMNS, `(no ${place})`)}`,
    `Daemons (total = jobs + run records): ${rowsLine(view.daemons, PLACE_COLUMNS, '(no daemon)')}`,
    `Jobs by type: ${line(jobs.by_type)}`,
    `Jobs by run type: ${line(jobs.by_run_type)}`,
    `Scheduled jobs: ${jobs.scheduled.enabled} enabled, ${jobs.scheduled.disabled} disabled`,
    lastRunLine(view),
    `Run records (Historical: past runs, not jobs) by type: ${line(records.by_type)}`,
    `Run records by outcome: ${line(records.by_phase)}`,
  );
  if (view.outcomesInRecordsOnly) {
    lines.push(
      'On this Scanopy version a job does not name its runs: outcomes live only in run records.',
    );
  }
  const disabled = disabledSentence(view);
  if (disabled) lines.push(disabled);
  lines.push(`Counted by ${view.countedBy}.`);
  if (view.incomplete) lines.push(view.incomplete);
  lines.push(...view.notes);
  return lines.join('\n');
}
