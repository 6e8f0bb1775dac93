// A job's last outcome from its newest finished run record (0.16.2+: results.discovery_id names the job), the index reused per caller.
import type { LastOutcome, LeanDiscovery } from '../../views/discoveries/discovery-format.js';
import type { ToolContext } from '../define-tool.js';
import { FINISHED_PHASES } from './discovery-filters.js';
import { readPages } from './discovery-pages.js';

/** Run records read to link outcomes, at most: 25 pages of 1,000. */
export const MAX_OUTCOME_PAGES = 25;

type Context = Pick<ToolContext, 'api' | 'signal' | 'names'>;

/** Sets `last_outcome` on the jobs among some items; reads the run records once, on first need. */
export type OutcomeLinker = (items: LeanDiscovery[]) => Promise<void>;

/** The newest finished record of each job, by id in lower case (a record may name it in capitals). */
export interface RunIndex {
  readonly newest: Map<string, LastOutcome & { at: string }>;
  /** Whether every run record was read (the page bound did not cut it). */
  complete: boolean;
}

const finished = new Set<string>(FINISHED_PHASES);
const isJob = (item: LeanDiscovery) => item.run_type.type !== 'Historical';

/** The key under which a caller's index is reused (name-directory.ts). */
export const RUN_INDEX_KEY = 'run-index';

export const createRunIndex = (): RunIndex => ({ newest: new Map(), complete: false });

/** Takes in the run records among some items: each job keeps its newest finished one. */
export function indexRecords(index: RunIndex, items: readonly LeanDiscovery[]): void {
  for (const item of items) {
    const run = item.run_type;
    const job = run.discovery_id?.toLowerCase();
    if (!job || !run.phase || !finished.has(run.phase)) continue;
    const at = run.finished_at ?? '';
    const known = index.newest.get(job);
    if (known && known.at >= at) continue;
    index.newest.set(job, {
      phase: run.phase,
      ...(run.error ? { error: run.error } : {}),
      ...(run.finished_at ? { finished_at: run.finished_at } : {}),
      record_id: item.id,
      at,
    });
  }
}

/** Sets each job's `last_outcome` from the index. */
export function applyIndex(index: RunIndex, items: readonly LeanDiscovery[]): void {
  for (const item of items) {
    const found = isJob(item) ? index.newest.get(item.id.toLowerCase()) : undefined;
    if (found) {
      const { at: _at, ...outcome } = found;
      item.last_outcome = outcome;
    }
  }
}

async function buildIndex(context: Context, historicalFilter: boolean): Promise<RunIndex> {
  const index = createRunIndex();
  // Every record, whatever the call's scope: a job shows the same outcome in every view.
  const reading = await readPages(
    historicalFilter ? { historical: true } : {},
    context,
    (items) => {
      indexRecords(index, items);
      return undefined;
    },
    MAX_OUTCOME_PAGES,
  );
  index.complete = reading.complete;
  return index;
}

/** A shown job that ran after the index was built has a record the index lacks: build it again. */
const ranSince = (items: readonly LeanDiscovery[]) => (_index: RunIndex, builtAt: number) =>
  items.some((item) => {
    const ran = item.run_type.last_run ? Date.parse(item.run_type.last_run) : Number.NaN;
    return isJob(item) && ran > builtAt;
  });

/**
 * Links nothing before 0.16.2, where a run record does not name its job. The version is asked only
 * when a page holds a job (after the listing, whose answer names the version): a call that fails
 * before it sends nothing more. The index covers every run record (on 0.17.22 only they are read,
 * historical=true) and is reused by the caller's next calls for a minute (name-directory.ts).
 */
export function outcomeLinker(context: Context): OutcomeLinker {
  return async (items) => {
    if (!items.some(isJob)) return;
    const profile = await context.api.service(context.signal);
    if (!profile.runRecordsNameJobs) return;
    const index = await context.names.reuse(
      RUN_INDEX_KEY,
      () => buildIndex(context, profile.discoveryFilters),
      ranSince(items),
    );
    applyIndex(index, items);
  };
}
