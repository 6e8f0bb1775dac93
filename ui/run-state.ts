// How the view reads a discovery's run: its state word, its schedule, and its last run with the reason it failed.
import { zonedTime } from './time.js';
import type { DiscoveryItem } from './tool-result.js';

/** Every state the view shows, in the order the state filter lists them. */
export const STATES = [
  'failed',
  'running',
  'queued',
  'cancelled',
  'disabled',
  'never run',
  'unknown',
  'ok',
] as const;
export type DiscoveryState = (typeof STATES)[number];

/** Scanopy's DiscoveryPhase values (0.14-0.17) that mean a run has not ended yet. */
const QUEUED = new Set(['Pending', 'Queued']);
const RUNNING = new Set(['Starting', 'Started', 'Scanning', 'AwaitingSnapshot']);

/** The phase that speaks for the item: a run record's own, else its job's last run's. */
export const phaseOf = (item: DiscoveryItem): string | undefined =>
  item.run_type.type === 'Historical' ? item.run_type.phase : item.last_outcome?.phase;

/**
 * The same reading as the server's summary (views/discoveries/discovery-format.ts) with the runs that have not
 * ended told apart: a queued or running record is not "ok", nor is any run whose outcome is not known.
 */
export function stateOf(item: DiscoveryItem): DiscoveryState {
  const run = item.run_type;
  const phase = phaseOf(item);
  if (phase === 'Failed' || item.state === 'failed' || item.last_run_failed === true) {
    return 'failed';
  }
  if (run.enabled === false) return 'disabled';
  if (phase !== undefined && QUEUED.has(phase)) return 'queued';
  if (phase !== undefined && RUNNING.has(phase)) return 'running';
  if (phase === 'Cancelled') return 'cancelled';
  if ((run.type === 'Scheduled' || run.type === 'AdHoc') && !run.last_run && !item.last_outcome) {
    return 'never run';
  }
  // Only a run that says it completed is "ok": a job that ran but whose outcome this Scanopy does
  // not link (0.14), or a phase the view does not know, is "unknown", never "ok".
  return phase === 'Complete' ? 'ok' : 'unknown';
}

/** "AwaitingSnapshot" -> "awaiting snapshot". */
const words = (phase: string) => phase.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();

/**
 * The schedule column: the server's words for a cron (zone included, from the result's `_meta`),
 * else the cron with its zone, or what kind of run it is.
 */
export function scheduleText(item: DiscoveryItem): string {
  const run = item.run_type;
  if (run.schedule) return run.schedule;
  if (run.cron_schedule) return `${run.cron_schedule} ${run.timezone ?? 'UTC'}`;
  if (run.type === 'AdHoc') return 'ad hoc';
  if (run.type === 'Historical') {
    const progress = run.progress === undefined ? '' : ` ${run.progress}%`;
    return `run record${run.phase ? `: ${words(run.phase)}${progress}` : ''}`;
  }
  return run.type;
}

/** When it last ran (a job's last start, else when its last run ended), with its zone. */
export const lastRunText = (item: DiscoveryItem): string =>
  zonedTime(item.run_type.last_run ?? item.run_type.finished_at ?? item.last_outcome?.finished_at);

/** Why its last run ended as it did, when the service said: "Last run failed: daemon lost connection". */
export function reasonText(item: DiscoveryItem): string | undefined {
  const reason = item.run_type.error ?? item.last_outcome?.error;
  const phase = phaseOf(item);
  // A run record is the run itself; a job's outcome is its last run's.
  const run = item.run_type.type === 'Historical' ? 'Run' : 'Last run';
  if (reason === undefined)
    return phase === 'Failed' ? `${run} failed; no reason given.` : undefined;
  return `${run} ${phase === undefined ? 'ended' : words(phase)}: ${reason}`;
}
