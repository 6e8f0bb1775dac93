// A job's last outcome from its newest finished run record (0.16.2+: results.discovery_id names the job).
import type { DiscoveryQuery } from '../api/families/discovery-filter.js';
import type { LastOutcome, LeanDiscovery } from '../views/discovery-format.js';
import type { ToolContext } from './define-tool.js';
import { FINISHED_PHASES } from './discovery-filters.js';
import { readPages } from './discovery-pages.js';

/** Run records read to link outcomes, at most: 25 pages of 1,000. */
export const MAX_OUTCOME_PAGES = 25;

type Context = Pick<ToolContext, 'api' | 'signal'>;
type Scope = Pick<DiscoveryQuery, 'network_id' | 'daemon_id'>;

/** Sets `last_outcome` on the jobs among some items; reads the run records once, on first need. */
export type OutcomeLinker = (items: LeanDiscovery[]) => Promise<void>;

const finished = new Set<string>(FINISHED_PHASES);
const isJob = (item: LeanDiscovery) => item.run_type.type !== 'Historical';

/**
 * undefined before 0.16.2, where a run record does not name its job. On 0.17.22 only run records
 * are asked for (historical=true); older versions page the whole listing and keep them.
 */
export async function outcomeLinker(
  scope: Scope,
  context: Context,
): Promise<OutcomeLinker | undefined> {
  const profile = await context.api.service(context.signal);
  if (!profile.runRecordsNameJobs) return undefined;
  let index: Promise<Map<string, LastOutcome & { at: string }>> | undefined;
  const build = async () => {
    const newest = new Map<string, LastOutcome & { at: string }>();
    const query = profile.discoveryFilters ? { ...scope, historical: true } : scope;
    await readPages(
      query,
      context,
      (items) => {
        for (const item of items) {
          const run = item.run_type;
          const job = run.discovery_id;
          if (!job || !run.phase || !finished.has(run.phase)) continue;
          const at = run.finished_at ?? '';
          const known = newest.get(job);
          if (known && known.at >= at) continue;
          newest.set(job, {
            phase: run.phase,
            ...(run.error ? { error: run.error } : {}),
            ...(run.finished_at ? { finished_at: run.finished_at } : {}),
            record_id: item.id,
            at,
          });
        }
        return undefined;
      },
      MAX_OUTCOME_PAGES,
    );
    return newest;
  };
  return async (items) => {
    // A job that never ran has no record to find: no reason to read them.
    if (!items.some((item) => isJob(item) && item.run_type.last_run)) return;
    index ??= build();
    const newest = await index;
    for (const item of items) {
      const found = isJob(item) ? newest.get(item.id) : undefined;
      if (found) {
        const { at: _at, ...outcome } = found;
        item.last_outcome = outcome;
      }
    }
  };
}
