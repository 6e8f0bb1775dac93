// When list_changes counts from: `since` (a date, a date-time or a duration back from now) or `run` (a discovery's latest run record against the one before it).
import type { Named } from '../../api/client.js';
import type { Discovery } from '../../api/schemas.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { serviceText } from '../../safety/sanitize.js';
import { durationOf } from '../../views/common/time-window.js';
import { instantOf } from '../common/date-argument.js';
import { resolveAmong } from '../hosts/host-filter-arguments.js';

export interface ComparedRun {
  readonly id: string;
  readonly name: string;
  readonly latest: { readonly id: string; readonly started_at: string };
  readonly previous?: { readonly id: string; readonly started_at: string };
}

/** Changes are counted from `from`; a `run` question also bounds "gone" by the run before. */
export interface ChangeWindow {
  readonly from: number;
  /** Gone hosts (and closed rows) must have been seen at or after this: by the run before. */
  readonly seenFrom?: number | undefined;
  readonly run?: ComparedRun | undefined;
  /** The run's network: the scope when no other network is given. */
  readonly networkId?: string | undefined;
}

/** `since` as an instant: an ISO 8601 date (its start, UTC), a date-time, or a duration back from now. */
export function sinceOf(text: string, now: number): number {
  const trimmed = text.trim();
  const duration = /^P/i.test(trimmed) ? durationOf(trimmed) : undefined;
  if (duration !== undefined) return now - duration;
  if (/^P/i.test(trimmed)) {
    throw new ToolMessageError(
      `since "${serviceText(text, 40)}" is not a duration this server reads: weeks, days, hours, minutes (P7D, PT6H, P2W, P1DT12H), back from now; or give a date (2026-11-20) or date-time. Nothing was listed.`,
    );
  }
  return instantOf('since', trimmed);
}

const resultsOf = (d: Discovery) =>
  ((d.run_type as Record<string, unknown>)['results'] ?? {}) as Record<string, unknown>;
const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const startedOf = (d: Discovery) => textOf(resultsOf(d)['started_at']);
const isRecord = (d: Discovery) => d.run_type.type === 'Historical';

/** The discovery `run` names: an id as given, else a name among the discoveries listed. */
function discoveryNamed(
  text: string,
  byId: ReadonlyMap<string, Discovery>,
  names: readonly Named[],
): Discovery {
  const id = resolveAmong(names, 'run', text, { one: 'discovery', many: 'discoveries' });
  const found = byId.get(id);
  if (!found) {
    throw new ToolMessageError(
      `run ${quote(text, 100)} is no discovery or run record this key sees: find one with list_discoveries. Nothing was listed.`,
    );
  }
  return found;
}

/**
 * The latest run record of the discovery `run` names (a job, or one of its records) and the one
 * before it. Changes count from the latest run's start; gone hosts are those the run before saw
 * and the latest did not, matched by time on the run's network.
 */
export function runWindow(
  text: string,
  discoveries: ReadonlyMap<string, Discovery> | undefined,
  names: readonly Named[] | undefined,
): ChangeWindow {
  if (!discoveries || !names) {
    throw new ToolMessageError(
      'run needs the discoveries, which could not be listed: pass since (a date or P7D) instead. Nothing was listed.',
    );
  }
  const named = discoveryNamed(text, discoveries, names);
  const job = isRecord(named) ? textOf(resultsOf(named)['discovery_id']) : named.id;
  const records = [...discoveries.values()]
    .filter((d) => isRecord(d) && startedOf(d) !== undefined)
    .filter((d) => d.id === named.id || (job !== undefined && resultsOf(d)['discovery_id'] === job))
    .sort((a, b) => Date.parse(startedOf(b) ?? '') - Date.parse(startedOf(a) ?? ''));
  const [latest, previous] = records;
  const latestAt = latest ? startedOf(latest) : undefined;
  if (!latest || latestAt === undefined) {
    throw new ToolMessageError(
      `run ${quote(serviceText(named.name, 100))} has no run record with a start time listed (before Scanopy 0.16.2 a run record does not name its discovery: pass the run record's own name or id, list_discoveries shows them), so there is nothing to compare. Or pass since (a date or P7D); nothing was listed.`,
    );
  }
  const previousAt = previous ? startedOf(previous) : undefined;
  const owner = (job !== undefined ? discoveries.get(job) : undefined) ?? named;
  return {
    from: Date.parse(latestAt),
    ...(previousAt ? { seenFrom: Date.parse(previousAt) } : {}),
    networkId: latest.network_id ?? owner.network_id,
    run: {
      id: owner.id,
      name: serviceText(owner.name, 100),
      latest: { id: latest.id, started_at: latestAt },
      ...(previous && previousAt ? { previous: { id: previous.id, started_at: previousAt } } : {}),
    },
  };
}
